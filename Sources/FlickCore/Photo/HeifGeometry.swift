/// The size a HEIF or AVIF file's primary picture is shown at, read from its
/// ISOBMFF boxes without decoding: `meta` → `pitm` (the primary item), then
/// `iprp` → `ipco` (properties) and `ipma` (which item has which), and the
/// primary's `ispe` (stored size), `clap` (crop) and `irot` (quarter turns)
/// applied in their association order — as libheif applies them when it
/// decodes. (`imir` mirrors, which keeps the size.)
///
/// Needed because gdk-pixbuf's HEIF loader learns the size only by decoding
/// the whole picture (1.6 s for a 12-megapixel photo). Malformed or
/// truncated boxes give nil, never a crash.
enum HeifGeometry {
    /// Top-level boxes walked before giving up.
    static let maxBoxes = 64
    /// The largest `meta` box read (an iPhone's is a few kilobytes).
    static let maxMetaBytes = 4 << 20

    static func displayedSize(_ file: some ByteSource) -> (width: Int, height: Int)? {
        guard let meta = metaBox(file) else { return nil }
        // `meta` is a FullBox: version and flags first.
        let children = boxes(in: meta, from: 4, to: meta.count)
        guard let pitm = children.first(where: { $0.type == "pitm" }),
              let primary = itemID(meta, at: pitm.start + 4, wide: meta.count > pitm.start && meta[pitm.start] != 0),
              let iprp = children.first(where: { $0.type == "iprp" }) else { return nil }
        let parts = boxes(in: meta, from: iprp.start, to: iprp.end)
        guard let ipco = parts.first(where: { $0.type == "ipco" }) else { return nil }
        let properties = boxes(in: meta, from: ipco.start, to: ipco.end)
        let indexes = parts.filter { $0.type == "ipma" }.flatMap { associations(meta, $0, item: primary) }
        var size: (width: Int, height: Int)?
        for index in indexes where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            switch property.type {
            case "ispe":
                guard let width = Bytes.u32(meta, property.start + 4, bigEndian: true),
                      let height = Bytes.u32(meta, property.start + 8, bigEndian: true) else { return nil }
                size = (width, height)
            case "clap" where size != nil:
                guard let width = fraction(meta, at: property.start), let height = fraction(meta, at: property.start + 8) else { return nil }
                size = (width, height)
            case "irot":
                guard property.start < property.end, let turned = size else { break }
                if meta[property.start] & 1 == 1 { size = (turned.height, turned.width) }
            default:
                break
            }
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// The `meta` box's payload from among the file's top-level boxes.
    static func metaBox(_ file: some ByteSource) -> [UInt8]? {
        var offset = 0
        for _ in 0..<maxBoxes {
            let head = file.bytes(at: offset, count: 16)
            guard let box = header(head, at: 0, limit: Int.max - offset) else { return nil }
            if box.type == "meta" {
                let length = box.size == 0 ? maxMetaBytes : box.size - box.headerSize
                guard length <= maxMetaBytes else { return nil }
                return file.bytes(at: offset + box.headerSize, count: length)
            }
            guard box.size > 0 else { return nil }
            offset += box.size
        }
        return nil
    }

    /// A box header at `at`: its four-letter type, its whole size (0: to
    /// the end) and its header's size; nil when it does not fit `limit`.
    private static func header(_ bytes: [UInt8], at: Int, limit: Int) -> (type: String, size: Int, headerSize: Int)? {
        guard let size32 = Bytes.u32(bytes, at, bigEndian: true), at + 8 <= bytes.count else { return nil }
        let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
        switch size32 {
        case 0: return (type, 0, 8)
        case 1:
            guard let size = Bytes.u64(bytes, at + 8), size >= 16, size <= limit else { return nil }
            return (type, size, 16)
        default:
            guard size32 >= 8, size32 <= limit else { return nil }
            return (type, size32, 8)
        }
    }

    /// The child boxes of `bytes[from..<to]`: type and payload range.
    static func boxes(in bytes: [UInt8], from: Int, to: Int) -> [(type: String, start: Int, end: Int)] {
        var found: [(type: String, start: Int, end: Int)] = []
        var offset = from
        let end = min(to, bytes.count)
        while offset + 8 <= end, found.count < 4096, let box = header(bytes, at: offset, limit: end - offset) {
            let size = box.size == 0 ? end - offset : box.size
            guard size >= box.headerSize else { break }
            found.append((box.type, offset + box.headerSize, offset + size))
            offset += size
        }
        return found
    }

    static func itemID(_ bytes: [UInt8], at: Int, wide: Bool) -> Int? {
        wide ? Bytes.u32(bytes, at, bigEndian: true) : Bytes.u16(bytes, at, bigEndian: true)
    }

    /// The property indexes (1-based, in order) `ipma` gives `item`.
    private static func associations(_ bytes: [UInt8], _ ipma: (type: String, start: Int, end: Int), item: Int) -> [Int] {
        let end = min(ipma.end, bytes.count)
        guard ipma.start + 8 <= end, let count = Bytes.u32(bytes, ipma.start + 4, bigEndian: true) else { return [] }
        let version = bytes[ipma.start], wideIndex = bytes[ipma.start + 3] & 1 == 1
        var offset = ipma.start + 8
        for _ in 0..<min(count, 1 << 16) {
            guard let id = itemID(bytes, at: offset, wide: version >= 1) else { return [] }
            offset += version >= 1 ? 4 : 2
            guard offset < end else { return [] }
            let associationCount = Int(bytes[offset])
            offset += 1
            var indexes: [Int] = []
            for _ in 0..<associationCount {
                if wideIndex {
                    guard let value = Bytes.u16(bytes, offset, bigEndian: true), offset + 2 <= end else { return [] }
                    indexes.append(value & 0x7FFF)
                    offset += 2
                } else {
                    guard offset < end else { return [] }
                    indexes.append(Int(bytes[offset] & 0x7F))
                    offset += 1
                }
            }
            if id == item { return indexes }
        }
        return []
    }

    /// A `clap` fraction (numerator, denominator) rounded as libheif does.
    private static func fraction(_ bytes: [UInt8], at: Int) -> Int? {
        guard let numerator = Bytes.u32(bytes, at, bigEndian: true), let denominator = Bytes.u32(bytes, at + 4, bigEndian: true),
              denominator > 0 else { return nil }
        let value = (numerator + denominator / 2) / denominator
        return value > 0 ? value : nil
    }
}
