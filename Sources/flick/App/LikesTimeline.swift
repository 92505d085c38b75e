import FlickCore
import FlickMedia
import FlickStore
import Foundation

/// The liked clips as editor timelines (`Timeline`), from what discovery
/// learns of each: its length, size, frame rate and sound. Shared by
/// `flick export --mlt/--otio` and the window's Export Likes.
///
/// A video discovery can't read, or whose length is unknown, is left out
/// of both and named; a name an MLT project can't hold is left out of
/// that one only. Photos last `photoSeconds` whatever discovery says.
///
/// Threading: blocks while it discovers; call it off the main thread.
enum LikesTimeline {
    struct Made {
        let mlt: Timeline
        let otio: Timeline
        /// "NAME: why", one per clip left out of either.
        let leftOut: [String]
    }

    static func make(_ items: [FileItem], title: String, photoSeconds: Double) -> Made {
        var clips: [Timeline.Clip] = []
        var leftOut: [String] = []
        for (item, result) in zip(items, ClipDiscovery.discoverAll(paths: items.map(\.absolutePath))) {
            let kind = ClipKind(fileName: item.relativePath) ?? .video
            let info = try? result.get()
            let name = RawPath.printable((item.relativePath as NSString).lastPathComponent)
            if kind == .video {
                guard let info else {
                    if case .failure(let error) = result { leftOut.append(RawPath.printable(ErrorText.media(error))) }
                    continue
                }
                guard let duration = info.duration, duration > 0 else {
                    leftOut.append(tr("%@: its length is unknown", name))
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
                leftOut.append(tr("%@ from the MLT project: %@", RawPath.printable((clip.path as NSString).lastPathComponent), ErrorText.mlt(refusal)))
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
    static func clock(_ seconds: Double) -> String { ClipInfo.formatDuration(seconds) }
}

/// What a stitched video of the likes took and left out: how many of the
/// liked clips went in, and each one left out by name with why. Shared by
/// `flick export --stitch` and the window's Export Likes › One Video.
enum StitchedLikes {
    /// The liked photos: a stitched video joins moving pictures only.
    static func photos(_ items: [FileItem]) -> [FileItem] {
        items.filter { ClipKind(fileName: $0.relativePath) == .photo }
    }

    /// "IMG_0001.jpg is a photo, left out of the stitched video".
    static func photoLeftOut(_ item: FileItem) -> String {
        tr("%@ is a photo, left out of the stitched video", RawPath.printable((item.relativePath as NSString).lastPathComponent))
    }

    /// "all 11 liked clips" or "10 of the 11 liked clips".
    static func joined(_ count: Int, of liked: Int) -> String {
        count == liked
            ? trn("%ld liked clip", "all %ld liked clips", liked, liked)
            : trn("%ld of the %ld liked clip", "%ld of the %ld liked clips", liked, count, liked)
    }
}
