/// The EXIF (TIFF) block inside a JPEG, WebP or PNG file, found by walking
/// segment or chunk headers with bounds-checked reads; what the caller
/// reads from it (an orientation, a capture time, a camera) is its own.
enum ExifBlock {
    /// What `read` finds in a JPEG's APP1 "Exif" segments, tried in turn
    /// up to the picture data (SOS); nil when none holds it.
    static func inJPEG<Found>(_ file: some ByteSource, _ read: (any ByteSource) -> Found?) -> Found? {
        var offset = 2  // after SOI (FF D8)
        for _ in 0..<ExifOrientation.maxBlocks {
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
                   let found = read(OffsetBytes(source: payload, base: 6)) {
                    return found
                }
            }
            offset += 2 + length
        }
        return nil
    }

    /// What `read` finds in a WebP file's EXIF chunk (after the picture in
    /// most files), walked to by chunk headers only.
    static func inWebP<Found>(_ file: some ByteSource, _ read: (any ByteSource) -> Found?) -> Found? {
        let riff = file.bytes(at: 0, count: 12)
        guard riff.count == 12, let riffSize = Bytes.u32(riff, 4, bigEndian: false) else { return nil }
        let end = 8 + riffSize
        var offset = 12
        for _ in 0..<ExifOrientation.maxBlocks where offset + 8 <= end {
            let head = file.bytes(at: offset, count: 8)
            guard head.count == 8, let size = Bytes.u32(head, 4, bigEndian: false) else { return nil }
            if head[0..<4] == ArraySlice("EXIF".utf8) {
                var tiff = OffsetBytes(source: file, base: offset + 8)
                // Some writers keep JPEG's "Exif\0\0" prefix.
                if tiff.bytes(at: 0, count: 6) == Array("Exif\0\0".utf8) { tiff = OffsetBytes(source: file, base: offset + 14) }
                return read(tiff)
            }
            offset += 8 + size + (size & 1)
        }
        return nil
    }

    /// What `read` finds in a PNG file's `eXIf` chunk, walked to by chunk
    /// headers up to the picture data (`IDAT`): libpng and exiftool write
    /// it before, as the PNG extensions first asked.
    static func inPNG<Found>(_ file: some ByteSource, _ read: (any ByteSource) -> Found?) -> Found? {
        var offset = 8  // after the signature
        for _ in 0..<ExifOrientation.maxBlocks {
            let head = file.bytes(at: offset, count: 8)
            guard head.count == 8, let size = Bytes.u32(head, 0, bigEndian: true) else { return nil }
            let type = head[4..<8]
            if type.elementsEqual("eXIf".utf8) { return read(OffsetBytes(source: file, base: offset + 8)) }
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) { return nil }
            offset += 12 + size  // length, type, data, CRC
        }
        return nil
    }

    /// A TIFF block's byte order and the offset of its first IFD.
    static func tiffStart(_ tiff: some ByteSource) -> (bigEndian: Bool, ifd0: Int)? {
        let header = tiff.bytes(at: 0, count: 8)
        guard header.count == 8 else { return nil }
        let bigEndian: Bool
        switch (header[0], header[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        guard Bytes.u16(header, 2, bigEndian: bigEndian) == 42, let ifd0 = Bytes.u32(header, 4, bigEndian: bigEndian) else { return nil }
        return (bigEndian, ifd0)
    }
}
