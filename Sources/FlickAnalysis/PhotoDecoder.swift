import CGst
import FlickCore
import FlickMedia
import Foundation
import GObjectKit

/// A photo as the fingerprints and `Quality` need it: small and grey (a
/// working picture that fits `decodeBox`, its own shape), with the turn
/// that makes it upright. Decoded once by gdk-pixbuf straight to a small
/// size, so a JPEG decodes at 1/8 scale (libjpeg's DCT scaling: a
/// 12-megapixel photo costs a 0.2-megapixel decode); HEIF, WebP, PNG
/// decode in full, then shrink.
///
/// Threading: gdk-pixbuf only; any thread.
enum PhotoDecoder {
    /// The box a photo is decoded into, in pixels: JPEG's 1/8 scale of any
    /// phone photo (500 × 375) is larger, so libjpeg does the shrinking;
    /// large enough that blur a viewer would see on a screen still shows.
    static let decodeBox = 320
    /// The box a print alone needs (its 32×32 picture), without the blur
    /// measure's detail: the benchmark's baseline without suggestions.
    static let printBox = 160

    /// The grey working picture (as stored, not turned) and its turn: from
    /// its thumbnail in the shared cache when Flick or Files made one for
    /// this very file (upright already, no decode at all), else decoded
    /// small; and the file's own size as stored, in pixels (nil when its
    /// header does not say).
    static func working(path: String, box decodeBox: Int = decodeBox) throws(MediaError)
        -> (image: GreyImage, orientation: PhotoOrientation, width: Int?, height: Int?) {
        if let thumbnail = ThumbnailCache.lookup(path) {
            let file = fileSize(path)
            let size = GreyImage.fitting(width: thumbnail.width, height: thumbnail.height, box: decodeBox)
            let image = thumbnail.bytes.withUnsafeBytes { bytes in
                GreyImage(grey: bytes, width: thumbnail.width, height: thumbnail.height, stride: thumbnail.stride, bytesPerPixel: 4,
                          channel: (2, 1, 0), toWidth: size.width, toHeight: size.height)
            }
            return (image, .up, file?.width, file?.height)
        }
        let name = RawPath.display((path as NSString).lastPathComponent)
        let header: PhotoHeader
        do { header = try PhotoHeader.read(path: path) } catch { throw .unreadable(file: name, reason: .file(error)) }
        // Only JPEG decodes straight to a small size; any other format is
        // decoded whole first, so a huge one is refused, as Flick refuses huge clips.
        let file = fileSize(path)
        let known = file != nil
        let fileWidth = file?.width ?? 0, fileHeight = file?.height ?? 0
        if header.format != .jpeg, known, DecodeLimit.refuses(width: fileWidth, height: fileHeight) {
            throw .tooLarge(file: name, width: fileWidth, height: fileHeight)
        }
        // A photo smaller than the box is decoded at its own size: enlarged,
        // it would be softened by the decoder, and its blur (Quality) would be ours.
        let boxWidth = known ? min(decodeBox, fileWidth) : decodeBox, boxHeight = known ? min(decodeBox, fileHeight) : decodeBox
        var error: UnsafeMutablePointer<GError>?
        guard let decoded = ObjectRef(taking: gdk_pixbuf_new_from_file_at_scale(RawPath.c(path), Int32(boxWidth), Int32(boxHeight), 1, &error)) else {
            g_clear_error(&error)
            if let format = header.format, format != .jpeg, format != .png {
                throw .missingLoader(file: name, format: format.name, package: format.loaderPackage)
            }
            throw .unreadable(file: name, reason: .notAPicture)
        }
        let pixbuf = decoded.pointer
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard width > 0, height > 0, channels >= 3, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8,
              let pixels = gdk_pixbuf_read_pixels(pixbuf) else { throw .unreadable(file: name, reason: .notAPicture) }
        let length = stride * (height - 1) + width * channels
        let size = GreyImage.fitting(width: width, height: height, box: decodeBox)
        let image = GreyImage(grey: UnsafeRawBufferPointer(start: pixels, count: length), width: width, height: height,
                              stride: stride, bytesPerPixel: channels, channel: (0, 1, 2), toWidth: size.width, toHeight: size.height)
        // HEIF: the size it shows (its own crop and turn), as its decoder gives it.
        let shown = header.decodedWidth.flatMap { width in header.decodedHeight.map { (width: width, height: $0) } }
        return (image, header.orientation, shown?.width ?? file?.width, shown?.height ?? file?.height)
    }

    /// The size the file's header gives gdk-pixbuf (read without decoding), nil when unknown.
    private static func fileSize(_ path: String) -> (width: Int, height: Int)? {
        var width: Int32 = 0, height: Int32 = 0
        guard gdk_pixbuf_get_file_info(RawPath.c(path), &width, &height) != nil, width > 0, height > 0 else { return nil }
        return (Int(width), Int(height))
    }
}
