import CGst
import FlickCore
import Foundation
import GObjectKit

/// How a stored picture is turned to be shown, from a stream's
/// `image-orientation` tag (a phone's display matrix): clockwise turns,
/// and the mirrored variants (mirrored left to right, then turned).
public enum PictureOrientation: String, Equatable, Sendable, CaseIterable {
    case rotate0 = "rotate-0", rotate90 = "rotate-90", rotate180 = "rotate-180", rotate270 = "rotate-270"
    case flipRotate0 = "flip-rotate-0", flipRotate90 = "flip-rotate-90", flipRotate180 = "flip-rotate-180"
    case flipRotate270 = "flip-rotate-270"

    /// Whether the shown picture is the stored one on its side (width and height swap).
    public var swapsSides: Bool { [.rotate90, .rotate270, .flipRotate90, .flipRotate270].contains(self) }
}

/// What discovery learned about a clip.
public struct ClipInfo: Equatable, Sendable {
    /// Seconds; nil when the container does not say.
    public var duration: Double?
    /// The picture as it is shown: the stored size with the pixel aspect
    /// applied, turned by `orientation` ("1080×1920" for a portrait phone
    /// clip stored as 1920×1080). Cards, captions and stitching use this.
    public var width: Int?
    public var height: Int?
    /// The picture as it is stored and decoded.
    public var storedWidth: Int?
    public var storedHeight: Int?
    public var orientation: PictureOrientation = .rotate0
    /// What is wrong with a file that still partly reads (`FileDamage`).
    public var damage: FileDamage?
    public var hasVideo: Bool
    /// Media type of the video stream as it is stored, e.g. "video/x-h264".
    public var videoCodec: String?
    /// Media type of the first audio stream, e.g. "audio/mpeg"; nil when silent.
    public var audioCodec: String?
    /// The video stream's frames per second as numerator and denominator
    /// (25/1, 30000/1001); nil when it does not say (a still image: 0/1).
    public var frameRate: (numerator: Int, denominator: Int)? {
        frameRateNumerator > 0 && frameRateDenominator > 0 ? (frameRateNumerator, frameRateDenominator) : nil
    }
    var frameRateNumerator = 0
    var frameRateDenominator = 1

    public init(duration: Double? = nil, width: Int? = nil, height: Int? = nil, hasVideo: Bool = true,
                videoCodec: String? = nil, audioCodec: String? = nil) {
        self.duration = duration
        self.width = width
        self.height = height
        self.hasVideo = hasVideo
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        storedWidth = width
        storedHeight = height
    }

    /// A clip of sound alone (a voice memo): it plays, with no picture.
    public var isSoundOnly: Bool { !hasVideo && audioCodec != nil }

    /// The shown size of a stored `width`×`height` picture whose pixels are
    /// `aspect` (numerator, denominator) wide, turned by `orientation`.
    public static func shownSize(width: Int, height: Int, aspect: (Int, Int), orientation: PictureOrientation) -> (width: Int, height: Int) {
        let (numerator, denominator) = aspect
        let wide = numerator > 0 && denominator > 0 ? max(1, Int((Double(width) * Double(numerator) / Double(denominator)).rounded())) : width
        return orientation.swapsSides ? (height, wide) : (wide, height)
    }

    /// "0:08 · 1920×1080", for the card's caption.
    public var summary: String {
        var parts: [String] = []
        if let duration { parts.append(Self.formatDuration(duration)) }
        if let width, let height { parts.append("\(width)×\(height)") }
        return parts.joined(separator: " · ")
    }

    /// "0:08", "1:02:03"; under a second in tenths, "0:00.3", so a short
    /// clip never reads as empty.
    public static func formatDuration(_ seconds: Double) -> String {
        if seconds > 0 && seconds < 0.95 {
            return String(format: "0:00.%d", max(1, Int((seconds * 10).rounded())))
        }
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }
}

