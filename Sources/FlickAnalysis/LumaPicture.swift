import CFFmpeg

/// The grey of a decoded frame, averaged down: read straight from the
/// luma plane when the frame has one (every video's YUV, 8-bit or more,
/// full or limited range alike: the grey is its Y as stored, deeper
/// samples brought to the 0–255 scale, so a 10-bit HDR clip reads as its
/// 8-bit copy does); any other format (RGB, palette) is first converted
/// whole to 8-bit grey by libswscale, into a buffer kept for the clip.
///
/// Threading: one per clip, one thread.
struct LumaPicture: ~Copyable {
    private var scaler: OpaquePointer?
    private var buffer: [UInt8] = []

    init() {}

    deinit { sws_freeContext(scaler) }

    /// The frame's grey at `toWidth` × `toHeight`: averaged down, or, for
    /// a clip smaller than that (a few pixels wide), each pixel repeated.
    mutating func average(_ frame: UnsafeMutablePointer<AVFrame>, toWidth: Int, toHeight: Int) -> GreyImage {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        let image = shrunk(frame, toWidth: min(toWidth, width), toHeight: min(toHeight, height))
        return image.width == toWidth && image.height == toHeight ? image : image.repeated(toWidth: toWidth, toHeight: toHeight)
    }

    private mutating func shrunk(_ frame: UnsafeMutablePointer<AVFrame>, toWidth outWidth: Int, toHeight outHeight: Int) -> GreyImage {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        if let luma = Self.luma(frame), let plane = frame.pointee.data.0 {
            let stride = Int(frame.pointee.linesize.0)
            if luma.bytes == 1 {
                return GreyImage(plane: plane, width: width, height: height, stride: stride, toWidth: outWidth, toHeight: outHeight)
            }
            return UnsafeRawPointer(plane).withMemoryRebound(to: UInt16.self, capacity: stride / 2 * height) { words in
                GreyImage(plane: words, width: width, height: height, stride: stride / 2, toWidth: outWidth, toHeight: outHeight,
                          divisor: luma.divisor)
            }
        }
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        scaler = sws_getCachedContext(scaler, Int32(width), Int32(height), format, Int32(width), Int32(height), AV_PIX_FMT_GRAY8,
                                      Int32(SWS_POINT), nil, nil, nil)
        if buffer.count != width * height { buffer = [UInt8](repeating: 0, count: width * height) }
        guard let scaler else { return GreyImage(width: outWidth, height: outHeight, pixels: [Float](repeating: 0, count: outWidth * outHeight)) }
        return buffer.withUnsafeMutableBufferPointer { grey in
            var planes: [UnsafeMutablePointer<UInt8>?] = [grey.baseAddress, nil, nil, nil]
            var strides: [Int32] = [Int32(width), 0, 0, 0]
            withUnsafePointer(to: frame.pointee.data) { data in
                withUnsafePointer(to: frame.pointee.linesize) { sizes in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { source in
                        sizes.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                            _ = sws_scale(scaler, source, sourceStrides, 0, Int32(height), &planes, &strides)
                        }
                    }
                }
            }
            return GreyImage(plane: UnsafePointer(grey.baseAddress!), width: width, height: height, stride: width,
                             toWidth: outWidth, toHeight: outHeight)
        }
    }

    /// How the frame's first plane holds its luma, when it does: one byte
    /// a pixel, or a little-endian word whose value over `divisor` is on
    /// the 0–255 scale (10-bit in the low bits: 4; P010's 10 bits at the
    /// top: 256).
    private static func luma(_ frame: UnsafeMutablePointer<AVFrame>) -> (bytes: Int, divisor: Float)? {
        guard let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: frame.pointee.format)) else { return nil }
        let flags = descriptor.pointee.flags
        let luma = descriptor.pointee.comp.0
        let other = UInt64(AV_PIX_FMT_FLAG_RGB) | UInt64(AV_PIX_FMT_FLAG_PAL) | UInt64(AV_PIX_FMT_FLAG_BITSTREAM)
            | UInt64(AV_PIX_FMT_FLAG_BE) | UInt64(AV_PIX_FMT_FLAG_FLOAT)
        guard flags & other == 0, luma.plane == 0, luma.offset == 0 else { return nil }
        if luma.step == 1, luma.depth == 8, luma.shift == 0 { return (1, 1) }
        if luma.step == 2, luma.depth > 8, luma.depth <= 16, luma.shift + luma.depth <= 16 {
            return (2, Float(1 << (luma.shift + luma.depth - 8)))
        }
        return nil
    }
}
