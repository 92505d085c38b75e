import FlickCore
import Foundation
import Synchronization

/// "Keep XMP sidecars in step", away from the thread that decides: the
/// window hands over one clip's decision as it is made (or undone), and
/// the keeper writes that clip's sidecar on a serial queue of its own —
/// the same rules as `Sidecars`, one record read per clip, never the
/// folder's.
///
///   keep(decision, clip) ──▶ SidecarQueue ──▶ queue: one clip at a time ──▶ Sidecars.update(clipAt:)
///   keepFolder(folder)   ──▶   (latest change per clip;      (its own Store view)     partial file + rename,
///                               decisions before a folder)                            then its record
///   onFailures ◀── sidecar and reason, from the writing thread (the app hops to its main thread)
///
/// A clip changed again before its sidecar was written is written once,
/// with its last decision. `flush` writes what is queued on the calling
/// thread; `close` does the same and takes no more changes — what the app
/// calls when it quits, so no decision is left out of its sidecar, and
/// none is ever half written (each write is a partial file renamed over
/// the sidecar).
///
/// Threading: `keep` and `keepFolder` return at once, from any thread (a
/// lock and a dictionary entry). Writing happens on `queue`, or on the
/// thread that calls `flush` or `close`: one change at a time, under
/// `writing`, through a `Store` of the keeper's own.
public final class SidecarKeeper: Sendable {
    /// The store the decisions are in.
    public let storePath: String
    private let queue: DispatchQueue
    private let onFailures: @Sendable ([Sidecars.Failure]) -> Void
    private let state = Mutex(State())
    /// Held while one change is written (or a folder listed), whichever
    /// thread writes it: changes are written one after another, in order.
    private let writing = NSLock()
    /// Touched only under `writing`.
    private let writer = Writer()

    /// Failures held back at most this many at a time before they are
    /// reported (a read-only card fails every sidecar of a folder).
    static let failuresPerReport = 100
    /// Clips of a listed folder queued per turn of the lock: a decision
    /// handed over meanwhile waits for one slice (well under a
    /// millisecond), not for a folder of 100,000.
    static let clipsPerListingSlice = 500
    /// Milliseconds from a hand-over to the queue's start: the deciding
    /// thread wakes no writer itself (on a busy machine a woken writer may
    /// take its core at once, mid-frame), and a burst — a held key, a
    /// batch from the overview — is written in one pass. Nobody sees a
    /// sidecar within 3 ms; `flush` and `close` do not wait for it.
    static let writeDelayMilliseconds = 3

    private struct State {
        var queue = SidecarQueue()
        /// Folders to bring in step as a whole, with the like rating.
        var folders: [(folder: FolderRecord, likeRating: Int)] = []
        /// A drain is queued on `queue` and has not found it empty yet.
        var scheduled = false
        var closed = false
        var totals = Sidecars.Report()
        var unreported: [Sidecars.Failure] = []
    }

    /// The writer's own view of the store (the process's one connection).
    private final class Writer: @unchecked Sendable {
        var store: Store?
    }

    private enum Job {
        case change(SidecarQueue.Change)
        case folder(FolderRecord, likeRating: Int)
    }

    /// A keeper for the decisions in the store at `storePath`. `queue` is
    /// where sidecars are written (serial; a test may hand one it holds
    /// suspended); `onFailures` is told each sidecar that could not be
    /// written and why, on the writing thread, before the next change is
    /// written: it must return at once (hop to another thread) and never
    /// call `flush` or `close`.
    public init(storePath: String, queue: DispatchQueue = DispatchQueue(label: "flick.sidecars", qos: .utility),
                onFailures: @escaping @Sendable ([Sidecars.Failure]) -> Void) {
        self.storePath = storePath
        self.queue = queue
        self.onFailures = onFailures
    }

    /// Brings the sidecar of the clip `clipID` of `folder` in step with
    /// `decision` (a like takes `likeRating`; a skip or none, what the
    /// sidecar held before Flick). Returns at once; ignored once closed.
    public func keep(_ decision: Decision?, clipID: Int64, folder: FolderRecord, likeRating: Int) {
        let change = SidecarQueue.Change(clipID: clipID, folder: folder,
                                         wanted: Sidecars.rating(for: decision, likeRating: likeRating), relativePath: nil)
        enqueue { $0.queue.decided(change) }
    }

    /// Brings every sidecar of `folder` in step with the decisions the store
    /// holds (the preference was just turned on): listed and written on the
    /// queue, behind the decisions made meanwhile. Returns at once.
    public func keepFolder(_ folder: FolderRecord, likeRating: Int) {
        enqueue { $0.folders.append((folder, likeRating)) }
    }

    /// What the keeper wrote and restored so far (failures go to `onFailures`).
    public var totals: Sidecars.Report { state.withLock { $0.totals } }

