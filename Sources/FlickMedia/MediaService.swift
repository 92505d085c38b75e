import Foundation
import Synchronization

/// What the service keeps a result under: the kind of work (a poster, a
/// clip's facts, a tile's still at one size…), the clip, and its version
/// when a changed file must not reuse an old result.
public struct MediaKey: Hashable, Sendable {
    public var kind: String
    public var id: Int64
    public var version: String

    public init(_ kind: String, id: Int64, version: String = "") {
        self.kind = kind
        self.id = id
        self.version = version
    }
}

/// The one way Flick makes posters and reads facts off the main thread:
/// look in the cache, or render and store. Every place that shows a poster
/// (the stack's cards, the overview's tiles, the Apply list's rows) and the
/// facts reader ask here.
///
/// - One `LRUCache` of results, successes and failures alike (a clip that
///   cannot be read is not read again until it is forgotten).
/// - A bounded pool: at most `workers` renders at once, on a dispatch queue
///   (renders block on GStreamer; they never hold the Swift concurrency
///   pool's few threads). Requests beyond it wait, newest first — the tile
///   or row asked for last is the one on screen.
/// - One render per key: a request for a key already waiting or rendering
///   joins it.
/// - Cancellation: `cancel(_:)` drops one requester; a job nobody waits for
///   any more is dropped before it starts (one already running finishes and
///   is stored). A requester's `wanted` is asked again when its job's turn
///   comes, so a tile recycled meanwhile costs nothing.
///
/// Completions run on the main actor. The render closure runs on a worker
/// thread and must not touch widgets.
@MainActor
public final class MediaService {
    public typealias Render<Value> = @Sendable () throws(MediaError) -> Value

    /// One requester's place in a job.
    public struct Ticket: Hashable, Sendable {
        let key: MediaKey
        let number: Int
    }

    /// What the service has done, for the benchmark and the test hook.
    public struct Stats: Sendable, Equatable {
        /// Results handed over from memory.
        public var fromMemory = 0
        /// Renders finished.
        public var rendered = 0
        /// Renders running now, and the most at once so far.
        public var running = 0
        public var mostRunning = 0
        /// Posters read from the shared thumbnail cache, and decoded from their clip.
        public var postersFromThumbnails = 0
        public var postersDecoded = 0
    }

    private typealias Outcome = Result<any Sendable, MediaError>

    @MainActor
    private final class Job {
        let key: MediaKey
        let render: @Sendable () -> Outcome
        var waiters: [Int: Waiter] = [:]
        var started = false
        var dropped = false

        init(key: MediaKey, render: @escaping @Sendable () -> Outcome) {
            self.key = key
            self.render = render
        }
    }

    private struct Waiter {
        let wanted: @MainActor () -> Bool
        let deliver: @MainActor (Outcome) -> Void
    }

    public let workers: Int
    private var cache: LRUCache<MediaKey, Outcome>
    private var jobs: [MediaKey: Job] = [:]
    /// Jobs waiting for a worker, newest last; a job may appear twice (asked
    /// for again) or be dropped meanwhile: both are skipped when popped.
    private var waiting: [Job] = []
    private var nextTicket = 0
    private let renderQueue: DispatchQueue
    /// Counted on the main actor and, for posters, on the workers.
    private nonisolated let counters = Mutex(Stats())

    /// Keeps `capacity` results; runs at most `workers` renders at once.
    public init(capacity: Int, workers: Int = 2) {
        cache = LRUCache(capacity: capacity)
        self.workers = max(1, workers)
        renderQueue = DispatchQueue(label: "flick.media.render", qos: .utility, attributes: .concurrent)
    }

    public var stats: Stats { counters.withLock { $0 } }

    /// The stored result for `key`, if there is one (it becomes the most
    /// recently used).
    public func cached<Value: Sendable>(_ key: MediaKey, as type: Value.Type = Value.self) -> Result<Value, MediaError>? {
        guard let outcome = cache.value(for: key) else { return nil }
        return Self.typed(outcome)
    }

