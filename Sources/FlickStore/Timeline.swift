import FlickCore
import Foundation

/// The liked clips as an editor's timeline: one video track, the clips in
/// deck order, each at its own length with its sound, photos as stills of
/// a set length. `Timeline+MLT` writes it as an MLT XML project (what
/// Kdenlive, Shotcut and `melt` open), `Timeline+OTIO` as OpenTimelineIO
/// JSON.
///
/// The project's frame size is the most common among the videos (among
/// the photos when there are no videos; a tie goes to the first), made
/// even; its frame rate the most common among the videos (30 fps when
/// none says). Lengths are whole frames at that rate.
///
/// Threading: a value; any thread.
public struct Timeline: Sendable {
    /// One clip on the track.
    public struct Clip: Sendable, Equatable {
        /// Absolute path (raw-byte String, see `RawPath`).
        public let path: String
        public let kind: ClipKind
        /// Seconds it lasts on the timeline (a photo: the still's length).
        public let seconds: Double
        public let width: Int?
        public let height: Int?
        /// Frames per second as a fraction; nil or 0/x when unknown.
        public let frameRate: Fraction?
        public let hasAudio: Bool

        public init(path: String, kind: ClipKind, seconds: Double, width: Int? = nil, height: Int? = nil,
                    frameRate: Fraction? = nil, hasAudio: Bool = false) {
            self.path = path
            self.kind = kind
            self.seconds = seconds
            self.width = width
            self.height = height
            self.frameRate = frameRate
            self.hasAudio = hasAudio
        }

        /// The file's name, for people (stray bytes as "�").
        public var name: String { RawPath.display((path as NSString).lastPathComponent) }
    }

    public struct Fraction: Sendable, Hashable {
        public let numerator: Int
        public let denominator: Int
        public init(_ numerator: Int, _ denominator: Int) {
            self.numerator = numerator
            self.denominator = denominator
        }
        var isUsable: Bool { numerator > 0 && denominator > 0 }
        var value: Double { Double(numerator) / Double(denominator) }
    }

    /// The project's format.
    public struct Profile: Sendable, Equatable {
        public let width: Int
        public let height: Int
        public let frameRate: Fraction
    }

    /// Seconds a photo lasts unless asked otherwise.
    public static let defaultPhotoSeconds = 5.0
    /// The frame rate when no clip says one.
    static let defaultFrameRate = Fraction(30, 1)
    /// The frame size when no clip says one.
    static let defaultSize = (width: 1920, height: 1080)

    public let title: String
    public let clips: [Clip]
    public let profile: Profile

    public init(title: String, clips: [Clip]) {
        self.title = title
        self.clips = clips
        profile = Self.profile(for: clips)
    }

    /// The most common size and frame rate (see the type's comment).
    public static func profile(for clips: [Clip]) -> Profile {
        let videos = clips.filter { $0.kind == .video }
        let sized = (videos.contains { $0.width != nil } ? videos : clips).compactMap { clip -> Size? in
            guard let width = clip.width, let height = clip.height, width > 1, height > 1 else { return nil }
            return Size(width: width, height: height)
        }
        let size = mostCommon(sized) ?? Size(width: defaultSize.width, height: defaultSize.height)
        let rate = mostCommon(videos.compactMap { $0.frameRate.flatMap { $0.isUsable ? $0 : nil } }) ?? defaultFrameRate
        return Profile(width: size.width - size.width % 2, height: size.height - size.height % 2, frameRate: rate)
    }

    /// Whole frames `seconds` last at the project's rate (at least one).
    public func frames(_ seconds: Double) -> Int {
        max(1, Int((seconds * profile.frameRate.value).rounded()))
    }

    /// The timeline's length in frames.
    public var totalFrames: Int { clips.reduce(0) { $0 + frames($1.seconds) } }

    /// Why a clip can't be named in an MLT project, or nil: XML holds only
    /// UTF-8, and MLT opens a resource by its path as written (a file URI
    /// is not decoded), so a name with bytes that are not UTF-8 can't be
    /// written there. (OpenTimelineIO takes a percent-encoded URI: any name.)
    ///
    /// A HEIC/HEIF photo is refused too: none of MLT's image producers
    /// (qimage, pixbuf) reads it, so Shotcut would show "INVALID" and
    /// `melt` render INVALID frames in its place.
    public static func mltRefusal(_ clip: Clip) -> MLTRefusal? {
        if clip.kind == .photo, mltUnreadablePhotoExtensions.contains((clip.path as NSString).pathExtension.lowercased()) {
            return .photoFormat
        }
        if RawPath.isEscaped(clip.path) { return .notUTF8 }
        // XML 1.0 has no way to write these, escaped or not.
        if clip.path.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" }) {
            return .controlCharacters
        }
        return nil
    }

    /// Why a clip's name can't go in an MLT project (the app words it).
    public enum MLTRefusal: Sendable, Equatable, CaseIterable {
        case notUTF8
        case controlCharacters
        /// A photo format MLT can't load (HEIC, HEIF).
        case photoFormat
    }

    /// Photo extensions MLT's image producers can't load (checked with
    /// melt 7.12: "Failed to load"); AVIF, WebP, TIFF, GIF and BMP load.
    static let mltUnreadablePhotoExtensions: Set<String> = ["heic", "heif"]

    struct Size: Hashable {
        let width: Int
        let height: Int
    }

    /// The most common element; a tie goes to the one that comes first.
    static func mostCommon<T: Hashable>(_ items: [T]) -> T? {
        var counts: [T: Int] = [:]
        for item in items { counts[item, default: 0] += 1 }
        var best: T?
        for item in items where best == nil || counts[item, default: 0] > counts[best ?? item, default: 0] { best = item }
        return best
    }
}

extension Export {
    /// Writes a timeline (`mltXML`, `otioJSON`) to `destination` whole, as
    /// a playlist is written: a partial file renamed when complete, nothing
    /// left on failure or Ctrl+C; an existing file replaced only with `replace`.
    public static func writeTimeline(_ text: String, to destination: String, replace: Bool = false) throws(StoreError) {
        try writeAtomically(Data(text.utf8), to: destination, replace: replace)
    }
}
