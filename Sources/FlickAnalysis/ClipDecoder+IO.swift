import CFFmpeg
import Foundation

/// FFmpeg's callbacks into the decoder's `ClipSource` (the opaque pointer
/// each gets is the source, kept alive by the decoder): its reads, its
/// seeks, and the interrupt callback FFmpeg asks between its own steps
/// (set before `avformat_open_input`), which says stop once the source
/// stalled or Stop came.
extension ClipDecoder {
    static let readPacket: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = { opaque, buffer, size in
        guard let opaque, let buffer, size > 0 else { return flick_av_error_errno(EINVAL) }
        return Unmanaged<ClipSource>.fromOpaque(opaque).takeUnretainedValue().read(into: buffer, count: size)
    }

    static let seekPacket: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        guard let opaque else { return Int64(flick_av_error_errno(EINVAL)) }
        return Unmanaged<ClipSource>.fromOpaque(opaque).takeUnretainedValue().seek(to: offset, whence: whence)
    }

    static let interrupt: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { opaque in
        guard let opaque else { return 0 }
        return Unmanaged<ClipSource>.fromOpaque(opaque).takeUnretainedValue().shouldStop ? 1 : 0
    }

    /// Frees a custom AVIOContext and its buffer (FFmpeg may have replaced
    /// the buffer it was given; the context holds the current one).
    static func free(_ io: inout UnsafeMutablePointer<AVIOContext>?) {
        guard let context = io else { return }
        av_freep(&context.pointee.buffer)
        avio_context_free(&io)
    }
}