/// Why a clip cannot be shown: the file's name and the facts. The app
/// words it (`ErrorText`); logs print the value.
public enum MediaError: Error, Equatable, Sendable {
    case unreadable(file: String, reason: Reason)
    case notAVideo(file: String, reason: Reason)
    case missingDecoder(file: String, what: String, package: String)
    case timedOut(file: String)
    /// Opened, with sound but no video stream: nothing to show on a card.
    case noPicture(file: String)
    /// Bigger than `DecodeLimit.maxPixels`: refused before it is decoded.
    case tooLarge(file: String, width: Int, height: Int)
    /// A photo in a format no installed gdk-pixbuf loader reads.
    case missingLoader(file: String, format: String, package: String)

    /// What was wrong with the file, or what GStreamer said.
    public enum Reason: Sendable, Equatable {
        /// The file itself: gone, not a regular file, permission denied, empty.
        case file(FileBytes.Failure)
        /// Its name cannot be turned into a URI.
        case noURI
        /// A photo no loader could decode.
        case notAPicture
        /// Its streams hold no picture.
        case noPictureStream
        case noDecoder
        case noPictureCameOut
        case pictureCutShort
        case playbinMissing
        case noVideoSink
        /// GStreamer failed and said nothing.
        case cannotRead
        case cannotPlay
        /// GStreamer's own message.
        case gstreamer(String)
        /// FFmpeg's own message (the clip sampler's decoder).
        case decoder(String)
        /// Its file system gave no bytes for `seconds` (a share whose
        /// server stopped answering): not the file's fault.
        case stalled(seconds: Int)
    }

    /// The file's name as shown.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .notAVideo(let file, _), .missingDecoder(let file, _, _), .timedOut(let file),
             .noPicture(let file), .tooLarge(let file, _, _), .missingLoader(let file, _, _): file
        }
    }

}

/// Reads a clip's duration and size with GstDiscoverer.
public enum ClipDiscovery {
    /// Seconds a clip may take to be discovered before it counts as broken.
    public static let defaultTimeout = 5.0

    public static func discover(path: String, timeout: Double = defaultTimeout) throws(MediaError) -> ClipInfo {
        GStreamer.initialize()
        let name = RawPath.display((path as NSString).lastPathComponent)
        try precheck(path: path)
        var error: UnsafeMutablePointer<GError>?
        guard let discoverer = ObjectRef(taking: gst_discoverer_new(GstClockTime(timeout * 1e9), &error)) else {
            defer { g_clear_error(&error) }
            throw .notAVideo(file: name, reason: Self.message(error))
        }
        DecodeLimit.guardDecoding(in: discoverer.pointer)
        guard let uri = g_filename_to_uri(RawPath.c(path), nil, nil) else {
            throw .unreadable(file: name, reason: .noURI)
        }
        defer { g_free(uri) }
        let discovered = ObjectRef(taking: gst_discoverer_discover_uri(discoverer.pointer, uri, &error))
        defer { g_clear_error(&error) }
        guard let info = discovered?.pointer else { throw .notAVideo(file: name, reason: Self.message(error)) }
        switch gst_discoverer_info_get_result(info) {
        case GST_DISCOVERER_OK:
            break
        case GST_DISCOVERER_TIMEOUT:
            throw .timedOut(file: name)
        case GST_DISCOVERER_MISSING_PLUGINS:
            throw Self.missingDecoder(info, file: name)
        default:
            throw .notAVideo(file: name, reason: Self.message(error))
        }
        let clip = Self.clipInfo(info)
        if let width = clip.storedWidth, let height = clip.storedHeight, DecodeLimit.refuses(width: width, height: height) {
            throw .tooLarge(file: name, width: width, height: height)
        }
        return clip
    }

    /// The reasons a file cannot be opened that need no decoding: gone,
    /// unreadable, empty.
    static func precheck(path: String) throws(MediaError) {
        let name = RawPath.display((path as NSString).lastPathComponent)
        let raw = RawPath.c(path)
        var info = stat()
        guard stat(raw, &info) == 0 else { throw .unreadable(file: name, reason: .file(.gone)) }
        // A FIFO or device would block the decoder's open() forever.
        guard info.st_mode & S_IFMT == S_IFREG else { throw .unreadable(file: name, reason: .file(.notRegular)) }
        guard access(raw, R_OK) == 0 else { throw .unreadable(file: name, reason: .file(.permissionDenied)) }
        guard info.st_size > 0 else { throw .notAVideo(file: name, reason: .file(.empty)) }
    }

