/// When to run work that follows a burst of events: once the events have
/// stopped for `quiet` seconds, and at the latest `longest` seconds after the
/// first event the work has not yet covered. Times are seconds on any
/// monotonic clock.
///
///     var trim = Debounce(quiet: 0.5, longest: 2)
///     trim.note(at: 10.0)         // a pipeline is freed
///     trim.note(at: 10.3)         // and another
///     trim.due                    // 10.8
///     trim.take(at: 10.8)         // true: run the work; nothing is pending now
public struct Debounce: Sendable, Equatable {
    /// Seconds without an event before the work is due.
    public let quiet: Double
    /// Seconds at most from the first pending event to the work.
    public let longest: Double
    private var first: Double?
    private var last: Double?

    public init(quiet: Double, longest: Double) {
        self.quiet = quiet
        self.longest = max(quiet, longest)
    }

    /// An event at `time`: the work is owed.
    public mutating func note(at time: Double) {
        first = first ?? time
        last = max(last ?? time, time)
    }

    /// When the owed work is due; nil when nothing is owed.
    public var due: Double? {
        guard let first, let last else { return nil }
        return min(last + quiet, first + longest)
    }

    /// Whether the work is due at `time`; if so, it counts as done (nothing
    /// is owed until the next event).
    public mutating func take(at time: Double) -> Bool {
        guard let due, time >= due else { return false }
        first = nil
        last = nil
        return true
    }
}
