/// What the window can ask of the review model, as its buttons, keys and
/// menus offer it; `ReviewModel.allows(_:selected:)` is each one's enabled
/// state, the one gate every input passes.
public enum ReviewRequest: Hashable, Sendable {
    /// Like, Delete, Skip (in the overview: the selected tiles), Previous, Undo.
    case deck(DeckAction)
    /// Play or pause the top clip, and seek in it.
    case playback
    case mute
    /// A step of the playback speed, up or down.
    case speed(faster: Bool)
    /// Open or close the overview.
    case overview
    /// The Undo of the "Marked … for deletion" toast.
    case undoOffer
    /// Say the review keys.
    case help
    case applyDeletions
    case exportLikes
    case reviewAgain
    case reviewSkipped
    /// Next: move on from a decided card without deciding it again.
    case next
    /// The end page's "Go to Undecided".
    case showUndecided
    /// A deck of the suggested clips only.
    case reviewSuggestions
    /// The list of every suggested file, to mark the ticked ones for deletion.
    case markSuggested
    /// Back to the whole deck from the suggested clips.
    case reviewWholeDeck
    /// K: keep the member on top of a stack's card, mark the others.
    case keepOne
    /// ←/→ or [ ] on a stack's card: another member on top.
    case member
}
