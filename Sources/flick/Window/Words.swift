import FlickCore
import FlickMedia
import Foundation

/// What Flick says: every sentence the window shows or a screen reader
/// hears about the review, from the model's structured events, through
/// gettext. One place, so the status line, the cards and announcements
/// cannot word the same thing two ways.
@MainActor
enum Words {
    /// "liked", "marked for deletion", "skipped".
    static func decision(_ decision: Decision) -> String {
        switch decision {
        case .like: tr("liked")
        case .delete: tr("marked for deletion")
        case .skip: tr("skipped")
        }
    }

    /// The status line (and announcement) for what just happened; `noun`:
    /// what the deck holds (photos, clips or items, see `noun(kinds:)`).
    static func event(_ event: ReviewEvent, noun: Noun) -> String {
        switch event {
        case .opened(let decided, let total):
            decided == 0
                ? tr("Drag a card, or press L to like, D to delete, S to skip.")
                : tr("Welcome back: %ld of %ld already decided. U undoes the last one.", decided, total)
        case .decided(let name, let decision, let left):
            decided(name, decision) + " " + trn("%ld left.", "%ld left.", left, left)
        case .finished(let stats, let last):
            (last.map { decided($0.name, $0.decision) + " " } ?? "") + finished(stats, noun: noun)
        case .stillUndecided(let count, let first, let last):
            (last.map { decided($0.name, $0.decision) + " " } ?? "") + stillUndecided(count, first: first, noun: noun)
        case .movedOn(let name, let decision):
            decision.map { tr("%@ is on top, %@.", name, Words.decision($0)) } ?? tr("%@ is on top.", name)
        case .wentBack(let name, let earlier):
            earlier.map { tr("Back to %@, %@.", name, decision($0)) } ?? tr("Back to %@.", name)
        case .undidDecision(let name, let decision, let left):
            undid(name, decision) + " " + trn("%ld left.", "%ld left.", left, left)
        case .undidPrevious(let name):
            tr("Undid going back: %@ is on top.", name)
        case .reviewingAgain:
            tr("Reviewing again from the first card; your decisions are kept.")
        case .decidedMany(let count, let decision, let kinds):
            many(count, decision, noun: kinds.isEmpty ? noun : Words.noun(kinds: kinds))
        case .undidMany(let count):
            trn("Undid %ld decision.", "Undid %ld decisions.", count, count)
        case .showing(let name, let decision):
            decision.map { tr("Back to %@, %@.", name, Words.decision($0)) } ?? tr("%@ is on top.", name)
        case .reviewingSkipped(let name, let count):
            switch noun {
            case .clip: trn("Going through the %ld skipped clip: %@ is on top.", "Going through the %ld skipped clips: %@ is on top.", count, count, name)
            case .photo: trn("Going through the %ld skipped photo: %@ is on top.", "Going through the %ld skipped photos: %@ is on top.", count, count, name)
            case .item: trn("Going through the %ld skipped item: %@ is on top.", "Going through the %ld skipped items: %@ is on top.", count, count, name)
            }
        case .reviewingSuggestions(let name, let count):
            reviewingSuggestions(name: name, count: count)
        case .suggestionsReviewed(let count, let last):
            (last.map { decided($0.name, $0.decision) + " " } ?? "") + suggestionsReviewed(count: count)
        case .playback(let playing):
            playing ? tr("Playing.") : tr("Paused.")
        case .sound(let on):
            on ? tr("Sound on.") : tr("Sound off.")
        case .speed(let rate):
            tr("Speed %@.", speed(rate))
        case .notSaved(let reason):
            tr("Not saved, so not taken: %@", reason)
        case .kept, .decidedStack, .showingMember:
            stackEvent(event) ?? ""
        }
    }

    private static func decided(_ name: String, _ decision: Decision) -> String {
        switch decision {
        case .like: tr("Liked %@.", name)
        case .delete: tr("Marked %@ for deletion.", name)
        case .skip: tr("Skipped %@.", name)
        }
    }

    /// "Undid the like: a.mp4 is back on top." (which decision went).
    private static func undid(_ name: String, _ decision: Decision) -> String {
        switch decision {
        case .like: tr("Undid the like: %@ is back on top.", name)
        case .delete: tr("Undid the mark for deletion: %@ is back on top.", name)
        case .skip: tr("Undid the skip: %@ is back on top.", name)
        }
    }

