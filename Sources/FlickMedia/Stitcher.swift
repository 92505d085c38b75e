import CGst
import FlickCore
import Foundation

/// Why stitching stopped: the clip or file and the facts. The app words
/// it (`ErrorText`); logs print the value.
public enum StitchError: Error, Equatable, Sendable {
    /// There are no clips to stitch.
    case noClips
    /// The clip at the path has sound but no picture.
    case soundOnly(clip: String)
    /// The destination's extension names no format Flick writes.
    case unknownFormat(destination: String)
    /// GStreamer has no `element`; `package` provides it, when known.
    case missingElement(element: String, package: String?)
    /// The pipeline could not be built (GStreamer's words, when it said any).
    case notBuilt(detail: String?)
    /// GStreamer refused to start the pipeline.
    case notStarted
    /// The pipeline's bus could not be watched.
    case notWatched
    case cancelled
    /// The destination could not be written: the errno (EEXIST: it exists).
    case cannotWrite(destination: String, errno: Int32)
    /// GStreamer stopped with an error, in the clip at the path when known.
    case failed(clip: String?, detail: String?)
    /// No progress for `seconds`, in the clip at the path when known.
    case stalled(clip: String?, seconds: Int)

}

/// Joins clips into one video, in order. When every clip shares container,
/// codecs and frame size (and no other size is asked for), the streams are
/// copied as they are (a lossless remux); otherwise each clip is decoded,
/// scaled (letterboxed) to one frame size and encoded once: H.264/AAC in
/// MP4, or VP8/Vorbis in WebM, by the destination's extension. The size is
/// the one asked for, or the most common size among the clips, at most
/// 1920×1080 (1080×1920 when portrait): one 8K clip does not make the
/// whole job 8K.
///
/// Threading: `run` blocks the calling thread (it polls the pipeline's bus)
/// and calls `progress` on it; call it off the main thread. The output is
/// written to a short hidden partial file (`PartialFile`) and renamed only
/// on success — never over an existing file unless `replace` — and failure
/// or cancel removes it; one left by a killed run is removed by the next.
public enum Stitcher {
    public struct Clip: Sendable {
        public let path: String
        public let info: ClipInfo

        public init(path: String, info: ClipInfo) {
            self.path = path
            self.info = info
        }
    }

    public enum Method: String, Sendable { case remux, reencode }

    /// Seconds a stitch may go without its position moving (and without a
    /// message from GStreamer) before it counts as stuck: far longer than
    /// an encoder takes for one frame on a slow machine.
    public static let defaultStallTimeout = 30.0

    /// The container families Flick writes, by destination extension.
    enum Family: Sendable {
        case mp4, webm, matroska

        init?(path: String) {
            switch (path as NSString).pathExtension.lowercased() {
            case "mp4", "m4v", "mov": self = .mp4
            case "webm": self = .webm
            case "mkv": self = .matroska
            default: return nil
            }
        }

        var demuxer: String { self == .mp4 ? "qtdemux" : "matroskademux" }
        var muxer: String {
            switch self {
            case .mp4: "mp4mux"
            case .webm: "webmmux"
            case .matroska: "matroskamux"
            }
        }
        /// Encoders for a re-encode and the Debian package that has each.
        var encoders: (video: String, audio: String) {
            self == .webm ? ("vp8enc", "vorbisenc") : ("x264enc", self == .mp4 ? "avenc_aac" : "vorbisenc")
        }
        func canRemux(from path: String) -> Bool {
            guard let source = Family(path: path) else { return false }
            return self == .mp4 ? source == .mp4 : source != .mp4
        }
    }

    static let packages = ["x264enc": "gstreamer1.0-plugins-ugly", "avenc_aac": "gstreamer1.0-libav",
                           "vp8enc": "gstreamer1.0-plugins-good", "vorbisenc": "gstreamer1.0-plugins-base",
                           "mp4mux": "gstreamer1.0-plugins-good", "webmmux": "gstreamer1.0-plugins-good",
                           "matroskamux": "gstreamer1.0-plugins-good"]

