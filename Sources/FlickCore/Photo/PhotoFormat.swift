/// A photo's file format, told from its first bytes (never its name: a
/// `.jpg` that is really a PNG still reads), with what a gdk-pixbuf loader
/// for it is called and which Debian package installs one.
public enum PhotoFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, heif, avif, tiff, bmp

    /// Bytes `sniff` looks at.
    public static let headerBytes = 64

    /// The format the file's first bytes (`headerBytes` of them) say; nil
    /// for anything else.
    public static func sniff(_ head: [UInt8]) -> PhotoFormat? {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("II*\0".utf8)) || starts(Array("MM\0*".utf8)) { return .tiff }
        if starts(Array("BM".utf8)) { return .bmp }
        if starts(Array("ftyp".utf8), at: 4) { return isobmff(head) }
        return nil
    }

    /// HEIF or AVIF from an `ftyp` box's major and compatible brands.
    private static func isobmff(_ head: [UInt8]) -> PhotoFormat? {
        guard let size = Bytes.u32(head, 0, bigEndian: true), size >= 16 else { return nil }
        var brands: [String] = []
        for offset in stride(from: 8, to: min(size, head.count) - 3, by: 4) where offset != 12 {  // 12: minor version
            brands.append(String(decoding: head[offset..<offset + 4], as: UTF8.self))
        }
        let avif: Set<String> = ["avif", "avis"], heif: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
        let structural: Set<String> = ["mif1", "msf1", "mif2", "miaf"]
        guard let major = brands.first else { return nil }
        if avif.contains(major) { return .avif }
        if heif.contains(major) { return .heif }
        guard structural.contains(major) else { return nil }
        if brands.contains(where: heif.contains) { return .heif }
        return brands.contains(where: avif.contains) ? .avif : .heif
    }

    /// How people call the format ("HEIF", "WebP").
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .heif: "HEIF"
        case .avif: "AVIF"
        case .tiff: "TIFF"
        case .bmp: "BMP"
        }
    }

    /// MIME types a gdk-pixbuf loader of this format declares (any one will do).
    public var mimeTypes: Set<String> {
        switch self {
        case .jpeg: ["image/jpeg"]
        case .png: ["image/png"]
        case .gif: ["image/gif"]
        case .webp: ["image/webp"]
        case .heif: ["image/heif", "image/heic"]
        case .avif: ["image/avif"]
        case .tiff: ["image/tiff"]
        case .bmp: ["image/bmp", "image/x-bmp"]
        }
    }

    /// The Debian 12 package whose gdk-pixbuf loader reads the format.
    public var loaderPackage: String {
        switch self {
        case .webp: "webp-pixbuf-loader"
        case .heif: "heif-gdk-pixbuf"
        case .avif: "libavif-gdk-pixbuf"
        case .jpeg, .png, .gif, .tiff, .bmp: "libgdk-pixbuf-2.0-0"
        }
    }
}
