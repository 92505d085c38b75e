import Foundation
import Testing
@testable import FlickCore

/// Photo headers built byte by byte: EXIF orientation in JPEG, TIFF and
/// WebP (both byte orders), HEIF/AVIF geometry, format sniffing; and
/// truncated or malformed data, which reads as upright, never as a crash.
@Suite struct PhotoHeaderTests {
    // -- builders ---------------------------------------------------------------
    static func u16(_ value: Int, big: Bool) -> [UInt8] {
        big ? [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
    }

    static func u32(_ value: Int, big: Bool) -> [UInt8] {
        let bytes = (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) }
        return big ? bytes.reversed() : bytes
    }

    /// A TIFF block whose IFD0 holds a few tags, the orientation among them.
    static func tiff(orientation: Int, big: Bool, type: Int = 3) -> [UInt8] {
        var block = (big ? Array("MM".utf8) : Array("II".utf8)) + u16(42, big: big) + u32(8, big: big)
        let entries: [(tag: Int, type: Int, value: Int)] = [(0x010F, 2, 0), (0x0112, type, orientation), (0x011A, 5, 0)]
        block += u16(entries.count, big: big)
        for entry in entries {
            block += u16(entry.tag, big: big) + u16(entry.type, big: big) + u32(1, big: big)
            block += entry.type == 3 ? u16(entry.value, big: big) + [0, 0] : u32(entry.value, big: big)
        }
        return block + u32(0, big: big)
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + u16(payload.count + 2, big: true) + payload
    }

    static func jpeg(tiff block: [UInt8]) -> [UInt8] {
        [0xFF, 0xD8] + segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
            + segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x/>".utf8))  // an XMP APP1 first
            + segment(0xE1, Array("Exif\0\0".utf8) + block)
            + segment(0xDB, [UInt8](repeating: 1, count: 65)) + segment(0xDA, [1, 2, 3]) + [0x12, 0x34, 0xFF, 0xD9]
    }

