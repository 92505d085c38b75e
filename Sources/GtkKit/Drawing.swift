import CGtk
import Foundation

/// A cairo image surface that wraps pixels in memory, and owns them: the
/// bytes are freed (with `free`) when cairo drops its last reference, which
/// may be after this value goes (a render node still drawing it).
///
/// Drawing one costs no conversion: the cairo renderer composites it
/// straight onto the window, clipped to what changed, unlike a
/// `GdkMemoryTexture`, which GTK 4.8 converts on every render.
public final class ImageSurface: @unchecked Sendable {
    public let surface: OpaquePointer
    public let width: Int
    public let height: Int
    /// Whether every pixel is opaque (cairo's RGB24).
    public let opaque: Bool
    /// The bytes are R G B A, not cairo's B G R A: only `sharedTexture`
    /// draws them right (a frame for the GL renderer, which uploads R G B A
    /// as it is); cairo would swap red and blue.
    public let rgba: Bool

    /// Adopts `bytes` (malloc'd, `stride × height`), B G R x or B G R A
    /// premultiplied in memory (`opaque`: cairo's RGB24, else ARGB32).
    public convenience init?(adopting bytes: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, opaque: Bool) {
        self.init(wrapping: bytes, width: width, height: height, stride: stride, opaque: opaque, owner: MallocBlock(bytes))
    }

    /// Draws `bytes` where they are, without a copy: `owner` (which keeps
    /// them valid) is held until cairo lets go of the surface.
    public init?(wrapping bytes: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, opaque: Bool, rgba: Bool = false,
                 owner: AnyObject) {
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        guard width > 0, height > 0, stride >= width * 4, stride % 4 == 0,
              let surface = cairo_image_surface_create_for_data(bytes.assumingMemoryBound(to: UInt8.self), format,
                                                                Int32(width), Int32(height), Int32(stride)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            return nil
        }
        cairo_surface_set_user_data(surface, &imageSurfaceBytesKey, Unmanaged.passRetained(owner).toOpaque()) { owner in
            guard let owner else { return }
            Unmanaged<AnyObject>.fromOpaque(owner).release()
        }
        self.surface = surface
        self.width = width
        self.height = height
        self.opaque = opaque
        self.rgba = rgba
    }