    /// "Liked 3 clips.", "Marked 2 photos for deletion.", "Skipped 4 items.".
    private static func many(_ count: Int, _ decision: Decision, noun: Noun) -> String {
        switch (decision, noun) {
        case (.like, .clip): trn("Liked %ld clip.", "Liked %ld clips.", count, count)
        case (.like, .photo): trn("Liked %ld photo.", "Liked %ld photos.", count, count)
        case (.like, .item): trn("Liked %ld item.", "Liked %ld items.", count, count)
        case (.delete, .clip): trn("Marked %ld clip for deletion.", "Marked %ld clips for deletion.", count, count)
        case (.delete, .photo): trn("Marked %ld photo for deletion.", "Marked %ld photos for deletion.", count, count)
        case (.delete, .item): trn("Marked %ld item for deletion.", "Marked %ld items for deletion.", count, count)
        case (.skip, .clip): trn("Skipped %ld clip.", "Skipped %ld clips.", count, count)
        case (.skip, .photo): trn("Skipped %ld photo.", "Skipped %ld photos.", count, count)
        case (.skip, .item): trn("Skipped %ld item.", "Skipped %ld items.", count, count)
        }
    }

    /// "All clips reviewed", "All photos reviewed", "All items reviewed".
    private static func allReviewed(_ noun: Noun) -> String {
        switch noun {
        case .clip: tr("All clips reviewed")
        case .photo: tr("All photos reviewed")
        case .item: tr("All items reviewed")
        }
    }

    /// "All clips reviewed: 3 liked, 1 marked for deletion, 0 skipped." or,
    /// with skipped clips, "All clips reviewed; 15 skipped. 3 liked, 1
    /// marked for deletion." (the skipped ones first: they are still to go
    /// through).
    static func finished(_ stats: SessionStats, noun: Noun) -> String {
        guard stats.skips > 0 else {
            return tr("%@: %ld liked, %ld marked for deletion, %ld skipped.", allReviewed(noun), stats.likes, stats.deletes, stats.skips)
        }
        return trn("%@; %ld skipped.", "%@; %ld skipped.", stats.skips, allReviewed(noun), stats.skips) + " "
            + tr("%ld liked, %ld marked for deletion.", stats.likes, stats.deletes)
    }

    /// The end of the deck while clips are still undecided: "1 clip is still
    /// undecided: IMG_0055.mp4." (the end page's Go to Undecided shows it).
    static func stillUndecided(_ count: Int, first: String, noun: Noun) -> String {
        switch noun {
        case .clip: trn("%ld clip is still undecided: %@.", "%ld clips are still undecided, the first is %@.", count, count, first)
        case .photo: trn("%ld photo is still undecided: %@.", "%ld photos are still undecided, the first is %@.", count, count, first)
        case .item: trn("%ld item is still undecided: %@.", "%ld items are still undecided, the first is %@.", count, count, first)
        }
    }

    /// The end page's title: "All Clips Reviewed", or "1 Clip Still Undecided".
    static func endTitle(undecided: Int, noun: Noun) -> String {
        switch noun {
        case .clip: undecided == 0 ? tr("All Clips Reviewed") : trn("%ld Clip Still Undecided", "%ld Clips Still Undecided", undecided, undecided)
        case .photo: undecided == 0 ? tr("All Photos Reviewed") : trn("%ld Photo Still Undecided", "%ld Photos Still Undecided", undecided, undecided)
        case .item: undecided == 0 ? tr("All Items Reviewed") : trn("%ld Item Still Undecided", "%ld Items Still Undecided", undecided, undecided)
        }
    }

    /// The end page's description while clips are undecided: which one,
    /// then the tally.
    static func endSummary(_ stats: SessionStats, undecided: Int, first: String, noun: Noun) -> String {
        stillUndecided(undecided, first: first, noun: noun) + "\n"
            + tr("%ld liked · %ld marked for deletion · %ld skipped", stats.likes, stats.deletes, stats.skips)
    }

    /// The finished page's summary line; with skipped clips, a second line
    /// says they are still to go through.
    static func summary(_ stats: SessionStats, noun: Noun) -> String {
        let tally = tr("%ld liked · %ld marked for deletion · %ld skipped", stats.likes, stats.deletes, stats.skips)
        guard stats.skips > 0 else { return tally }
        return trn("%@; %ld skipped.", "%@; %ld skipped.", stats.skips, allReviewed(noun), stats.skips) + "\n" + tally
    }

