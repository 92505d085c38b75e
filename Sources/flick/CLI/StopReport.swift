import FlickCore
import Foundation

/// What a command is doing and has finished, kept by its worker as it
/// goes, for the lines the main thread leaves when a signal stops the
/// command while the worker is stuck (see `Interrupt`): read then without
/// touching any file system.
///
/// Threading: written by the worker, read by the main thread; locked.
final class StopReport: @unchecked Sendable {
    private let lock = NSLock()
    private var doing: String
    private var done: [String] = []
    private var current: String?
    private var counted: (done: Int, total: Int)?

    /// `doing`: what the command does first ("reading /media/clips").
    init(_ doing: String) {
        self.doing = doing
    }

    /// What the command does now, as "Stopped while …" ends.
    func now(_ text: String) {
        lock.withLock { doing = text }
    }

    /// Something finished ("a.mp4", "Wrote likes.m3u (3 clips)").
    func finished(_ text: String) {
        lock.withLock { done.append(text) }
    }

    /// The file under way, and how many of how many are done.
    func working(on name: String?, done count: Int, of total: Int) {
        lock.withLock {
            current = name
            counted = (count, total)
        }
    }

    var snapshot: (doing: String, done: [String], current: String?, counted: (done: Int, total: Int)?) {
        lock.withLock { (doing, done, current, counted) }
    }

    /// "Stopped while reading …: its file system did not answer." and
    /// what was finished, or `nothing`.
    func lines(nothing: String, finished heading: String) -> [String] {
        let state = snapshot
        var lines = ["Stopped while \(state.doing): its file system did not answer."]
        lines.append(state.done.isEmpty ? nothing : heading + state.done.joined(separator: ", ") + ".")
        return lines
    }
}
