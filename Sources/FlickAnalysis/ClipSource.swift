import CFFmpeg
import FlickCore
import FlickMedia
import Foundation

/// A clip's bytes for FFmpeg (`ClipDecoder` reads them through a custom
/// AVIOContext), read by a thread of their own so that no read can hold
/// the analysis: the caller waits for each read in short slices, looking
/// at Stop and at the clock between them. A read that gives nothing for
/// `stallLimit` seconds (a network share whose server stopped answering,
/// where read(2) waits in the kernel and nothing can interrupt it) stalls
/// the clip: its decode fails naming the file and the reason, the
/// analysis goes on with the next file, and the reader thread is left
/// behind; it closes the file and ends once the file system answers.
///
///     let source = try ClipSource(path: "/mnt/share/clip.mp4", name: "clip.mp4", cancelled: { stop.isSet })
///
/// Threading: every method but the reader's own loop runs on one thread
/// at a time (the decoder's).
final class ClipSource {
    /// Seconds a read may give nothing before the clip counts as stalled:
    /// as long as the GStreamer sampler waited for a frame, well past a
    /// busy disk's or a sleeping USB drive's wait, short enough that a
    /// dead share costs each clip little.
    static let stallLimit = 10.0
    /// Seconds between two looks at Stop and the clock while a read is out.
    static let lookInterval = 0.05
    /// Bytes asked for at most at once (FFmpeg's buffer for the source).
    static let bufferSize = 256 << 10

    /// The file's name as shown in errors.
    let name: String
    /// Whether the source can seek (a regular file; not a pipe).
    let seekable: Bool
    /// The size in bytes, nil for a pipe.
    private(set) var size: Int64?
    let stallLimit: Double
    /// Why reading ended early, once it did: every later read fails at once.
    private(set) var stop: Stop?

    enum Stop: Equatable { case stalled, cancelled }

    private let reader: ClipReader
    private let clock: () -> Double
    private let cancelled: () -> Bool
    private var position: Int64 = 0

    /// A regular file, opened (and checked) by the reader thread: opening
    /// a file on a share that stopped answering waits too.
    init(path: String, name: String, stallLimit: Double = ClipSource.stallLimit, clock: @escaping () -> Double = ClipSource.uptime,
         cancelled: @escaping () -> Bool) throws(MediaError) {
        self.name = name
        self.stallLimit = stallLimit
        self.clock = clock
        self.cancelled = cancelled
        reader = ClipReader(bufferSize: Self.bufferSize)
        seekable = true
        switch wait(for: .open(path)) {
        case .opened(let size): self.size = size
        case .failed(let failure): throw .unreadable(file: name, reason: .file(failure))
        default: throw stopError ?? .unreadable(file: name, reason: .file(.unreadable))
        }
    }

    /// Bytes from an open descriptor read in order (a pipe), which the
    /// reader closes when it is done with it.
    init(descriptor: Int32, name: String, stallLimit: Double = ClipSource.stallLimit, clock: @escaping () -> Double = ClipSource.uptime,
         cancelled: @escaping () -> Bool) {
        self.name = name
        self.stallLimit = stallLimit
        self.clock = clock
        self.cancelled = cancelled
        reader = ClipReader(bufferSize: Self.bufferSize, descriptor: descriptor)
        seekable = false
    }

    deinit { reader.finish() }

    /// The system's monotonic clock, in seconds.
    static func uptime() -> Double { ProcessInfo.processInfo.systemUptime }

    /// What the decode throws once reading stopped: the stall, named; or,
    /// for Stop, FFmpeg's own words (never stored nor shown: the analysis
    /// drops what a stopped run made).
    var stopError: MediaError? {
        switch stop {
        case .stalled: .unreadable(file: name, reason: .stalled(seconds: Int(stallLimit.rounded())))
        case .cancelled: .notAVideo(file: name, reason: .decoder(ClipDecoder.text(flick_av_error_exit())))
        case nil: nil
        }
    }

    /// Whether FFmpeg should give up now (its interrupt callback).
    var shouldStop: Bool {
        if stop == nil, cancelled() { stop = .cancelled }
        return stop != nil
    }

    /// Up to `count` bytes into `buffer`, FFmpeg's way: the count read,
    /// AVERROR_EOF at the end, AVERROR_EXIT once stalled or stopped.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int32) -> Int32 {
        let wanted = min(Int(count), Self.bufferSize)
        switch wait(for: .read(at: seekable ? position : nil, count: wanted)) {
        case .bytes(let got) where got > 0:
            reader.copy(got, to: buffer)
            position += Int64(got)
            return Int32(got)
        case .bytes: return flick_av_error_eof()
        case .error(let code): return flick_av_error_errno(code)
        default: return flick_av_error_exit()
        }
    }

    /// Moves the read position (no system call: each read says where it
    /// reads); `whence` AVSEEK_SIZE asks for the size.
    func seek(to offset: Int64, whence: Int32) -> Int64 {
        let how = whence & ~flick_avseek_force()
        if how == flick_avseek_size() { return size ?? -1 }
        let target: Int64? = switch how {
        case SEEK_SET: offset
        case SEEK_CUR: position + offset
        case SEEK_END: size.map { $0 + offset }
        default: nil
        }
        guard seekable, let target, target >= 0 else { return Int64(flick_av_error_errno(EINVAL)) }
        position = target
        return target
    }

    /// The reader's answer to `job`, nil when Stop came or the clock
    /// passed `stallLimit` first (the reader is then left behind).
    private func wait(for job: ClipReader.Job) -> ClipReader.Answer? {
        guard !shouldStop else { return nil }
        let started = clock()
        return reader.perform(job) { [self] in
            if shouldStop { return true }
            guard clock() - started >= stallLimit else { return false }
            stop = .stalled
            return true
        }
    }
}
