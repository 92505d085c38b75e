/// The EXIF (TIFF) block of a HEIF or AVIF file, read from its ISOBMFF
/// boxes without decoding: `meta` → `iinf` names the item of type "Exif",
/// `iloc` says where its bytes are (in the file, or in `meta`'s own
/// `idat`). The item starts with a 32-bit offset to the TIFF header
/// (libheif and iPhones write 6, skipping JPEG's "Exif\0\0"). Malformed
/// or truncated boxes give nil, never a crash.
enum HeifExif {
    /// What `read` finds in the file's EXIF item; nil when there is none.
    static func inHEIF<Found>(_ file: some ByteSource, _ read: (any ByteSource) -> Found?) -> Found? {
        guard let meta = HeifGeometry.metaBox(file) else { return nil }
        // `meta` is a FullBox: version and flags first.
        let children = HeifGeometry.boxes(in: meta, from: 4, to: meta.count)
        guard let iinf = children.first(where: { $0.type == "iinf" }), let iloc = children.first(where: { $0.type == "iloc" }),
              let item = exifItem(meta, iinf), let place = location(meta, iloc, item: item) else { return nil }
        switch place {
        case .file(let offset):
            return tiff(in: OffsetBytes(source: file, base: offset), read)
        case .idat(let offset):
            guard let idat = children.first(where: { $0.type == "idat" }), offset < idat.end - idat.start else { return nil }
            return tiff(in: Array(meta[(idat.start + offset)..<idat.end]), read)
        }
    }

    /// What `read` finds in an Exif item: its TIFF block after the offset it starts with.
    private static func tiff<Found>(in item: some ByteSource, _ read: (any ByteSource) -> Found?) -> Found? {
        guard let skip = Bytes.u32(item.bytes(at: 0, count: 4), 0, bigEndian: true), skip <= maxTiffOffset else { return nil }
        return read(OffsetBytes(source: item, base: 4 + skip))
    }

    /// The largest offset to the TIFF header believed (a prefix longer
    /// than this is a damaged item, not EXIF).
    static let maxTiffOffset = 1 << 16

    /// Where an item's first extent is.
    enum Place {
        case file(Int)
        case idat(Int)
    }

    /// The id of the first `infe` entry of type "Exif" (item info entries
    /// of version 2 and 3; older ones name no type).
    static func exifItem(_ meta: [UInt8], _ iinf: (type: String, start: Int, end: Int)) -> Int? {
        guard iinf.start < iinf.end, iinf.end <= meta.count else { return nil }
        let countBytes = meta[iinf.start] == 0 ? 2 : 4
        let entries = HeifGeometry.boxes(in: meta, from: iinf.start + 4 + countBytes, to: iinf.end)
        for infe in entries where infe.type == "infe" && infe.start + 4 <= infe.end {
            let version = meta[infe.start]
            guard version >= 2 else { continue }
            let wide = version >= 3
            let typeAt = infe.start + 4 + (wide ? 4 : 2) + 2
            guard typeAt + 4 <= infe.end, let id = HeifGeometry.itemID(meta, at: infe.start + 4, wide: wide) else { continue }
            if meta[typeAt..<typeAt + 4].elementsEqual("Exif".utf8) { return id }
        }
        return nil
    }

    /// Where `iloc` puts `item`'s first extent: construction method 0 (an
    /// offset in the file) or 1 (in `idat`); nil for other methods.
    static func location(_ meta: [UInt8], _ iloc: (type: String, start: Int, end: Int), item: Int) -> Place? {
        let end = min(iloc.end, meta.count)
        guard iloc.start + 8 <= end else { return nil }
        let version = meta[iloc.start]
        let offsetSize = Int(meta[iloc.start + 4] >> 4), lengthSize = Int(meta[iloc.start + 4] & 0xF)
        let baseSize = Int(meta[iloc.start + 5] >> 4), indexSize = version >= 1 ? Int(meta[iloc.start + 5] & 0xF) : 0
        var at = iloc.start + 6
        func number(_ size: Int) -> Int? {
            defer { at += size }
            guard at + size <= end else { return nil }
            switch size {
            case 0: return 0
            case 2: return Bytes.u16(meta, at, bigEndian: true)
            case 4: return Bytes.u32(meta, at, bigEndian: true)
            case 8: return Bytes.u64(meta, at)
            default: return nil
            }
        }
        guard let count = number(version < 2 ? 2 : 4) else { return nil }
        for _ in 0..<min(count, maxItems) {
            guard let id = number(version < 2 ? 2 : 4) else { return nil }
            var method = 0
            if version >= 1 {
                guard let value = number(2) else { return nil }
                method = value & 0xF
            }
            guard number(2) != nil, let base = number(baseSize), let extents = number(2) else { return nil }
            var first: Int?
            for _ in 0..<min(extents, maxItems) {
                guard number(indexSize) != nil, let offset = number(offsetSize), number(lengthSize) != nil else { return nil }
                let (sum, overflow) = base.addingReportingOverflow(offset)
                if first == nil, !overflow { first = sum }
            }
            guard id == item else { continue }
            guard let first else { return nil }
            switch method {
            case 0: return .file(first)
            case 1: return .idat(first)
            default: return nil
            }
        }
        return nil
    }

    /// Items and extents walked at most (a phone's HEIC has a few dozen).
    static let maxItems = 4096
}