    private static func clipInfo(_ info: OpaquePointer) -> ClipInfo {
        let nanoseconds = gst_discoverer_info_get_duration(info)
        var result = ClipInfo(
            duration: nanoseconds == flick_gst_clock_time_none() ? nil : Double(nanoseconds) / 1e9,
            width: nil, height: nil, hasVideo: false, videoCodec: nil, audioCodec: nil
        )
        let streams = gst_discoverer_info_get_video_streams(info)
        defer { gst_discoverer_stream_info_list_free(streams) }
        if let first = streams?.pointee.data {
            let video = OpaquePointer(first)
            result.hasVideo = true
            let width = Int(gst_discoverer_video_info_get_width(video)), height = Int(gst_discoverer_video_info_get_height(video))
            let aspect = (Int(gst_discoverer_video_info_get_par_num(video)), Int(gst_discoverer_video_info_get_par_denom(video)))
            result.orientation = orientation(video) ?? orientation(ofTags: gst_discoverer_info_get_tags(info)) ?? .rotate0
            (result.storedWidth, result.storedHeight) = (width, height)
            (result.width, result.height) = ClipInfo.shownSize(width: width, height: height, aspect: aspect, orientation: result.orientation)
            result.videoCodec = mediaType(video)
            result.frameRateNumerator = Int(gst_discoverer_video_info_get_framerate_num(video))
            result.frameRateDenominator = Int(gst_discoverer_video_info_get_framerate_denom(video))
        }
        let audio = gst_discoverer_info_get_audio_streams(info)
        defer { gst_discoverer_stream_info_list_free(audio) }
        if let first = audio?.pointee.data {
            result.audioCodec = mediaType(OpaquePointer(first))
        }
        return result
    }

    /// The stream's `image-orientation` tag, if it has one GStreamer names.
    private static func orientation(_ stream: OpaquePointer) -> PictureOrientation? {
        orientation(ofTags: gst_discoverer_stream_info_get_tags(stream))
    }

    private static func orientation(ofTags tags: UnsafePointer<GstTagList>?) -> PictureOrientation? {
        guard let tags else { return nil }
        var value: UnsafeMutablePointer<gchar>?
        guard gst_tag_list_get_string(tags, "image-orientation", &value) != 0, let value else { return nil }
        defer { g_free(value) }
        return PictureOrientation(rawValue: String(cString: value))
    }

    private static func mediaType(_ stream: OpaquePointer) -> String? {
        guard let owned = CapsRef(taking: gst_discoverer_stream_info_get_caps(stream)) else { return nil }
        let caps = owned.pointer
        guard gst_caps_get_size(caps) > 0, let structure = gst_caps_get_structure(caps, 0),
              let name = gst_structure_get_name(structure) else { return nil }
        return String(cString: name)
    }

    /// What is missing and where to get it, from GStreamer's missing-plugin details.
    private static func missingDecoder(_ info: OpaquePointer, file: String) -> MediaError {
        guard let details = gst_discoverer_info_get_missing_elements_installer_details(info), let first = details[0] else {
            return MissingPlugin.error(file: file, installerDetail: "")
        }
        return MissingPlugin.error(file: file, installerDetail: String(cString: first))
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> MediaError.Reason {
        guard let text = error?.pointee.message else { return .cannotRead }
        let message = String(cString: text)
        return .gstreamer(message.prefix(1).lowercased() + message.dropFirst())
    }
}

extension ClipDiscovery {
    /// Discovers many clips at once, one discoverer per core; results in
    /// the order of `paths`. Blocks the caller like `discover`.
    public static func discoverAll(paths: [String], timeout: Double = defaultTimeout) -> [Result<ClipInfo, MediaError>] {
        let results = ResultBox(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            results.set(index, Result { () throws(MediaError) in try discover(path: paths[index], timeout: timeout) })
        }
        return results.values
    }

    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Result<ClipInfo, MediaError>?]
        init(count: Int) { storage = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<ClipInfo, MediaError>) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }
        var values: [Result<ClipInfo, MediaError>] {
            lock.lock()
            defer { lock.unlock() }
            return storage.map { $0 ?? .failure(.timedOut(file: "")) }
        }
    }
}
