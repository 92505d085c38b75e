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
/// made one necessary, its fingerprint, or why it has none, and how it
/// came out (`Quality`: dark, blurred).
public struct FileAnalysis: Sendable, Equatable {
    /// The version of the fingerprints: results made by another are made
    /// again. 2: a clip's print holds its duration (for `Suggestions`);
    /// 3: each print comes with its `Quality`; 4: its blur is measured on
    /// edges, and a small photo is no longer enlarged before it is measured;
    /// 5: a clip's quality has a blur too (from larger frames, one a second);
    /// 6: a clip's frames are averaged from the decoder's own luma plane,
    /// each sampled time taking the frame nearest to it; 7: a quality keeps
    /// the file's picture size (a screen-sized file is a `screenshot`).
    public static let version = 7

    public enum Print: Sendable, Equatable {
        case photo(PhotoPrint)
        case clip(ClipPrint)
        /// It could not be read, and why (it stacks only as an exact copy).
        case failed(String)
    }

    public var content: String?
    public var print: Print?
    /// Measured with the print (nil when it failed, or for a result made before).
    public var quality: Quality?

    public init(content: String? = nil, print: Print? = nil, quality: Quality? = nil) {
        self.content = content
        self.print = print
        self.quality = quality
    }

    /// Between the print and its quality in the stored text.
    static let qualitySeparator = " | "

    /// The print as the store keeps it, its quality after `qualitySeparator`.
    public var printText: String? {
        let text: String? = switch print {
        case .photo(let print): print.text
        case .clip(let print): print.text
        case .failed(let why): "x " + why
        case nil: nil
        }
        guard let text, let quality else { return text }
        return text + Self.qualitySeparator + quality.text
    }

    /// A stored result (`content`, `printText`).
    public init(content: String?, printText: String?) {
        self.content = content
        guard var printText else { return }
        if !printText.hasPrefix("x "), let split = printText.range(of: Self.qualitySeparator, options: .backwards) {
            quality = Quality(text: printText[split.upperBound...])
            printText = String(printText[..<split.lowerBound])
        }
        if printText.hasPrefix("x ") {
            print = .failed(String(printText.dropFirst(2)))
        } else if let photo = PhotoPrint(text: printText) {
            print = .photo(photo)
        } else if let clip = ClipPrint(text: printText) {
            print = .clip(clip)
        }
    }
}