    /// The stored value for `key`, if it was made.
    public func value<Value: Sendable>(_ key: MediaKey, as type: Value.Type = Value.self) -> Value? {
        try? cached(key, as: type)?.get()
    }

    /// Hands over `key`'s result: at once from the cache (returning nil),
    /// or once rendered, on the main actor (returning the ticket that
    /// cancels this request). `render` runs only when no result is stored
    /// and no render of `key` is waiting or running already.
    @discardableResult
    public func request<Value: Sendable>(_ key: MediaKey, wanted: @escaping @MainActor () -> Bool = { true },
                                         render: @escaping Render<Value>,
                                         completion: @escaping @MainActor (Result<Value, MediaError>) -> Void) -> Ticket? {
        if let stored = cached(key, as: Value.self) {
            counters.withLock { $0.fromMemory += 1 }
            completion(stored)
            return nil
        }
        let job = jobs[key] ?? {
            let made = Job(key: key) {
                do throws(MediaError) { return .success(try render()) } catch { return .failure(error) }
            }
            jobs[key] = made
            return made
        }()
        nextTicket += 1
        let ticket = Ticket(key: key, number: nextTicket)
        job.waiters[ticket.number] = Waiter(wanted: wanted) { outcome in completion(Self.typed(outcome)) }
        if !job.started { waiting.append(job) }
        startJobs()
        return ticket
    }

    /// Drops one request: its completion never runs. The job goes too when
    /// nobody else waits for it and it has not started.
    public func cancel(_ ticket: Ticket) {
        guard let job = jobs[ticket.key], job.waiters.removeValue(forKey: ticket.number) != nil,
              job.waiters.isEmpty, !job.started else { return }
        drop(job)
    }

    /// Forgets the stored results whose keys match (another folder, files
    /// changed); renders under way still deliver, and store their result.
    public func forget(where matches: (MediaKey) -> Bool) {
        cache.removeAll(where: matches)
    }

    // MARK: - The pool

    private func startJobs() {
        while counters.withLock({ $0.running }) < workers, let job = waiting.popLast() {
            guard !job.started, !job.dropped else { continue }
            // Asked again now: a requester whose tile or row went away is dropped.
            job.waiters = job.waiters.filter { $0.value.wanted() }
            guard !job.waiters.isEmpty else {
                drop(job)
                continue
            }
            job.started = true
            counters.withLock {
                $0.running += 1
                $0.mostRunning = max($0.mostRunning, $0.running)
            }
            let render = job.render
            renderQueue.async {
                let outcome = render()
                Task { @MainActor [weak self] in self?.finish(job, outcome) }
            }
        }
    }

    private func finish(_ job: Job, _ outcome: Outcome) {
        counters.withLock {
            $0.running -= 1
            $0.rendered += 1
        }
        if jobs[job.key] === job { jobs[job.key] = nil }
        cache.insert(outcome, for: job.key)
        for (_, waiter) in job.waiters.sorted(by: { $0.key < $1.key }) { waiter.deliver(outcome) }
        startJobs()
    }

    private func drop(_ job: Job) {
        job.dropped = true
        if jobs[job.key] === job { jobs[job.key] = nil }
    }

    private static func typed<Value>(_ outcome: Outcome) -> Result<Value, MediaError> {
        outcome.flatMap { value in
            guard let value = value as? Value else { preconditionFailure("one kind of key holds one type of value") }
            return .success(value)
        }
    }

    // MARK: - Posters

    /// A clip's poster as shown (upright, square pixels), at most
    /// `ThumbnailCache.size` on a side: from the shared thumbnail cache, or
    /// decoded from the clip and stored there. For a `render` closure.
    public nonisolated func poster(path: String) throws(MediaError) -> RawFrame {
        if let stored = ThumbnailCache.lookup(path) {
            counters.withLock { $0.postersFromThumbnails += 1 }
            return stored
        }
        let frame = try PosterFrame.render(path: path, maxSize: ThumbnailCache.size)
        ThumbnailCache.store(frame, for: path)
        counters.withLock { $0.postersDecoded += 1 }
        return frame
    }
}