    /// Takes over `surface`, a cairo image surface the caller made (its
    /// reference passes to this value), e.g. to draw into it once.
    public init(adoptingSurface surface: OpaquePointer, opaque: Bool) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        self.opaque = opaque
        rgba = false
    }

    /// Copies `bytes` (B G R x or B G R A premultiplied, `stride` a row).
    public convenience init?(copying bytes: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, opaque: Bool) {
        guard let base = bytes.baseAddress, bytes.count >= stride * height, let copy = malloc(stride * height) else { return nil }
        memcpy(copy, base, stride * height)
        self.init(adopting: copy, width: width, height: height, stride: stride, opaque: opaque)
    }

    /// A texture of the same pixels, for a GtkPicture (copied; the caller
    /// owns the reference).
    @MainActor
    public func texture() -> OpaquePointer? {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // Cairo's RGB24 and ARGB32 are both B G R A in memory, premultiplied (x is 255).
        let bytes = BytesRef(taking: g_bytes_new(data, gsize(stride * height)) as OpaquePointer)
        return gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes.pointer, gsize(stride))?.opaque
    }

    /// A texture that shares this surface's pixels (no copy), made once,
    /// for the GL renderer (which uploads R G B A bytes as they are, and
    /// B G R A through a conversion on some drivers, Mesa's among them). The
    /// surface lives as long as the texture. The caller does not own the
    /// reference; it is good while this value lives.
    @MainActor
    public var sharedTexture: OpaquePointer? {
        if let texture = textureStorage.texture { return texture.pointer }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // Opaque frames and cairo's surfaces are premultiplied alike (x is 255).
        let bytes = BytesRef(taking: g_bytes_new_with_free_func(data, gsize(stride * height), { surface in
            cairo_surface_destroy(OpaquePointer(surface))
        }, UnsafeMutableRawPointer(cairo_surface_reference(surface))) as OpaquePointer)
        let format = rgba ? GDK_MEMORY_R8G8B8A8_PREMULTIPLIED : GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
        textureStorage.texture = ObjectRef(taking: gdk_memory_texture_new(Int32(width), Int32(height), format, bytes.pointer, gsize(stride))?.opaque)
        return textureStorage.texture?.pointer
    }
    private let textureStorage = TextureStorage()

    /// A pattern that draws this surface, for pictures that change often
    /// (video frames). A drawing area's draw function records into a cairo
    /// recording surface, and cairo 1.16 keeps a recorded image surface by
    /// copying it when it is freed: a clear and a copy of every video
    /// frame. A raster-source pattern is recorded as it is, holding this
    /// surface (and so its bytes) until the last recording that drew it is
    /// gone, and hands cairo the surface itself whenever it is drawn.
    /// The caller owns the returned pattern.
    public func recordablePattern() -> OpaquePointer? {
        let owner = Unmanaged.passRetained(self).toOpaque()
        guard let pattern = cairo_pattern_create_raster_source(owner, cairo_surface_get_content(surface), Int32(width), Int32(height)),
              cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else {
            Unmanaged<ImageSurface>.fromOpaque(owner).release()
            return nil
        }
        cairo_raster_source_pattern_set_acquire(pattern, { _, owner, _, _ in
            guard let owner else { return nil }
            return cairo_surface_reference(Unmanaged<ImageSurface>.fromOpaque(owner).takeUnretainedValue().surface)
        }, { _, _, surface in
            cairo_surface_destroy(surface)
        })
        // Each copy (a recording keeps one) holds the surface too; each
        // pattern lets go when it is finished.
        cairo_raster_source_pattern_set_copy(pattern) { _, owner, _ in
            if let owner { _ = Unmanaged<ImageSurface>.fromOpaque(owner).retain() }
            return CAIRO_STATUS_SUCCESS
        }
        cairo_raster_source_pattern_set_finish(pattern) { _, owner in
            if let owner { Unmanaged<ImageSurface>.fromOpaque(owner).release() }
        }
        return pattern
    }

    deinit { cairo_surface_destroy(surface) }
}

nonisolated(unsafe) private var imageSurfaceBytesKey = cairo_user_data_key_t()

/// A texture made from an image surface, released with it.
private final class TextureStorage: @unchecked Sendable {
    var texture: ObjectRef<OpaquePointer>?
}

/// Memory from `malloc`, freed with its owner.
private final class MallocBlock {
    let bytes: UnsafeMutableRawPointer
    init(_ bytes: UnsafeMutableRawPointer) { self.bytes = bytes }
    deinit { free(bytes) }
}

/// A `GtkDrawingArea`'s draw function as a Swift closure, called with the
/// cairo context and the area's width and height. GTK keeps the closure for
/// the widget's life. Draw only on `gtk_widget_queue_draw`, never per frame
/// of the clock.
@MainActor
public enum DrawFunction {
    public typealias Handler = @MainActor (OpaquePointer, Int32, Int32) -> Void

    public static func set(on area: some GObjectPointer, _ handler: @escaping Handler) {
        let box = Unmanaged.passRetained(HandlerBox<Handler>(handler)).toOpaque()
        gtk_drawing_area_set_draw_func(area.cast(), { _, cr, width, height, data in
            guard let cr, let handler = HandlerBox<Handler>.from(data) else { return }
            MainActor.assumeIsolated { handler(cr, width, height) }
        }, box, { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        })
    }
}

/// Paths cairo has no call for.
public enum CairoPath {
    /// Adds a rectangle with rounded corners of `radius` (at most half the
    /// shorter side) to `cr`'s path as a closed sub-path.
    public static func roundedRectangle(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = max(0, min(radius, width / 2, height / 2))
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
