/// The page the window shows follows from the model: the folder's state
/// (none, being read, failed, open), then the deck (empty, under the
/// overview, at its end, or a card on top). The window's render pass shows
/// `screen`; leaving a folder, reading one and failing are model changes
/// like any other, each published once.
///
/// ```swift
/// model.startReading(folder: "/media/card")   // .reading(folder: "/media/card")
/// model.load(clips: clips, session: session, folder: path, named: "/media/card")   // .cards
/// model.fail(reason: "The folder is gone.", folder: "/media/card")              // .failed
/// model.closeFolder()                                                            // .start
/// ```
extension ReviewModel {
    /// The page the window shows now.
    public var screen: ReviewScreen {
        switch folderState {
        case .none: .start
        case .reading(let path): .reading(folder: path)
        case .failed(_, let reason): .failed(reason: reason)
        case .open(let path):
            if clips.isEmpty {
                .empty(folder: path)
            } else if showsOverview {
                .overview
            } else {
                stackScreen
            }
        }
    }

    /// What the review page draws, shown or under the overview: the deck's
    /// end (all reviewed or not) or its cards. `screen` when that is the stack.
    public var stackScreen: ReviewScreen {
        isFinished ? .end(allDecided: isAllDecided) : .cards
    }

    /// No folder any more (the start page): the deck empties.
    public func closeFolder() {
        guard runsNow({ self.closeFolder() }) else { return }
        clearDeck(.none)
    }

    /// A folder is being listed (it takes a while): its page says so, and
    /// the deck of the folder before it empties.
    public func startReading(folder path: String) {
        guard runsNow({ self.startReading(folder: path) }) else { return }
        clearDeck(.reading(path: path))
    }

    /// Opening or reading a folder failed: its page says why (`reason`, in
    /// the app's words) and the deck empties.
    public func fail(reason: String, folder path: String? = nil) {
        guard runsNow({ self.fail(reason: reason, folder: path) }) else { return }
        clearDeck(.failed(path: path, reason: reason))
    }

    /// An empty deck with `state`, the overview closed: one change.
    private func clearDeck(_ state: FolderState) {
        replaceDeck(clips: [], session: ReviewSession(deck: Deck(count: 0)), folder: "", state: state)
    }
}
