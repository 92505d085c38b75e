import FlickCore
import Foundation

/// What a tile says of a stack and of space: the stack's words and chip,
/// its members' decision, and the size line ("0:04 · 24.1 MB").
extension OverviewTile {
    /// "Stack of 5 similar photos", "Live Photo", "Stack of 2 exact
    /// copies"; an unfolded member: "2 of 5 similar photos". Nil alone.
    static func stackWords(_ stack: StackTile?, model: ReviewModel) -> String? {
        guard let stack else { return nil }
        let count = stack.members.count
        if stack.unfolded {
            return switch stack.kind {
            case .live: tr("%ld of %ld in a Live Photo", stack.place + 1, count)
            case .copy: tr("%ld of %ld exact copies", stack.place + 1, count)
            case .similar: similarWords(place: stack.place + 1, count: count, noun: noun(stack, model: model))
            }
        }
        return switch stack.kind {
        case .live: tr("Live Photo")
        case .copy: trn("Stack of %ld exact copy", "Stack of %ld exact copies", count, count)
        case .similar: similarWords(place: nil, count: count, noun: noun(stack, model: model))
        }
    }

    /// "Stack of 5 similar photos" or, unfolded, "2 of 5 similar photos".
    private static func similarWords(place: Int?, count: Int, noun: Words.Noun) -> String {
        if let place {
            return switch noun {
            case .photo: tr("%ld of %ld similar photos", place, count)
            case .clip: tr("%ld of %ld similar clips", place, count)
            case .item: tr("%ld of %ld similar items", place, count)
            }
        }
        return switch noun {
        case .photo: trn("Stack of %ld similar photo", "Stack of %ld similar photos", count, count)
        case .clip: trn("Stack of %ld similar clip", "Stack of %ld similar clips", count, count)
        case .item: trn("Stack of %ld similar item", "Stack of %ld similar items", count, count)
        }
    }

    private static func noun(_ stack: StackTile, model: ReviewModel) -> Words.Noun {
        Words.noun(kinds: stack.members.lazy.filter { $0 < model.count }.map { model.clips[$0].kind })
    }

    /// The chip on a folded stack: its count ("5") or "Live"; on an
    /// unfolded member: "2/5", so the stack's members read as one run.
    static func stackChip(_ stack: StackTile?) -> (icon: String, word: String)? {
        guard let stack else { return nil }
        let icon = switch stack.kind {
        case .live: "camera-photo-symbolic"
        case .copy: "edit-copy-symbolic"
        case .similar: "view-paged-symbolic"
        }
        if stack.unfolded { return (icon, tr("%ld/%ld", stack.place + 1, stack.members.count)) }
        return (icon, stack.kind == .live ? tr("Live") : String(stack.members.count))
    }

    /// The members' decision when they all share one (nil: undecided);
    /// `.mixed` when they differ.
    static func decision(of members: [Int], model: ReviewModel) -> TileDecision {
        guard let first = members.first else { return .one(nil) }
        let decision = model.decision(at: first)
        return members.dropFirst().allSatisfy { model.decision(at: $0) == decision } ? .one(decision) : .mixed
    }

    /// The members' size in all (nil while not known for every one).
    static func bytes(of members: [Int], model: ReviewModel) -> Int64? {
        var total: Int64 = 0
        for member in members where member < model.count {
            guard let bytes = model.insights.bytes(of: model.clips[member].id) else { return nil }
            total += bytes
        }
        return total
    }

    /// "0:04 · 24.1 MB", "photo · 3.2 MB" (the size once known).
    static func details(_ clip: ReviewClip, facts: ClipFacts, bytes: Int64?) -> String {
        [durationText(clip, facts: facts), bytes.map(FileSize.words) ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")
    }
}

/// What a tile's badge says: one decision (or none), or a stack whose
/// members were decided differently.
enum TileDecision: Equatable {
    case one(Decision?)
    case mixed
}
