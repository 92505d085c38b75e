/// A pause a run takes after one file and before the next: none in
/// production (`NoPause`). Tests inject one to change the folder or stop
/// the run at that exact moment, with no timing luck.
public protocol BetweenFiles: Sendable {
    /// Called after `done` of `total` files, when more are to come.
    func pause(after done: Int, of total: Int)
}

/// No pause: what the window and the commands use.
public struct NoPause: BetweenFiles {
    public init() {}
    public func pause(after done: Int, of total: Int) {}
}