    /// Writes every queued change on the calling thread (after the one being
    /// written, if any); returns when they are all on disk and every
    /// failure among them has been handed to `onFailures`.
    public func flush() {
        while step(before: nil) == .done {}
    }

    /// Takes no more changes and writes those queued, as `flush`; gives up
    /// after `seconds` when the folder does not answer (a stalled share).
    /// Returns whether every change was written.
    @discardableResult
    public func close(waitingAtMost seconds: Double = .infinity) -> Bool {
        state.withLock { $0.closed = true }
        let deadline = seconds.isFinite ? Date(timeIntervalSinceNow: seconds) : nil
        while true {
            switch step(before: deadline) {
            case .done: continue
            case .empty: return true
            case .timedOut: return false
            }
        }
    }

    private func enqueue(_ add: (inout State) -> Void) {
        let schedule = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            add(&state)
            defer { state.scheduled = true }
            return !state.scheduled
        }
        guard schedule else { return }
        queue.asyncAfter(deadline: .now() + .milliseconds(Self.writeDelayMilliseconds)) { [self] in
            while step(before: nil) == .done {}
        }
    }

    private enum Step { case done, empty, timedOut }

    /// Takes the next job and does it, under `writing`.
    private func step(before deadline: Date?) -> Step {
        if let deadline {
            guard writing.lock(before: deadline) else { return .timedOut }
        } else {
            writing.lock()
        }
        let job = state.withLock { state -> Job? in
            if !state.folders.isEmpty {
                let (folder, likeRating) = state.folders.removeFirst()
                return .folder(folder, likeRating: likeRating)
            }
            if let change = state.queue.next() { return .change(change) }
            state.scheduled = false
            return nil
        }
        var failures: [Sidecars.Failure] = []
        var change: Sidecars.Change?
        switch job {
        case .change(let queued): failures = write(queued, changed: &change)
        case .folder(let folder, let likeRating): failures = list(folder, likeRating: likeRating)
        case nil: break
        }
        let report = state.withLock { state -> [Sidecars.Failure] in
            if let change { state.totals.count(change) }
            state.unreported += failures
            let due = state.unreported.count >= Self.failuresPerReport || (state.queue.isEmpty && state.folders.isEmpty)
            guard due, !state.unreported.isEmpty else { return [] }
            defer { state.unreported = [] }
            return state.unreported
        }
        // Told before the lock goes: once `flush` returns, its failures are reported.
        if !report.isEmpty { onFailures(report) }
        writing.unlock()
        return job == nil ? .empty : .done
    }

    /// Writes one clip's sidecar; its failure, if any.
    private func write(_ queued: SidecarQueue.Change, changed: inout Sidecars.Change?) -> [Sidecars.Failure] {
        let folder = queued.folder
        do throws(Sidecars.Failure) {
            let store = try storeView(failing: folder.path)
            let relativePath: String
            if let known = queued.relativePath {
                relativePath = known
            } else {
                do {
                    // Gone from the store (a folder forgotten): nothing to keep in step.
                    guard let clip = try store.clip(id: queued.clipID) else { return [] }
                    relativePath = clip.relativePath
                } catch {
                    throw Sidecars.Failure(sidecar: folder.path, reason: .store(error))
                }
            }
            changed = try Sidecars.update(clipAt: relativePath, to: queued.wanted, folder: folder, store: store)
            return []
        } catch {
            return [error]
        }
    }

    /// Queues every clip of `folder` whose sidecar may need a change.
    private func list(_ folder: FolderRecord, likeRating: Int) -> [Sidecars.Failure] {
        let clips: [StoredClip]
        do throws(Sidecars.Failure) {
            let store = try storeView(failing: folder.path)
            do {
                clips = try store.clipsWithSidecars(folder)
            } catch {
                throw Sidecars.Failure(sidecar: folder.path, reason: .store(error))
            }
        } catch {
            return [error]
        }
        for start in stride(from: 0, to: clips.count, by: Self.clipsPerListingSlice) {
            let slice = clips[start..<min(start + Self.clipsPerListingSlice, clips.count)]
            state.withLock { state in
                for clip in slice {
                    state.queue.inStep(SidecarQueue.Change(clipID: clip.id, folder: folder,
                                                           wanted: Sidecars.rating(for: clip.decision, likeRating: likeRating),
                                                           relativePath: clip.relativePath))
                }
            }
        }
        return []
    }

    /// The keeper's store, opened on first use; a failure names `path`.
    private func storeView(failing path: String) throws(Sidecars.Failure) -> Store {
        if let store = writer.store { return store }
        do {
            let store = try Store(path: storePath)
            writer.store = store
            return store
        } catch {
            throw Sidecars.Failure(sidecar: path, reason: .store(error))
        }
    }
}
