import FlickCore
import FlickMedia
import FlickStore
import Foundation

/// The liked clips as editor timelines (`Timeline`), from what discovery
/// learns of each: its length, size, frame rate and sound.
///
/// A video discovery can't read, or whose length is unknown, is left out
/// of both and named; a name an MLT project can't hold is left out of
/// that one only. Photos last `photoSeconds` whatever discovery says.
///
/// Threading: blocks while it discovers; call it off the main thread.
public enum LikesTimeline {
    public struct Made: Sendable {
        public let mlt: Timeline
        public let otio: Timeline
        /// One per clip left out of either, in deck order; then those left
        /// out of the MLT project only.
        public let leftOut: [LeftOut]
    }

    public static func make(_ items: [FileItem], title: String, photoSeconds: Double) -> Made {
        var clips: [Timeline.Clip] = []
        var leftOut: [LeftOut] = []
        var relative: [String: String] = [:]
        for (item, result) in zip(items, ClipDiscovery.discoverAll(paths: items.map(\.absolutePath))) {
            let kind = ClipKind(fileName: item.relativePath) ?? .video
            let info = try? result.get()
            relative[item.absolutePath] = item.relativePath
            if kind == .video {
                guard let info else {
                    if case .failure(let error) = result {
                        leftOut.append(LeftOut(path: item.absolutePath, relativePath: item.relativePath, reason: .unreadable(error)))
                    }
                    continue
                }
                guard let duration = info.duration, duration > 0 else {
                    leftOut.append(LeftOut(path: item.absolutePath, relativePath: item.relativePath, reason: .lengthUnknown))
                    continue
                }
                clips.append(clip(item.absolutePath, kind: kind, seconds: duration, info: info))
            } else {
                clips.append(clip(item.absolutePath, kind: kind, seconds: photoSeconds, info: info))
            }
        }
        var forMLT: [Timeline.Clip] = []
        for clip in clips {
            if let refusal = Timeline.mltRefusal(clip) {
                leftOut.append(LeftOut(path: clip.path, relativePath: relative[clip.path] ?? clip.path, reason: .notInMLT(refusal)))
            } else {
                forMLT.append(clip)
            }
        }
        return Made(mlt: Timeline(title: title, clips: forMLT), otio: Timeline(title: title, clips: clips), leftOut: leftOut)
    }

    private static func clip(_ path: String, kind: ClipKind, seconds: Double, info: ClipInfo?) -> Timeline.Clip {
        Timeline.Clip(path: path, kind: kind, seconds: seconds, width: info?.width, height: info?.height,
                      frameRate: info?.frameRate.map { Timeline.Fraction($0.numerator, $0.denominator) },
                      hasAudio: info?.audioCodec != nil)
    }

    /// "1:02" for a timeline's length.
    public static func clock(_ seconds: Double) -> String { ClipInfo.formatDuration(seconds) }

    /// A timeline's length in seconds.
    public static func seconds(_ timeline: Timeline) -> Double {
        let rate = timeline.profile.frameRate
        return Double(timeline.totalFrames) / (Double(rate.numerator) / Double(rate.denominator))
    }
}
