import FlickCore

/// What Flick says about stacks: the card's count ("1 of 5 similar",
/// "Live Photo", "1 of 2 copies"), a keep's outcome (K, or Enter in
/// Compare) and a decision on a whole stack.
extension Words {
    /// The count a stack's card shows and its accessible name carries:
    /// which member is on top (`index` from 0) of how many.
    static func stackCount(kind: StackKind, index: Int, count: Int) -> String {
        switch kind {
        case .similar: tr("%ld of %ld similar", index + 1, count)
        case .copy: tr("%ld of %ld copies", index + 1, count)
        case .live: tr("Live Photo")
        }
    }

    /// The words of the stack events; nil for any other event.
    static func stackEvent(_ event: ReviewEvent) -> String? {
        switch event {
        case .kept(let name, let marked, let kind, let left):
            kept(name, marked: marked, kind: kind) + " " + trn("%ld left.", "%ld left.", left, left)
        case .decidedStack(let name, let decision, let count, let kind, let left):
            decidedStack(name, decision, others: count - 1, kind: kind) + " " + trn("%ld left.", "%ld left.", left, left)
        case .showingMember(let name, let index, let count, let kind, let decision):
            tr("%@, %@", name, stackCount(kind: kind, index: index, count: count))
                + (decision.map { ", " + Words.decision($0) } ?? "") + "."
        default: nil
        }
    }

    /// "Kept IMG_2001_BURST002.jpg, 3 similar marked for deletion."
    private static func kept(_ name: String, marked: Int, kind: StackKind) -> String {
        guard marked > 0 else { return tr("Kept %@.", name) }
        return switch kind {
        case .copy: trn("Kept %@, %ld copy marked for deletion.", "Kept %@, %ld copies marked for deletion.", marked, name, marked)
        case .similar, .live: trn("Kept %@, %ld similar marked for deletion.", "Kept %@, %ld similar marked for deletion.", marked, name, marked)
        }
    }

    /// "Liked IMG_2001.jpg and 4 similar.", "Marked the Live Photo IMG_0007.HEIC for deletion."
    private static func decidedStack(_ name: String, _ decision: Decision, others: Int, kind: StackKind) -> String {
        switch (decision, kind) {
        case (.like, .live): tr("Liked the Live Photo %@.", name)
        case (.delete, .live): tr("Marked the Live Photo %@ for deletion.", name)
        case (.skip, .live): tr("Skipped the Live Photo %@.", name)
        case (.like, .similar): trn("Liked %@ and %ld similar.", "Liked %@ and %ld similar.", others, name, others)
        case (.delete, .similar): trn("Marked %@ and %ld similar for deletion.", "Marked %@ and %ld similar for deletion.", others, name, others)
        case (.skip, .similar): trn("Skipped %@ and %ld similar.", "Skipped %@ and %ld similar.", others, name, others)
        case (.like, .copy): trn("Liked %@ and %ld copy.", "Liked %@ and %ld copies.", others, name, others)
        case (.delete, .copy): trn("Marked %@ and %ld copy for deletion.", "Marked %@ and %ld copies for deletion.", others, name, others)
        case (.skip, .copy): trn("Skipped %@ and %ld copy.", "Skipped %@ and %ld copies.", others, name, others)
        }
    }
}
