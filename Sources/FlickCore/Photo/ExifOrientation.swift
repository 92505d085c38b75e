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
        guard let (bigEndian, ifd) = ExifBlock.tiffStart(tiff) else { return nil }
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

    /// A JPEG's orientation (ExifBlock.inJPEG: the first APP1 "Exif"
    /// segment before the picture data that holds the tag).
    static func fromJPEG(_ file: some ByteSource) -> PhotoOrientation? {
        ExifBlock.inJPEG(file) { fromTIFF($0) }
    }

    /// A WebP file's orientation, from its EXIF chunk (ExifBlock.inWebP).
    static func fromWebP(_ file: some ByteSource) -> PhotoOrientation? {
        ExifBlock.inWebP(file) { fromTIFF($0) }
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
