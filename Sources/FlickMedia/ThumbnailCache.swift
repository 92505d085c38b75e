import CGst
import FlickCore
import Foundation
import GObjectKit

/// Poster frames on disk, shared with Files and every other app through the
/// freedesktop thumbnail cache: `$XDG_CACHE_HOME/thumbnails/large/<md5 of
/// the file's URI>.png`, at most 256 pixels on a side, with the `Thumb::URI`
/// and `Thumb::MTime` the spec asks for. A thumbnail whose URI or mtime no
/// longer matches the file is stale and made again.
///
/// Threading: gdk-pixbuf only, no widgets; both functions may run off the
/// main thread. `MediaService.poster(path:)` is the one caller.
public enum ThumbnailCache {
    /// The "large" size of the thumbnail spec.
    public static let size = 256

    public static var directory: String {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (NSHomeDirectory() + "/.cache")
        return cache + "/thumbnails/large"
    }

    /// The file's URI and where its thumbnail lives.
    private static func location(of path: String) -> (uri: String, file: String)? {
        guard let uri = g_filename_to_uri(RawPath.c(path), nil, nil) else { return nil }
        defer { g_free(uri) }
        guard let md5 = g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1) else { return nil }
        defer { g_free(md5) }
        return (String(cString: uri), directory + "/" + String(cString: md5) + ".png")
    }

    private static func modificationTime(_ path: String) -> Int? {
        var info = stat()
        guard stat(RawPath.c(path), &info) == 0 else { return nil }
        return info.st_mtim.tv_sec
    }

    /// A valid cached thumbnail of `path`, as BGRA pixels; nil when there is
    /// none or it is stale.
    public static func lookup(_ path: String) -> RawFrame? {
        guard let (uri, file) = location(of: path), let mtime = modificationTime(path),
              let owned = ObjectRef(taking: gdk_pixbuf_new_from_file(file, nil)) else { return nil }
        let pixbuf = owned.pointer
        guard let storedURI = gdk_pixbuf_get_option(pixbuf, "tEXt::Thumb::URI"), String(cString: storedURI) == uri,
              let storedTime = gdk_pixbuf_get_option(pixbuf, "tEXt::Thumb::MTime"), Int(String(cString: storedTime)) == mtime,
              !isFromEarlierFlick(pixbuf)
        else { return nil }
        return frame(from: pixbuf)
    }

    /// Writes `frame` as the thumbnail of `path` (atomically, mode 0600, in
    /// a 0700 folder, as the spec asks). Failures only cost a later decode.
    static func store(_ frame: RawFrame, for path: String) {
        guard let (uri, file) = location(of: path), let mtime = modificationTime(path) else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        var rgba = [UInt8](repeating: 0, count: frame.width * frame.height * 4)
        frame.bytes.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let from = y * frame.stride + x * 4, to = (y * frame.width + x) * 4
                    rgba[to] = source[from + 2]
                    rgba[to + 1] = source[from + 1]
                    rgba[to + 2] = source[from]
                    rgba[to + 3] = 255
                }
            }
        }
        let bytes = BytesRef(taking: rgba.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) } as OpaquePointer)
        guard let owned = ObjectRef(taking: gdk_pixbuf_new_from_bytes(bytes.pointer, GDK_COLORSPACE_RGB, 1, 8, Int32(frame.width),
                                                                      Int32(frame.height), Int32(frame.width * 4))) else { return }
        let pixbuf = owned.pointer
        let temporary = file + ".\(getpid()).tmp"
        let keys = ["tEXt::Thumb::URI", "tEXt::Thumb::MTime", "tEXt::Software", shownKey]
        let values = [uri, String(mtime), "Flick", "1"]
        let saved = withCStrings(keys) { keyPointers in
            withCStrings(values) { valuePointers in
                gdk_pixbuf_savev(pixbuf, temporary, "png", keyPointers, valuePointers, nil) != 0
            }
        }
        guard saved else {
            unlink(temporary)
            return
        }
        chmod(temporary, 0o600)
        if rename(temporary, file) != 0 { unlink(temporary) }
    }

    /// Marks a thumbnail made from the picture as shown (upright, square
    /// pixels), as every freedesktop thumbnailer makes it.
    private static let shownKey = "tEXt::Flick::Shown"

    /// Flick once wrote thumbnails unturned and in stored pixels: those are
    /// made again, not shown sideways here and in Files.
    private static func isFromEarlierFlick(_ pixbuf: OpaquePointer) -> Bool {
        guard let software = gdk_pixbuf_get_option(pixbuf, "tEXt::Software"), String(cString: software) == "Flick" else { return false }
        return gdk_pixbuf_get_option(pixbuf, shownKey) == nil
    }

    private static func frame(from pixbuf: OpaquePointer) -> RawFrame? {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard width > 0, height > 0, channels >= 3, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8,
              let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        var bgra = Data(count: width * height * 4)
        bgra.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) in
            for y in 0..<height {
                for x in 0..<width {
                    let from = y * rowstride + x * channels, to = (y * width + x) * 4
                    let alpha = channels == 4 ? Int(pixels[from + 3]) : 255
                    // Premultiplied, as the card's textures are.
                    target[to] = UInt8(Int(pixels[from + 2]) * alpha / 255)
                    target[to + 1] = UInt8(Int(pixels[from + 1]) * alpha / 255)
                    target[to + 2] = UInt8(Int(pixels[from]) * alpha / 255)
                    target[to + 3] = UInt8(alpha)
                }
            }
        }
        return RawFrame(width: width, height: height, stride: width * 4, bytes: bgra)
    }

    /// Calls `body` with a NULL-terminated array of C strings.
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> T) -> T {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { preconditionFailure("a NULL-terminated array is never empty") }
            return body(base)
        }
    }
}
