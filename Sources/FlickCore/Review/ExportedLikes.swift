/// What one export (or rating of the XMP sidecars) did.
public struct ExportedLikes: Sendable, Equatable {
    public enum Form: Sendable, Equatable { case playlist, copies, video, timeline, ratings }

    public var form: Form
    /// Where it was written, as shown (nil for the sidecars, which sit
    /// beside their files).
    public var destination: String?
    /// Clips written (sidecars rated); 0 when it stopped.
    public var written: Int
    /// Bytes written (copies); 0 when not counted.
    public var bytes: Int64
    /// What was written, in the app's words ("Saved a playlist of 3 clips");
    /// nil when nothing was.
    public var saved: String?
    /// One line per clip left out or sidecar not written, with why.
    public var leftOut: [String]
    /// Why it stopped (cancelled, failed) in the app's words; nil when it
    /// was written.
    public var stopped: String?

    public init(form: Form, destination: String? = nil, written: Int = 0, bytes: Int64 = 0, saved: String? = nil,
                leftOut: [String] = [], stopped: String? = nil) {
        self.form = form
        self.destination = destination
        self.written = written
        self.bytes = bytes
        self.saved = saved
        self.leftOut = leftOut
        self.stopped = stopped
    }
}