    /// The top card's accessible name: "Clip 3 of 12: crowd.mp4, 0:03, liked".
    /// On a stack's card, `stack` (its count) follows: "…, photo, 2 of 5 similar".
    static func cardName(_ clip: ReviewClip, position: Int, of total: Int, facts: ClipFacts, decision: Decision?,
                         stack: String? = nil) -> String {
        var name = tr("Clip %ld of %ld: %@", position + 1, total, clip.name)
        if let duration = facts.duration { name += ", " + ClipInfo.formatDuration(duration) }
        if clip.kind == .photo { name += tr(", photo") }
        if let stack { name += ", " + stack }
        if facts.soundOnly { name += tr(", sound only") }
        if let decision { name += ", " + Words.decision(decision) }
        if let problem = facts.problem ?? facts.damage { name += ". " + problem }
        return name
    }

    /// What a damaged file's card says: "Only part of this photo could be
    /// read." or "Only the first 0:02 of this clip could be read: the file
    /// stops there."
    static func damage(_ damage: FileDamage, duration: Double?) -> String {
        switch damage {
        case .photoCut:
            return tr("Only part of this photo could be read: the file is cut short or corrupt.")
        case .videoCut(let fraction):
            guard let duration, duration > 0 else { return tr("This clip is cut short: only its beginning can be played.") }
            let stops = ClipInfo.formatDuration((fraction * duration).rounded(.down))
            return tr("Only the first %@ of this clip could be read: the file stops there.", stops)
        }
    }

    /// What a clip whose playback stopped short says: "Playback stopped at
    /// 0:02 of 0:08: the rest of this clip can't be read."
    static func playbackStop(at position: Double, of duration: Double) -> String {
        tr("Playback stopped at %@ of %@: the rest of this clip can’t be read.",
           ClipInfo.formatDuration(max(0, position.rounded(.down))), ClipInfo.formatDuration(duration))
    }

    /// "1×", "0.5×", "1.25×".
    static func speed(_ rate: Double) -> String {
        let number = rate == rate.rounded() ? String(Int(rate)) : String(format: "%g", rate)
        return tr("%@×", number)
    }

    /// "0:03 / 0:08": where the top clip is, and how long it is.
    static func position(_ seconds: Double?, of duration: Double?) -> String {
        let now = ClipInfo.formatDuration(max(0, (seconds ?? 0).rounded(.down)))
        guard let duration else { return now }
        return tr("%@ / %@", now, ClipInfo.formatDuration(duration))
    }

    /// What a set of files is called: photos when every one is a photo,
    /// clips when every one is a video, items when both are there.
    enum Noun { case clip, photo, item }

    static func noun(kinds: some Sequence<ClipKind>) -> Noun {
        var seen = Set<ClipKind>()
        for kind in kinds { seen.insert(kind) }
        if seen == [.photo] { return .photo }
        return seen.contains(.photo) ? .item : .clip
    }

    static func noun(paths: some Sequence<String>) -> Noun {
        noun(kinds: paths.map { ClipKind(fileName: $0) ?? .video })
    }

    /// "3 clips", "1 photo", "12 items".
    static func count(_ count: Int, _ noun: Noun) -> String {
        switch noun {
        case .clip: trn("%ld clip", "%ld clips", count, count)
        case .photo: trn("%ld photo", "%ld photos", count, count)
        case .item: trn("%ld item", "%ld items", count, count)
        }
    }

    /// The Apply dialog's heading: "Move 29 Photos to the Trash?".
    static func moveHeading(count: Int, noun: Noun) -> String {
        switch noun {
        case .clip: trn("Move %ld Clip to the Trash?", "Move %ld Clips to the Trash?", count, count)
        case .photo: trn("Move %ld Photo to the Trash?", "Move %ld Photos to the Trash?", count, count)
        case .item: trn("Move %ld Item to the Trash?", "Move %ld Items to the Trash?", count, count)
        }
    }

    /// The export dialog's heading: "Export 12 Liked Items".
    static func exportHeading(count: Int, noun: Noun) -> String {
        switch noun {
        case .clip: trn("Export %ld Liked Clip", "Export %ld Liked Clips", count, count)
        case .photo: trn("Export %ld Liked Photo", "Export %ld Liked Photos", count, count)
        case .item: trn("Export %ld Liked Item", "Export %ld Liked Items", count, count)
        }
    }

    /// "Marked crowd.mp4 for deletion" (the Undo toast).
    static func undoToast(_ offer: UndoOffer) -> String {
        tr("Marked %@ for deletion", offer.name)
    }

    /// The toast once its Undo is withdrawn: what is true of its clip now.
    static func undoToastWithdrawn(_ offer: UndoOffer, stillMarked: Bool) -> String {
        stillMarked ? undoToast(offer) : tr("%@ is no longer marked for deletion", offer.name)
    }
}
