import CFFmpeg
import FlickCore
import FlickMedia
import Foundation

/// One clip's video stream decoded in time order by FFmpeg (libavformat
/// and libavcodec), one decoder thread, for `ClipSampler`: no colour
/// conversion, no copy; each frame is handed over as the decoder made it.
///
/// A frame the caller will not use is skipped unread when no other frame
/// refers to it (`AVDISCARD_NONREF`, chosen packet by packet): B-frames
/// between the sampled times cost nothing, every frame that is used is
/// decoded in full.
///
/// The bytes come from a `ClipSource` (its own reader thread), through a
/// custom AVIOContext; the same source is FFmpeg's interrupt callback. A
/// read that stalls, or Stop, ends the decode at once: a stall throws it,
/// naming the file; Stop ends it as the end of the clip does.
///
/// Threading: one thread at a time (it blocks while it decodes).
final class ClipDecoder {
    /// The file's name as shown in errors.
    let name: String
    /// Stored size of the pictures, before `orientation`.
    let width: Int
    let height: Int
    /// The whole clip's length in seconds, nil when the file does not say.
    let duration: Double?
    /// How the stored picture is turned to be shown (the stream's display matrix).
    let orientation: PhotoOrientation
    /// Seconds between two frames, as the stream says (a tenth of a second when it says nothing).
    let frameSeconds: Double

    private let source: ClipSource
    private var io: UnsafeMutablePointer<AVIOContext>?
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let stream: Int32
    private let timeBase: Double
    private let startTime: Int64
    private var decodedCount = 0
    private var draining = false

    /// What FFmpeg assumes of a stream that gives no frame rate, in seconds.
    private static let fallbackFrameSeconds = 0.1

    /// FFmpeg's own log kept off stderr (the command line's progress is
    /// there): what went wrong reaches the caller as the error's reason.
    private static let quiet: Void = av_log_set_level(AV_LOG_QUIET)