    static func chunk(_ fourcc: String, _ payload: [UInt8]) -> [UInt8] {
        Array(fourcc.utf8) + u32(payload.count, big: false) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    static func webp(exif: [UInt8]?) -> [UInt8] {
        var body = Array("WEBP".utf8) + chunk("VP8X", [0x08, 0, 0, 0] + [0x67, 0x01, 0, 0xEF, 0, 0])
        body += chunk("VP8L", [0x2F, 1, 2, 3, 4])  // odd: padded
        if let exif { body += chunk("EXIF", exif) }
        return Array("RIFF".utf8) + u32(body.count, big: false) + body
    }

    static func orientation(of bytes: [UInt8]) -> PhotoOrientation { PhotoHeader.read(bytes).orientation }

    // -- EXIF -----------------------------------------------------------------
    @Test(arguments: [false, true])
    func everyOrientationReadsFromAJPEGInEitherByteOrder(big: Bool) {
        for value in 1...8 {
            let file = Self.jpeg(tiff: Self.tiff(orientation: value, big: big))
            #expect(PhotoHeader.read(file).format == .jpeg)
            #expect(Self.orientation(of: file).rawValue == value)
        }
    }

    @Test(arguments: [false, true])
    func aTIFFFileAndAWebPEXIFChunkRead(big: Bool) {
        #expect(Self.orientation(of: Self.tiff(orientation: 6, big: big)) == .rotatedClockwise)
        #expect(PhotoHeader.read(Self.tiff(orientation: 6, big: big)).format == .tiff)
        let webp = Self.webp(exif: Self.tiff(orientation: 7, big: big))
        #expect(PhotoHeader.read(webp).format == .webp)
        #expect(Self.orientation(of: webp) == .transverse)
        // With JPEG's "Exif\0\0" kept in front, as some writers do.
        #expect(Self.orientation(of: Self.webp(exif: Array("Exif\0\0".utf8) + Self.tiff(orientation: 8, big: big))) == .rotatedCounterClockwise)
        #expect(Self.orientation(of: Self.webp(exif: nil)) == .up)
    }

    @Test func aLongTagFromACarelessWriterReadsToo() {
        #expect(Self.orientation(of: Self.jpeg(tiff: Self.tiff(orientation: 3, big: true, type: 4))) == .upsideDown)
    }

    @Test func outOfRangeValuesAndMissingTagsAreUpright() {
        for value in [0, 9, 0xFFFF] {
            #expect(Self.orientation(of: Self.jpeg(tiff: Self.tiff(orientation: value, big: false))) == .up)
        }
        let withoutExif = [0xFF, 0xD8] + Self.segment(0xDA, [1, 2]) + [0xFF, 0xD9]
        #expect(Self.orientation(of: withoutExif) == .up)
        #expect(PhotoHeader.read([0x89] + Array("PNG\r\n\u{1A}\n".utf8) + [0, 0, 0, 0]) == PhotoHeader(format: .png))
    }

    @Test func everyTruncationReadsAsUprightOrAsTheWholeFileDoes() {
        let files = [Self.jpeg(tiff: Self.tiff(orientation: 6, big: true)), Self.tiff(orientation: 6, big: false),
                     Self.webp(exif: Self.tiff(orientation: 6, big: false))]
        for file in files {
            for length in 0...file.count {
                let orientation = Self.orientation(of: Array(file.prefix(length)))
                #expect(orientation == .up || orientation == .rotatedClockwise, "\(length) bytes")
            }
        }
    }

    @Test func malformedOffsetsAndCountsReadAsUpright() {
        var farIFD = Self.tiff(orientation: 6, big: false)
        farIFD.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(Self.orientation(of: Self.jpeg(tiff: farIFD)) == .up)
        var hugeCount = Self.tiff(orientation: 6, big: true)
        hugeCount.replaceSubrange(8..<10, with: [0xFF, 0xFF])
        #expect(Self.orientation(of: hugeCount) == .rotatedClockwise)  // the entries that are there still read
        var shortSegment = Self.jpeg(tiff: Self.tiff(orientation: 6, big: true))
        shortSegment.replaceSubrange(4..<6, with: [0, 1])  // a segment length under 2
        #expect(Self.orientation(of: shortSegment) == .up)
        var hugeChunk = Self.webp(exif: Self.tiff(orientation: 6, big: false))
        hugeChunk.replaceSubrange(16..<20, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(Self.orientation(of: hugeChunk) == .up)
    }

    /// Damaged headers read as nothing or as a header the bytes hold, never
    /// as garbage: the format is what the first bytes say; a size comes
    /// only with HEIF/AVIF and has both sides; a turn only where EXIF lives.
    /// A file merely cut short reads as the whole file's header or as none.
    @Test func randomDamageReadsAsNothingOrAsTheBytesSay() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let files = [Self.jpeg(tiff: Self.tiff(orientation: 5, big: true)), Self.webp(exif: Self.tiff(orientation: 5, big: false)),
                     Self.heif(properties: [Self.ispe(4032, 3024), Self.irot(1)], associations: [1, 2])]
        for file in files {
            let whole = PhotoHeader.read(file)
            for _ in 0..<2000 {
                let cut = Array(file.prefix(next() % (file.count + 1)))
                let header = PhotoHeader.read(cut), none = PhotoHeader(format: PhotoFormat.sniff(Array(cut.prefix(PhotoFormat.headerBytes))))
                #expect(header == whole || header == none, "\(cut.count) of \(file.count) bytes: \(header)")
                var damaged = file
                for _ in 0..<(1 + next() % 4) { damaged[next() % damaged.count] = UInt8(next() & 0xFF) }
                damaged = Array(damaged.prefix(next() % (damaged.count + 1)))
                #expect(Self.holds(PhotoHeader.read(damaged), bytes: damaged))
            }
        }
    }

    /// Whether `header` is one `bytes` can hold.
    static func holds(_ header: PhotoHeader, bytes: [UInt8]) -> Bool {
        let format = PhotoFormat.sniff(Array(bytes.prefix(PhotoFormat.headerBytes)))
        let turns: Set<PhotoFormat?> = [.jpeg, .tiff, .webp], sized: Set<PhotoFormat?> = [.heif, .avif]
        let size = (header.decodedWidth, header.decodedHeight)
        let sizeHeld = switch size {
        case (nil, nil): true
        case (let width?, let height?): sized.contains(format) && width > 0 && height > 0
        default: false
        }
        return header.format == format && (header.orientation == .up || turns.contains(format)) && sizeHeld
    }

    // -- HEIF / AVIF ------------------------------------------------------------
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { u32(payload.count + 8, big: true) + Array(type.utf8) + payload }
    static func fullBox(_ type: String, version: UInt8 = 0, flags: UInt8 = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version, 0, 0, flags] + payload)
    }
    static func ispe(_ width: Int, _ height: Int) -> [UInt8] { fullBox("ispe", u32(width, big: true) + u32(height, big: true)) }
    static func irot(_ quarters: UInt8) -> [UInt8] { box("irot", [quarters]) }
    static func clap(_ width: Int, _ height: Int) -> [UInt8] {
        box("clap", [width, 1, height, 1, 0, 1, 0, 1].flatMap { u32($0, big: true) })
    }

    /// A HEIF file whose primary item (id 1) has `associations` (1-based
    /// property indexes); item 2, a thumbnail, has its own `ispe`.
    static func heif(brand: String = "heic", properties: [[UInt8]], associations: [Int], wideIpma: Bool = false) -> [UInt8] {
        let ftyp = box("ftyp", Array(brand.utf8) + u32(0, big: true) + Array("mif1\(brand)".utf8))
        let thumbnail = properties.count + 1
        var ipma = u32(2, big: true)
        for (item, indexes) in [(2, [thumbnail]), (1, associations)] {
            ipma += wideIpma ? u32(item, big: true) : u16(item, big: true)
            ipma += [UInt8(indexes.count)]
            for index in indexes { ipma += wideIpma ? u16(0x8000 | index, big: true) : [UInt8(0x80 | index)] }
        }
        let iprp = box("iprp", box("ipco", properties.flatMap { $0 } + ispe(320, 240))
                       + fullBox("ipma", version: wideIpma ? 1 : 0, flags: wideIpma ? 1 : 0, ipma))
        let meta = fullBox("meta", fullBox("hdlr", u32(0, big: true) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
                           + fullBox("pitm", u16(1, big: true)) + iprp)
        return ftyp + meta + box("mdat", [1, 2, 3, 4])
    }

    static func size(_ file: [UInt8]) -> [Int]? {
        let header = PhotoHeader.read(file)
        return header.decodedWidth.flatMap { width in header.decodedHeight.map { [width, $0] } }
    }

    @Test func heifSizeIsThePrimaryPicturesTurnedAndCropped() {
        #expect(Self.size(Self.heif(properties: [Self.ispe(4032, 3024)], associations: [1])) == [4032, 3024])
        #expect(Self.size(Self.heif(properties: [Self.ispe(4032, 3024), Self.irot(1)], associations: [1, 2])) == [3024, 4032])
        #expect(Self.size(Self.heif(properties: [Self.ispe(4032, 3024), Self.irot(2)], associations: [1, 2])) == [4032, 3024])
        #expect(Self.size(Self.heif(properties: [Self.ispe(4032, 3024), Self.irot(3)], associations: [1, 2], wideIpma: true)) == [3024, 4032])
        // Cropped, then turned: the crop's size, turned.
        #expect(Self.size(Self.heif(properties: [Self.ispe(4032, 3024), Self.clap(4000, 3000), Self.irot(1)],
                                    associations: [1, 2, 3])) == [3000, 4000])
        // The decoder turns a HEIF itself: nothing is left to apply.
        #expect(PhotoHeader.read(Self.heif(properties: [Self.ispe(10, 20), Self.irot(1)], associations: [1, 2])).orientation == .up)
    }

    @Test func heifWithoutItsSizeOrCutShortHasNoSize() {
        #expect(Self.size(Self.heif(properties: [Self.irot(1)], associations: [1])) == nil)
        let file = Self.heif(properties: [Self.ispe(4032, 3024), Self.irot(1)], associations: [1, 2])
        for length in 0..<file.count - 12 {  // all but the mdat: the meta box is cut
            let size = Self.size(Array(file.prefix(length)))
            #expect(size == nil || size == [3024, 4032], "\(length) bytes")
        }
    }

    @Test func formatsAreToldByTheirFirstBytes() {
        #expect(PhotoHeader.read(Self.heif(properties: [], associations: [])).format == .heif)
        #expect(PhotoHeader.read(Self.heif(brand: "avif", properties: [], associations: [])).format == .avif)
        #expect(PhotoHeader.read(Self.heif(brand: "mif1", properties: [], associations: [])).format == .heif)
        #expect(PhotoFormat.sniff(Self.box("ftyp", Array("mif1".utf8) + Self.u32(0, big: true) + Array("miafavif".utf8))) == .avif)
        #expect(PhotoFormat.sniff(Self.box("ftyp", Array("isom".utf8) + Self.u32(0, big: true) + Array("mp41".utf8))) == nil)
        #expect(PhotoFormat.sniff(Array("GIF89a".utf8)) == .gif)
        #expect(PhotoFormat.sniff(Array("BM".utf8) + [0, 0]) == .bmp)
        #expect(PhotoFormat.sniff(Array("shopping list".utf8)) == nil)
        #expect(PhotoFormat.sniff([]) == nil)
        #expect(PhotoFormat.heif.loaderPackage == "heif-gdk-pixbuf" && PhotoFormat.webp.loaderPackage == "webp-pixbuf-loader")
    }

    // -- files ----------------------------------------------------------------
    @Test func aFileIsReadByOffsetAndOddFilesSayWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-header-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("IMG_0001.JPG").path
        #expect(FileManager.default.createFile(atPath: photo, contents: Data(Self.jpeg(tiff: Self.tiff(orientation: 6, big: true)))))
        #expect(try PhotoHeader.read(path: photo) == PhotoHeader(format: .jpeg, orientation: .rotatedClockwise))
        let empty = folder.appendingPathComponent("empty.jpg").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(throws: FileBytes.Failure.empty) { try PhotoHeader.read(path: empty) }
        #expect(throws: FileBytes.Failure.gone) { try PhotoHeader.read(path: folder.appendingPathComponent("gone.jpg").path) }
        let fifo = folder.appendingPathComponent("fifo.jpg").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opening a FIFO for reading must not wait for a writer.
        #expect(throws: FileBytes.Failure.notRegular) { try PhotoHeader.read(path: fifo) }
    }
}