    /// Whether `clips` can be joined without re-encoding into `destination`
    /// (at `size`, when one is asked for).
    public static func method(for clips: [Clip], destination: String, size: (width: Int, height: Int)? = nil) -> Method {
        guard let family = Family(path: destination), let first = clips.first?.info else { return .reencode }
        if let size, size.width != first.width || size.height != first.height { return .reencode }
        let same = clips.allSatisfy { clip in
            family.canRemux(from: clip.path) && clip.info.videoCodec != nil && clip.info.videoCodec == first.videoCodec
                && clip.info.width == first.width && clip.info.height == first.height && clip.info.audioCodec == first.audioCodec
                // One track has one display matrix: a turned clip is re-encoded upright.
                && clip.info.orientation == .rotate0 && clip.info.storedWidth == first.storedWidth
                && clip.info.storedHeight == first.storedHeight
        }
        return same ? .remux : .reencode
    }

    /// The largest frame a re-encode makes unless asked: 1920×1080, or
    /// 1080×1920 for a portrait size (pixels).
    public static let maximumSize = (long: 1920, short: 1080)

    /// The frame size of a re-encode: `requested` (made even), else the
    /// most common size among the clips (a tie goes to the one that comes
    /// first), scaled down to fit `maximumSize`.
    public static func frameSize(for clips: [Clip], requested: (width: Int, height: Int)? = nil) -> (width: Int, height: Int) {
        if let requested { return (even(requested.width), even(requested.height)) }
        var counts: [Int: Int] = [:]
        var order: [(width: Int, height: Int)] = []
        for clip in clips {
            guard let width = clip.info.width, let height = clip.info.height, width > 0, height > 0 else { continue }
            let key = width << 20 | height
            if counts[key] == nil { order.append((width, height)) }
            counts[key, default: 0] += 1
        }
        guard let common = order.max(by: { counts[$0.width << 20 | $0.height] ?? 0 < counts[$1.width << 20 | $1.height] ?? 0 }) else {
            return (1280, 720)
        }
        let (long, short) = common.width >= common.height ? (maximumSize.long, maximumSize.short) : (maximumSize.short, maximumSize.long)
        let scale = min(1, Double(long) / Double(common.width), Double(short) / Double(common.height))
        return (even(Int((Double(common.width) * scale).rounded())), even(Int((Double(common.height) * scale).rounded())))
    }

    /// Splits `clips` into those with a picture, which a stitch can join,
    /// and those without (sound only), which callers leave out and name.
    public static func withPicture(_ clips: [Clip]) -> (kept: [Clip], leftOut: [Clip]) {
        (clips.filter(\.info.hasVideo), clips.filter { !$0.info.hasVideo })
    }

    /// Stitches `clips` into `destination`. A remux that GStreamer refuses
    /// (streams that differ in detail) falls back to a re-encode. A clip
    /// without a picture is refused up front, named (leave it out with
    /// `withPicture`): the video track would wait for it forever. A
    /// pipeline that makes no progress for `stallTimeout` seconds stops
    /// with an error naming the clip it was on.
    /// Returns the method used.
    @discardableResult
    public static func run(_ clips: [Clip], to destination: String, size: (width: Int, height: Int)? = nil, replace: Bool = false,
                           stallTimeout: Double = defaultStallTimeout,
                           progress: (Double) -> Void = { _ in },
                           isCancelled: () -> Bool = { false }) throws(StitchError) -> Method {
        GStreamer.initialize()
        guard !clips.isEmpty else { throw .noClips }
        if let soundOnly = clips.first(where: { !$0.info.hasVideo }) {
            throw .soundOnly(clip: soundOnly.path)
        }
        guard let family = Family(path: destination) else {
            throw .unknownFormat(destination: destination)
        }
        let total = clips.reduce(0.0) { $0 + ($1.info.duration ?? 0) }
        if method(for: clips, destination: destination, size: size) == .remux {
            do throws(StitchError) {
                try execute(remuxDescription(clips, family: family), clips: clips, destination: destination, replace: replace,
                            total: total, stallTimeout: stallTimeout, progress: progress, isCancelled: isCancelled)
                return .remux
            } catch {
                if isCancelled() { throw error }
                Log.info("remux refused, re-encoding: \(error)", category: "stitch")
            }
        }
        for element in [family.encoders.video, family.muxer] + (clips.contains { $0.info.audioCodec != nil } ? [family.encoders.audio] : [])
        where gst_element_factory_find(element) == nil {
            throw .missingElement(element: element, package: packages[element])
        }
        try execute(reencodeDescription(clips, family: family, size: frameSize(for: clips, requested: size)), clips: clips,
                    destination: destination, replace: replace, total: total, stallTimeout: stallTimeout,
                    progress: progress, isCancelled: isCancelled)
        return .reencode
    }

