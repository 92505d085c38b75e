import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// The one way Flick reads a photo, for every place one appears (the card,
/// overview tiles, the Apply list's posters, the card's shape and size
/// text): the picture as a viewer shows it, upright and in its shape.
///
/// The turn comes from the file's header (`PhotoHeader`: EXIF Orientation
/// for JPEG, TIFF and WebP; HEIF and AVIF are turned by libheif itself) and
/// is applied here once, to the pixels gdk-pixbuf decodes — never also
/// `gdk_pixbuf_apply_embedded_orientation`, which would turn them twice.
///
/// Threading: no widgets; gdk-pixbuf and memory textures only, so both
/// functions may run off the main thread.
enum PhotoFile {
    /// The most a card's picture is loaded at: a card on a 4K screen.
    static let cardBounds = (width: 3840, height: 3840)

    /// The photo's size as shown (orientation applied), read from its
    /// header without decoding it; throws what the card should say when
    /// the photo cannot be read.
    static func info(path: String) throws(MediaError) -> (width: Int, height: Int) {
        let name = RawPath.display((path as NSString).lastPathComponent)
        let header: PhotoHeader
        do { header = try PhotoHeader.read(path: path) } catch { throw .unreadable(file: name, reason: .file(error)) }
        if let format = header.format, !PixbufLoaders.reads(format) {
            throw .missingLoader(file: name, format: format.name, package: format.loaderPackage)
        }
        guard let stored = decodedSize(path: path, header: header) else {
            throw .unreadable(file: name, reason: .notAPicture)
        }
        return header.orientation.displayedSize(width: stored.width, height: stored.height)
    }

    /// The photo upright, fitted inside `box` (a box in the shown picture's
    /// axes); never larger than the photo unless `enlarge`. Nil when it
    /// cannot be decoded (`info` says why).
    static func load(path: String, fitting box: (width: Int, height: Int), enlarge: Bool = false) -> ImageSurface? {
        // Gone, not a regular file (a FIFO would block the decoder), empty: nothing to show.
        guard let header = try? PhotoHeader.read(path: path) else { return nil }
        let orientation = header.orientation
        // Decoded in the stored axes: a quarter-turned photo fits the box turned.
        var target = orientation.storedBox(width: max(1, box.width), height: max(1, box.height))
        if !enlarge, let size = decodedSize(path: path, header: header), size.width <= target.width, size.height <= target.height {
            target = size
        }
        var error: UnsafeMutablePointer<GError>?
        guard let decoded = ObjectRef(taking: gdk_pixbuf_new_from_file_at_scale(RawPath.c(path), Int32(target.width), Int32(target.height), 1, &error)) else {
            Log.debug("photo \(path) did not load: \(error.map { String(cString: $0.pointee.message) } ?? "")", category: "stage")
            g_clear_error(&error)
            return nil
        }
        guard let upright = turned(decoded, orientation) else { return nil }
        return surface(upright.pointer)
    }

    /// The size gdk-pixbuf decodes the photo at (before `orientation`):
    /// from the header for HEIF and AVIF (their loader learns it only by
    /// decoding), else gdk-pixbuf's own header read.
    private static func decodedSize(path: String, header: PhotoHeader) -> (width: Int, height: Int)? {
        if let width = header.decodedWidth, let height = header.decodedHeight { return (width, height) }
        var width: Int32 = 0, height: Int32 = 0
        guard gdk_pixbuf_get_file_info(RawPath.c(path), &width, &height) != nil, width > 0, height > 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// `pixbuf` turned by `orientation`'s steps (each step a new pixbuf;
    /// the one before is released with its owner).
    static func turned(_ pixbuf: ObjectRef<OpaquePointer>, _ orientation: PhotoOrientation) -> ObjectRef<OpaquePointer>? {
        var current = pixbuf
        for step in orientation.steps {
            let next: OpaquePointer? = switch step {
            case .rotateClockwise: gdk_pixbuf_rotate_simple(current.pointer, GDK_PIXBUF_ROTATE_CLOCKWISE)
            case .rotateCounterClockwise: gdk_pixbuf_rotate_simple(current.pointer, GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE)
            case .rotateHalf: gdk_pixbuf_rotate_simple(current.pointer, GDK_PIXBUF_ROTATE_UPSIDEDOWN)
            case .flipHorizontal: gdk_pixbuf_flip(current.pointer, 1)
            case .flipVertical: gdk_pixbuf_flip(current.pointer, 0)
            }
            guard let next = ObjectRef(taking: next) else { return nil }
            current = next
        }
        return current
    }

    /// The pixels as a cairo surface (premultiplied B G R A), converted by
    /// GDK's memory texture.
    private static func surface(_ pixbuf: OpaquePointer) -> ImageSurface? {
        guard let owned = ObjectRef(taking: gdk_texture_new_for_pixbuf(pixbuf)) else { return nil }
        let texture = owned.pointer
        let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
        let stride = width * 4
        guard width > 0, height > 0, let bytes = malloc(stride * height) else { return nil }
        gdk_texture_download(texture, bytes.assumingMemoryBound(to: UInt8.self), gsize(stride))
        return ImageSurface(adopting: bytes, width: width, height: height, stride: stride,
                            opaque: gdk_pixbuf_get_has_alpha(pixbuf) == 0)
    }
}

/// The photo formats the installed gdk-pixbuf loaders read (by MIME type;
/// `GDK_PIXBUF_MODULE_FILE` chooses the loader list, as for every app).
enum PixbufLoaders {
    private static let mimeTypes: Set<String> = {
        var found: Set<String> = []
        let formats = gdk_pixbuf_get_formats()
        defer { g_slist_free(formats) }
        var node = formats
        while let current = node {
            defer { node = current.pointee.next }
            guard let format = current.pointee.data.map(OpaquePointer.init),
                  gdk_pixbuf_format_is_disabled(format) == 0, let types = gdk_pixbuf_format_get_mime_types(format) else { continue }
            defer { g_strfreev(types) }
            var index = 0
            while let type = types[index] {
                found.insert(String(cString: type))
                index += 1
            }
        }
        return found
    }()

    static func reads(_ format: PhotoFormat) -> Bool {
        !mimeTypes.isDisjoint(with: format.mimeTypes)
    }
}