    init(source: ClipSource) throws(MediaError) {
        self.source = source
        name = source.name
        let name = source.name
        Self.quiet
        // Opened here, owned by self only once all of it is: freed on the way out of a throw.
        var opened: UnsafeMutablePointer<AVFormatContext>?
        var context: UnsafeMutablePointer<AVCodecContext>?
        var reading: UnsafeMutablePointer<AVIOContext>?
        var complete = false
        defer {
            if !complete {
                avcodec_free_context(&context)
                avformat_close_input(&opened)
                Self.free(&reading)
            }
        }
        let opaque = Unmanaged.passUnretained(source).toOpaque()
        if let buffer = av_malloc(ClipSource.bufferSize) {
            reading = avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), Int32(ClipSource.bufferSize), 0, opaque,
                                         Self.readPacket, nil, source.seekable ? Self.seekPacket : nil)
            if reading == nil { av_free(buffer) }
        }
        opened = avformat_alloc_context()
        guard let reading, let allocated = opened else { throw .notAVideo(file: name, reason: .noDecoder) }
        allocated.pointee.pb = reading
        allocated.pointee.interrupt_callback = AVIOInterruptCB(callback: Self.interrupt, opaque: opaque)
        let status = avformat_open_input(&opened, name, nil, nil)
        guard status >= 0, let format = opened else { throw source.stopError ?? .notAVideo(file: name, reason: .decoder(Self.text(status))) }
        if !Self.headerSuffices(format) {
            let found = avformat_find_stream_info(format, nil)
            if let stopped = source.stopError { throw stopped }
            guard found >= 0 else { throw .notAVideo(file: name, reason: .decoder(Self.text(found))) }
        }
        var decoder: UnsafePointer<AVCodec>?
        let best = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        let streams = UnsafeBufferPointer(start: format.pointee.streams, count: Int(format.pointee.nb_streams))
        guard best >= 0, let video = streams[Int(best)], let parameters = video.pointee.codecpar else {
            if best == flick_av_error_decoder_not_found() { throw .notAVideo(file: name, reason: .decoder(Self.text(best))) }
            let sound = streams.contains { $0?.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
            throw sound ? .noPicture(file: name) : .notAVideo(file: name, reason: .noPictureStream)
        }
        stream = best
        width = Int(parameters.pointee.width)
        height = Int(parameters.pointee.height)
        // Too large to decode safely: refused before decoding, as for a poster.
        if DecodeLimit.refuses(width: width, height: height) { throw .tooLarge(file: name, width: width, height: height) }
        guard let decoder else { throw .notAVideo(file: name, reason: .decoder(Self.text(flick_av_error_decoder_not_found()))) }
        timeBase = av_q2d(video.pointee.time_base)
        startTime = video.pointee.start_time == flick_av_nopts() ? 0 : video.pointee.start_time
        let rate = av_q2d(video.pointee.avg_frame_rate)
        frameSeconds = rate > 0 && rate.isFinite ? 1 / rate : Self.fallbackFrameSeconds
        if format.pointee.duration != flick_av_nopts(), format.pointee.duration > 0 {
            duration = Double(format.pointee.duration) / Double(flick_av_time_base())
        } else if video.pointee.duration != flick_av_nopts(), video.pointee.duration > 0 {
            duration = Double(video.pointee.duration) * timeBase
        } else {
            duration = nil
        }
        orientation = Self.orientation(of: video)
        context = avcodec_alloc_context3(decoder)
        guard let codec = context, avcodec_parameters_to_context(codec, parameters) >= 0 else { throw .notAVideo(file: name, reason: .noDecoder) }
        // One thread: the analysis already decodes a clip on each core.
        codec.pointee.thread_count = 1
        let openedCodec = avcodec_open2(codec, decoder, nil)
        guard openedCodec >= 0 else { throw .notAVideo(file: name, reason: .decoder(Self.text(openedCodec))) }
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard packet != nil, frame != nil else { throw .notAVideo(file: name, reason: .noDecoder) }
        self.format = format
        self.codec = codec
        io = reading
        complete = true
    }

    deinit {
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
        Self.free(&io)
    }

    /// The next frame in time order and its time in seconds from the
    /// clip's start, nil at the end; the frame is the decoder's until the
    /// next call. `wanted` tells, from a packet's time, whether its frame
    /// may be used. A damaged packet is passed over (the decoder hides
    /// it, as a player does); a file that fails to give a single frame
    /// throws, with FFmpeg's reason.
    func next(wanted: (Double) -> Bool) throws(MediaError) -> (frame: UnsafeMutablePointer<AVFrame>, seconds: Double)? {
        guard let format, let codec, let packet, let frame else { return nil }
        var lastError: Int32 = 0
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                defer { decodedCount += 1 }
                let stamp = frame.pointee.best_effort_timestamp
                let seconds = stamp == flick_av_nopts() ? Double(decodedCount) * frameSeconds : Double(stamp - startTime) * timeBase
                return (frame, seconds)
            }
            if received == flick_av_error_eof() { break }
            if draining { break }
            let read = av_read_frame(format, packet)
            // Stalled: what the decoder still holds is not the clip (a stopped decode ends as the clip's end does).
            if source.stop == .stalled, let stalled = source.stopError { throw stalled }
            if read < 0 {
                // The end (or an unreadable tail): what is still in the decoder comes out.
                if read != flick_av_error_eof() { lastError = read }
                draining = true
                avcodec_send_packet(codec, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == stream else { continue }
            let stamp = packet.pointee.pts
            let used = stamp == flick_av_nopts() || wanted(Double(stamp - startTime) * timeBase)
            codec.pointee.skip_frame = used ? AVDISCARD_DEFAULT : AVDISCARD_NONREF
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0, sent != flick_av_error_again() { lastError = sent }
        }
        if decodedCount == 0, lastError < 0 { throw .notAVideo(file: name, reason: .decoder(Self.text(lastError))) }
        return nil
    }

    /// Whether the container's header already says all the decoder needs
    /// (MP4 and QuickTime: codec, size, frame rate and duration are in the
    /// header): then the streams are not probed by decoding their first
    /// frames, which would cost about 3 % of a 1080p clip's decode.
    private static func headerSuffices(_ format: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        guard let name = format.pointee.iformat?.pointee.name, String(cString: name).hasPrefix("mov,") else { return false }
        let streams = UnsafeBufferPointer(start: format.pointee.streams, count: Int(format.pointee.nb_streams))
        return streams.allSatisfy { stream in
            guard let parameters = stream?.pointee.codecpar else { return false }
            guard parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO else { return true }
            return parameters.pointee.codec_id != AV_CODEC_ID_NONE && parameters.pointee.width > 0 && parameters.pointee.height > 0
                && stream?.pointee.avg_frame_rate.num ?? 0 > 0
        }
    }

    /// The turn a display matrix asks for (FFmpeg's own rule: the nearest
    /// quarter turn; mirrored matrices are shown unmirrored).
    private static func orientation(of video: UnsafeMutablePointer<AVStream>) -> PhotoOrientation {
        var size: Int = 0
        guard let data = av_stream_get_side_data(video, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 9 * MemoryLayout<Int32>.size else { return .up }
        let degrees = -av_display_rotation_get(UnsafeRawPointer(data).assumingMemoryBound(to: Int32.self))
        guard degrees.isFinite else { return .up }
        let quarter = Int((degrees / 90).rounded()) & 3
        return [.up, .rotatedClockwise, .upsideDown, .rotatedCounterClockwise][quarter]
    }

    /// FFmpeg's message for `code`, starting lower case as a reason does.
    static func text(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        flick_av_error_text(code, &buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}