    /// Copies the streams: demux each clip, concatenate, mux.
    static func remuxDescription(_ clips: [Clip], family: Family) -> String {
        let hasAudio = clips.first?.info.audioCodec != nil
        // Name the muxer's pads: a bare link could take its audio pad for video.
        var parts = ["\(family.muxer) name=mux ! filesink name=sink", "concat name=v ! queue ! mux.video_0"]
        if hasAudio { parts.append("concat name=a ! queue ! mux.audio_0") }
        for index in clips.indices {
            parts.append("filesrc name=src\(index) ! \(family.demuxer) name=d\(index)")
            parts.append("d\(index).video_0 ! queue ! v.")
            if hasAudio { parts.append("d\(index).audio_0 ! queue ! a.") }
        }
        return parts.joined(separator: "  ")
    }

    /// Decodes every clip to `size`, then encodes once.
    /// `identity single-segment` turns the clips' segments into one timeline
    /// before the encoder, whose look-ahead would otherwise carry frames of
    /// one clip into the next clip's segment.
    static func reencodeDescription(_ clips: [Clip], family: Family, size: (width: Int, height: Int)) -> String {
        let width = size.width, height = size.height
        let hasAudio = clips.contains { $0.info.audioCodec != nil }
        let video = family == .webm
            ? "vp8enc deadline=1 cpu-used=8 target-bitrate=4000000"
            : "x264enc speed-preset=veryfast ! video/x-h264,profile=main"
        let raw = "video/x-raw,format=I420,width=\(width),height=\(height),pixel-aspect-ratio=1/1,framerate=30/1"
        let pcm = "audio/x-raw,format=F32LE,rate=48000,channels=2,layout=interleaved"
        var parts = ["\(family.muxer) name=mux ! filesink name=sink", "concat name=v ! identity single-segment=true ! queue ! \(video) ! queue ! mux.video_0"]
        if hasAudio { parts.append("concat name=a ! identity single-segment=true ! queue ! audioconvert ! \(family.encoders.audio) ! queue ! mux.audio_0") }
        for (index, clip) in clips.enumerated() {
            parts.append("uridecodebin name=src\(index)")
            // Upright first (a phone's portrait clip), then fitted to the frame.
            parts.append("src\(index). ! videoconvert ! queue ! videoflip video-direction=auto ! videoscale add-borders=true ! "
                         + "videorate ! videoconvert ! \(raw) ! v.")
            guard hasAudio else { continue }
            if clip.info.audioCodec != nil {
                parts.append("src\(index). ! audioconvert ! queue ! audioresample ! audioconvert ! \(pcm) ! a.")
            } else {
                // Silence as long as the clip keeps the sound in step with the picture.
                let buffers = Int(((clip.info.duration ?? 0) * 48000 / 1024).rounded(.up))
                parts.append("audiotestsrc wave=silence samplesperbuffer=1024 num-buffers=\(max(buffers, 1)) ! \(pcm) ! a.")
            }
        }
        return parts.joined(separator: "  ")
    }

    private static func even(_ value: Int) -> Int { max(2, value - value % 2) }
}
