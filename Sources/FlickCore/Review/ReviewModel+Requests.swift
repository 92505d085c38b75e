/// What the window may ask now, and where a deck action goes: the window
/// sets each action's enabled state from `allows` and sends Like, Delete,
/// Skip, Previous and Undo to `request`, choosing nothing by itself.
///
/// ```swift
/// model.allows(.deck(.like), selected: 0)       // false in the overview with no tile selected
/// model.request(.delete, selection: [3, 4])     // the stack's top card, or those tiles in the overview
/// ```
extension ReviewModel {
    /// Whether `request` can be made now; `selected` is how many tiles the
    /// overview has selected (L, D and S decide them there).
    public func allows(_ request: ReviewRequest, selected: Int = 0) -> Bool {
        let inOverview = showsOverview
        let video = top?.kind == .video && !isFinished
        let hasFolder = if case .open = folderState { true } else { false }
        return switch request {
        case .deck(.previous): !inOverview && canPerform(.previous)
        case .deck(.undo): canPerform(.undo)
        case .deck(let action): inOverview ? selected > 0 : canPerform(action)
        case .playback: video && !inOverview
        case .mute: video
        case .speed(let faster): canChangeSpeed(faster: faster)
        case .overview, .reviewAgain: count > 0
        case .undoOffer: undoOffer != nil
        case .help: top != nil
        case .applyDeletions: hasFolder && stats.deletes > 0
        case .exportLikes: hasFolder && stats.likes > 0
        case .reviewSkipped: stats.skips > 0
        case .next: !inOverview && topIsDecided
        case .showUndecided: isFinished && !isAllDecided
        case .reviewSuggestions: !inOverview && count > 0 && !insights.suggestions.isEmpty
        case .markSuggested: hasFolder && !inOverview && !insights.suggestions.isEmpty
        case .reviewWholeDeck: !inOverview && isReviewingSuggestions
        case .keepOne, .member: !inOverview && topStack != nil
        }
    }

    /// A deck action from a key, a button or a drag: one step of the stack,
    /// or in the overview a decision on the `selection`'s tiles (Previous
    /// and Undo stay the stack's). Returns whether it was taken (false:
    /// unavailable or not saved, so a drag springs back).
    @discardableResult
    public func request(_ action: DeckAction, selection: @autoclosure () -> [Int]) -> Bool {
        if showsOverview, let decision = action.decision { return decide(decision, at: selection()) }
        return switch perform(action) {
        case .step, .batchUndone, .queued: true
        case .unavailable, .notSaved: false
        }
    }
}
