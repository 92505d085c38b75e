import FlickCore

/// One file to analyse: where it is, what it is and its identity (the
/// key its results are kept under).
public struct AnalysisItem: Sendable, Equatable {
    /// Absolute path.
    public let path: String
    public let kind: ClipKind
    public let identity: FileIdentity

    public init(path: String, kind: ClipKind, identity: FileIdentity) {
        self.path = path
        self.kind = kind
        self.identity = identity
    }
}

/// What analysis learned about one file (kept in the store, as text,
/// under its identity): its content hash when a file of the same size
/// made one necessary, its fingerprint, or why it has none.
public struct FileAnalysis: Sendable, Equatable {
    /// The version of the fingerprints: results made by another are made
    /// again. 2: a clip's print holds its duration (for `Suggestions`).
    public static let version = 2

    public enum Print: Sendable, Equatable {
        case photo(PhotoPrint)
        case clip(ClipPrint)
        /// It could not be read, and why (it stacks only as an exact copy).
        case failed(String)
    }

    public var content: String?
    public var print: Print?

    public init(content: String? = nil, print: Print? = nil) {
        self.content = content
        self.print = print
    }

    /// The print as the store keeps it.
    public var printText: String? {
        switch print {
        case .photo(let print): print.text
        case .clip(let print): print.text
        case .failed(let why): "x " + why
        case nil: nil
        }
    }

    /// A stored result (`content`, `printText`).
    public init(content: String?, printText: String?) {
        self.content = content
        guard let printText else { return }
        if printText.hasPrefix("x ") {
            print = .failed(String(printText.dropFirst(2)))
        } else if let photo = PhotoPrint(text: printText) {
            print = .photo(photo)
        } else if let clip = ClipPrint(text: printText) {
            print = .clip(clip)
        }
    }
}
