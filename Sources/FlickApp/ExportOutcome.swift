/// How one form of an export ended.
public enum ExportOutcome: Sendable {
    case written
    /// Stopped before it was written; nothing partial is left.
    case cancelled
    /// None of the liked clips can go in this form (see the result's `leftOut`).
    case nothingToWrite
    /// Could not be written: the store's or the stitcher's error.
    case failed(any Error)

    public var isWritten: Bool { if case .written = self { true } else { false } }
}
