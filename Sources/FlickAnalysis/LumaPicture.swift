import CFFmpeg

/// The grey of a decoded frame, averaged down: read straight from the
/// luma plane when the frame has one of 8-bit samples (every common
/// video's YUV, full or limited range alike: the grey is its Y as
/// stored); any other format (RGB, palette, 10-bit) is first converted
/// whole to 8-bit grey by libswscale, into a buffer kept for the clip.
///
/// Threading: one per clip, one thread.
struct LumaPicture: ~Copyable {
    private var scaler: OpaquePointer?
    private var buffer: [UInt8] = []

    init() {}

    deinit { sws_freeContext(scaler) }

    mutating func average(_ frame: UnsafeMutablePointer<AVFrame>, toWidth: Int, toHeight: Int) -> GreyImage {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        let outWidth = min(toWidth, width), outHeight = min(toHeight, height)
        if Self.hasByteLuma(frame), let plane = frame.pointee.data.0 {
            return GreyImage(plane: plane, width: width, height: height, stride: Int(frame.pointee.linesize.0),
                             toWidth: outWidth, toHeight: outHeight)
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

    /// Whether the frame's first plane holds its luma, one byte a pixel.
    private static func hasByteLuma(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        guard let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: frame.pointee.format)) else { return false }
        let flags = descriptor.pointee.flags
        let luma = descriptor.pointee.comp.0
        return flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0 && flags & UInt64(AV_PIX_FMT_FLAG_BITSTREAM) == 0
            && luma.plane == 0 && luma.step == 1 && luma.depth == 8 && luma.shift == 0 && luma.offset == 0
    }
}
