import FlickApp
import FlickCore
import Foundation

/// The words for what an export of the likes took and left out (`LeftOut`
/// from FlickApp), shared by `flick export` and the window's Export Likes.
enum LikesWords {
    /// "all 11 liked clips" or "10 of the 11 liked clips".
    static func joined(_ count: Int, of liked: Int) -> String {
        count == liked
            ? trn("%ld liked clip", "all %ld liked clips", liked, liked)
            : trn("%ld of the %ld liked clip", "%ld of the %ld liked clips", liked, count, liked)
    }

    /// "IMG_0001.jpg is a photo, left out of the stitched video": a clip a
    /// stitched video left out, as the window lists it.
    static func stitchLeftOut(_ leftOut: LeftOut) -> String {
        let name = name(leftOut)
        switch leftOut.reason {
        case .photo: return tr("%@ is a photo, left out of the stitched video", name)
        case .noPicture: return tr("%@ has no picture, left out of the stitched video", name)
        case .unreadable(let error): return tr("%@; left out of the stitched video", RawPath.printable(ErrorText.media(error)))
        case .lengthUnknown, .notInMLT: return timelineLeftOut(leftOut)
        }
    }

    /// The line `flick export --stitch` says on stderr for a clip left out.
    static func stitchLeftOutLine(_ leftOut: LeftOut) -> String {
        if case .unreadable(let error) = leftOut.reason { return "Leaving out \(RawPath.printable(ErrorText.media(error)))" }
        return stitchLeftOut(leftOut) + "."
    }

    /// "NAME: why" for a clip left out of a timeline.
    static func timelineLeftOut(_ leftOut: LeftOut) -> String {
        let name = name(leftOut)
        switch leftOut.reason {
        case .unreadable(let error): return RawPath.printable(ErrorText.media(error))
        case .lengthUnknown: return tr("%@: its length is unknown", name)
        case .notInMLT(let refusal): return tr("%@ from the MLT project: %@", name, ErrorText.mlt(refusal))
        case .photo, .noPicture: return stitchLeftOut(leftOut)
        }
    }

    private static func name(_ leftOut: LeftOut) -> String {
        RawPath.printable((leftOut.relativePath as NSString).lastPathComponent)
    }
}
