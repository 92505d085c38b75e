/// The EXIF Orientation of a JPEG, TIFF or WebP file, read from its header
/// without decoding the picture: JPEG's APP1 "Exif" segment, a TIFF file's
/// own first IFD, WebP's EXIF chunk — each a TIFF block whose IFD0 holds tag
/// 0x0112. Big- and little-endian blocks both read.
///
/// Every read is bounds-checked: truncated or malformed data gives `.up`
/// (what a viewer shows for a file without the tag), never a crash.
enum ExifOrientation {
    /// The TIFF tag of the orientation.
    static let tag = 0x0112
    /// Segments or chunks walked before giving up (a real file has a handful).
    static let maxBlocks = 1024
    /// IFD entries read at most (IFD0 of a camera file has a few dozen).
    static let maxEntries = 512

    /// The orientation in the TIFF block `tiff` ("II*\0" or "MM\0*" first).
    static func fromTIFF(_ tiff: some ByteSource) -> PhotoOrientation? {
        let header = tiff.bytes(at: 0, count: 8)
        guard header.count == 8 else { return nil }
        let bigEndian: Bool
        switch (header[0], header[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        guard let magic = Bytes.u16(header, 2, bigEndian: bigEndian), magic == 42,
              let ifd = Bytes.u32(header, 4, bigEndian: bigEndian) else { return nil }
        let countBytes = tiff.bytes(at: ifd, count: 2)
        guard let count = Bytes.u16(countBytes, 0, bigEndian: bigEndian) else { return nil }
        let entries = tiff.bytes(at: ifd + 2, count: min(count, maxEntries) * 12)
        for start in stride(from: 0, to: entries.count - 11, by: 12) {
            guard Bytes.u16(entries, start, bigEndian: bigEndian) == tag,
                  let type = Bytes.u16(entries, start + 2, bigEndian: bigEndian) else { continue }
            // SHORT as the standard says; LONG from a few careless writers.
            let value = type == 4 ? Bytes.u32(entries, start + 8, bigEndian: bigEndian)
                                  : Bytes.u16(entries, start + 8, bigEndian: bigEndian)
            return PhotoOrientation(tag: value ?? 1)
        }
        return nil
    }

    /// A JPEG's orientation: the first APP1 "Exif" segment before the
    /// picture data (SOS) that holds the tag.
    static func fromJPEG(_ file: some ByteSource) -> PhotoOrientation? {
        var offset = 2  // after SOI (FF D8)
        for _ in 0..<maxBlocks {
            let head = file.bytes(at: offset, count: 4)
            guard head.count == 4, head[0] == 0xFF else { return nil }
            let marker = head[1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            // Start of scan, end of image: the header is over.
            if marker == 0xDA || marker == 0xD9 { return nil }
            guard let length = Bytes.u16(head, 2, bigEndian: true), length >= 2 else { return nil }
            if marker == 0xE1, length > 8 {
                let payload = OffsetBytes(source: file, base: offset + 4)
                if payload.bytes(at: 0, count: 6) == Array("Exif\0\0".utf8),
                   let found = fromTIFF(OffsetBytes(source: payload, base: 6)) {
                    return found
                }
            }
            offset += 2 + length
        }
        return nil
    }

    /// A WebP file's orientation: its EXIF chunk (after the picture in most
    /// files), walked to by chunk headers only.
    static func fromWebP(_ file: some ByteSource) -> PhotoOrientation? {
        let riff = file.bytes(at: 0, count: 12)
        guard riff.count == 12, let riffSize = Bytes.u32(riff, 4, bigEndian: false) else { return nil }
        let end = 8 + riffSize
        var offset = 12
        for _ in 0..<maxBlocks where offset + 8 <= end {
            let head = file.bytes(at: offset, count: 8)
            guard head.count == 8, let size = Bytes.u32(head, 4, bigEndian: false) else { return nil }
            if head[0..<4] == ArraySlice("EXIF".utf8) {
                var tiff = OffsetBytes(source: file, base: offset + 8)
                // Some writers keep JPEG's "Exif\0\0" prefix.
                if tiff.bytes(at: 0, count: 6) == Array("Exif\0\0".utf8) { tiff = OffsetBytes(source: file, base: offset + 14) }
                return fromTIFF(tiff)
            }
            offset += 8 + size + (size & 1)
        }
        return nil
    }
}

/// Bounds-checked reads of unsigned integers from a byte array.
enum Bytes {
    static func u16(_ bytes: [UInt8], _ at: Int, bigEndian: Bool) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        let (a, b) = (Int(bytes[at]), Int(bytes[at + 1]))
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    static func u32(_ bytes: [UInt8], _ at: Int, bigEndian: Bool) -> Int? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        let value = (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + (bigEndian ? $1 : 3 - $1)]) }
        return value
    }

    /// A big-endian 64-bit size, nil when it does not fit an `Int`.
    static func u64(_ bytes: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at + 8 <= bytes.count else { return nil }
        let value = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[at + $1]) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
