import FlickApp
import FlickCore
import FlickStore

/// The words for a Live Photo in Apply (the CLI and the window): both
/// files named, and why a half stays.
enum LivePhotoWords {
    /// "Moved IMG_0001.HEIC and its Live Photo video IMG_0001.MOV together."
    static func movedTogether(_ pair: LivePhotoPair) -> String {
        tr("Moved %@ and its Live Photo video %@ together.", RawPath.printable(pair.still), RawPath.printable(pair.video))
    }

    /// "Copied IMG_0001.HEIC and its Live Photo video IMG_0001.MOV together."
    static func copiedTogether(_ pair: LivePhotoPair, link: Bool) -> String {
        link ? tr("Linked %@ and its Live Photo video %@ together.", RawPath.printable(pair.still), RawPath.printable(pair.video))
            : tr("Copied %@ and its Live Photo video %@ together.", RawPath.printable(pair.still), RawPath.printable(pair.video))
    }

    /// "Live Photo IMG_0001.HEIC is in it as its video IMG_0001.MOV." (a
    /// playlist, a stitched video, a timeline).
    static func asVideo(_ pair: LivePhotoPair) -> String {
        tr("Live Photo %@ is in it as its video %@.", RawPath.printable(pair.still), RawPath.printable(pair.video))
    }

    /// "IMG_0001.HEIC and its Live Photo video IMG_0001.MOV" (a dry run's line).
    static func both(_ pair: LivePhotoPair) -> String {
        tr("%@ and its Live Photo video %@", RawPath.printable(pair.still), RawPath.printable(pair.video))
    }

    /// A row of the Apply list: the file, and the other half going with it.
    static func row(_ path: String, in pair: LivePhotoPair) -> String {
        pair.still == path
            ? tr("%@, with its Live Photo video %@", RawPath.display(pair.still), RawPath.display(pair.video))
            : tr("%@, the video of Live Photo %@", RawPath.display(pair.video), RawPath.display(pair.still))
    }

    /// "IMG_0001.HEIC stays: its Live Photo video IMG_0001.MOV is liked, and a like keeps the whole Live Photo".
    static func held(_ hold: PairHold) -> String {
        let path = RawPath.printable(hold.path), partner = RawPath.printable(hold.partner)
        switch (hold.reason, hold.isStill) {
        case (.partnerLiked, true):
            return tr("%@ stays: its Live Photo video %@ is liked, and a like keeps the whole Live Photo", path, partner)
        case (.partnerLiked, false):
            return tr("%@ stays: its Live Photo still %@ is liked, and a like keeps the whole Live Photo", path, partner)
        case (.partnerNotMoved, true):
            return tr("%@ stays with its Live Photo video %@, which was not moved", path, partner)
        case (.partnerNotMoved, false):
            return tr("%@ stays with its Live Photo still %@, which was not moved", path, partner)
        }
    }
}
