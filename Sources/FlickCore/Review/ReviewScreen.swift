/// Which page the window shows, derived from the review model alone
/// (`ReviewModel.screen`): the render pass shows it, so no code switches
/// pages by itself.
public enum ReviewScreen: Sendable, Equatable {
    /// No folder: Open Folder, the recent folders, the sample clips.
    case start
    /// The folder at this path is being listed (a scan that takes a while).
    case reading(folder: String)
    /// The folder could not be opened or read: why, in the app's words.
    case failed(reason: String)
    /// The folder at this path holds nothing to review.
    case empty(folder: String)
    /// The card stack, with an undecided or a decided card on top.
    case cards
    /// The deck's end: "All reviewed" when every clip has a decision
    /// (`allDecided`), else the first undecided clip named.
    case end(allDecided: Bool)
    /// The overview of every clip covers the stack.
    case overview

    /// The stack's page (its cards or its end), under or without the overview.
    public var isReview: Bool {
        switch self {
        case .cards, .end, .overview: true
        case .start, .reading, .failed, .empty: false
        }
    }
}

/// Where the window is with its folder; with the deck it decides the
/// screen (`ReviewModel.screen`).
public enum FolderState: Sendable, Equatable {
    /// No folder open.
    case none
    /// A folder is being listed; `path` as the user named it.
    case reading(path: String)
    /// Opening or reading a folder failed (`path`: which one, when known).
    case failed(path: String?, reason: String)
    /// A folder is open; `path` as the user named it (its deck may be empty).
    case open(path: String)

    /// The folder's path as the user named it, if there is one.
    public var path: String? {
        switch self {
        case .none: nil
        case .reading(let path), .open(let path): path
        case .failed(let path, _): path
        }
    }
}
