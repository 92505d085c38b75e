import ArgumentParser
import FlickCore
import FlickStore
import Foundation
import Synchronization

/// `flick-bench sidecars`: what "Keep XMP sidecars in step" costs the main
/// thread per decision, on a 10,000-clip folder whose decided clips have
/// their sidecars in step. Each step decides one more clip (a like or a
/// reject) or undoes one; the store's own commit is timed apart
/// (`flick-bench store` measures it), so the figure is the sidecar's share.
///
/// `keeper` is the window's way: the decision handed to `SidecarKeeper`,
/// which writes the sidecar on its own queue (the bench waits for it
/// between steps, untimed, as a person's next decision comes later;
/// `written` is that wait). `inline` is the way the window kept sidecars
/// before: the clip read back from the store, every sidecar record of the
/// folder loaded, the sidecar written and its record saved — all on the
/// main thread. Both run on the same folder, on clips of their own.
struct SidecarBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sidecars",
                                                    abstract: "Main-thread cost of a decision with XMP sidecars kept in step (10,000 clips).")

    @OptionGroup var output: OutputOptions

    @Option(help: "Clips in the generated folder.")
    var clips = 10_000

    @Option(help: "Decisions (and undos) timed.")
    var decisions = 300

    /// Every third timed decision is undone at once (an undo writes the
    /// sidecar back), as a user takes back a swipe.
    static let undoEvery = 3

    func run() throws {
        guard clips > 2 * decisions else { throw ValidationError("--clips must be more than twice --decisions") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-sidecars-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        var (store, record, session) = try prepare(root)
        let first = clips - 2 * decisions
        var results = try measureKeeper(store, record, &session, positions: first..<first + decisions)
        results += try measureInline(store, record, &session, positions: first + decisions..<clips)
        output.report(results)
    }

    /// A folder of `clips` 1-byte files, all but the last 2 × `decisions` decided
    /// (likes and rejects in turn), their sidecars brought in step.
    func prepare(_ root: URL) throws -> (store: Store, record: FolderRecord, session: ReviewSession) {
        let folder = root.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 0..<clips {
            let path = folder.appendingPathComponent(String(format: "clip_%05d.jpg", i)).path
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw ValidationError("can’t create \(path)") }
            _ = write(fd, "x", 1)
            close(fd)
        }
        let store = try Store(path: root.appendingPathComponent("flick.db").path)
        let record = try store.folder(at: folder)
        let sync = try store.sync(record, with: FolderScan.scan(folder))
        var session = try store.session(for: record, deck: sync.clips)
        let decided = clips - 2 * decisions
        let slice = 1_000
        for start in stride(from: 0, to: decided, by: slice) {
            let outcomes = (start..<min(start + slice, decided)).compactMap { session.decide($0 % 2 == 0 ? .like : .delete, at: $0) }
            try store.record(batch: outcomes, session: session, folder: record)
        }
        let stored = try (0..<decided).compactMap { try store.clip(id: session.deck.ids[$0]) }
        let report = Sidecars.update(stored, folder: record, store: store, likeRating: 1)
        guard report.failures.isEmpty, report.written == decided else {
            throw ValidationError("could not bring the sidecars in step: \(report.failures.first?.description ?? "\(report.written) written")")
        }
        return (store, record, session)
    }

    /// The timed steps: `decide` on the clips at `positions` in turn, every
    /// `undoEvery`-th undone; `sidecar` is the part timed, after the commit;
    /// `settle` runs after it, untimed.
    func steps(_ store: Store, _ record: FolderRecord, _ session: inout ReviewSession, positions: Range<Int>,
               sidecar: ([ActionOutcome], ReviewSession) throws -> Void,
               settle: () throws -> Void = {}) throws -> Times {
        var times = Times()
        for (n, position) in positions.enumerated() {
            var outcomes: [ActionOutcome] = []
            if let decided = session.decide(n % 2 == 0 ? .like : .delete, at: position) { outcomes.append(decided) }
            if n % Self.undoEvery == Self.undoEvery - 1, let undid = session.perform(.undo) { outcomes.append(undid) }
            for outcome in outcomes {
                let committing = DispatchTime.now().uptimeNanoseconds
                try store.record(outcome, session: session, folder: record)
                let keeping = DispatchTime.now().uptimeNanoseconds
                let keepingCPU = Self.threadCPUNanoseconds()
                try sidecar([outcome], session)
                let keptCPU = Self.threadCPUNanoseconds()
                let kept = DispatchTime.now().uptimeNanoseconds
                try settle()
                let settled = DispatchTime.now().uptimeNanoseconds
                times.commit.append(Double(keeping - committing) / 1e6)
                times.sidecar.append(Double(kept - keeping) / 1e6)
                times.sidecarCPU.append(Double(keptCPU - keepingCPU) / 1e6)
                times.settle.append(Double(settled - kept) / 1e6)
            }
        }
        return times
    }

    /// Milliseconds per step: the store's commit, the sidecar's share on
    /// the deciding thread (wall clock, and that thread's CPU time, which
    /// leaves out the time other processes had the core), and the wait after it.
    struct Times {
        var commit: [Double] = []
        var sidecar: [Double] = []
        var sidecarCPU: [Double] = []
        var settle: [Double] = []
    }

    /// The window's way: `SidecarKeeper.keep`, timed on the deciding thread.
    func measureKeeper(_ store: Store, _ record: FolderRecord, _ session: inout ReviewSession,
                       positions: Range<Int>) throws -> [Measurement] {
        let failures = Mutex<[Sidecars.Failure]>([])
        let keeper = SidecarKeeper(storePath: store.path) { found in failures.withLock { $0 += found } }
        let times = try steps(store, record, &session, positions: positions) { outcomes, session in
            for outcome in outcomes {
                switch outcome {
                case .decided(let position, _), .undid(.decide(let position, _, _), _):
                    keeper.keep(session.deck.decisions[position], clipID: session.deck.ids[position], folder: record, likeRating: 1)
                case .wentBack, .undid: break
                }
            }
        } settle: {
            // Waits for the keeper's queue to write it (or writes it, if the queue has not started yet).
            keeper.flush()
        }
        if let failure = failures.withLock({ $0.first }) { throw ValidationError(failure.description) }
        return figures("keeper", times) + [Measurement(bench: "sidecars.keeper_written_p99", value: percentile(times.settle.sorted(), 0.99),
                                                       unit: "ms", extra: ["clips": "\(clips)", "path": "keeper"])]
    }

    /// The window's old way, step for step (`keepSidecarsInStep` before the
    /// writer): read the clips back, `Sidecars.update` on the main thread.
    func measureInline(_ store: Store, _ record: FolderRecord, _ session: inout ReviewSession,
                       positions: Range<Int>) throws -> [Measurement] {
        let times = try steps(store, record, &session, positions: positions) { outcomes, session in
            let ids = session.deck.ids
            let clips = try outcomes.compactMap { outcome -> StoredClip? in
                switch outcome {
                case .decided(let position, _), .undid(.decide(let position, _, _), _): try store.clip(id: ids[position])
                case .wentBack, .undid: nil
                }
            }
            let report = Sidecars.update(clips, folder: record, store: store, likeRating: 1)
            guard report.failures.isEmpty else { throw ValidationError(report.failures[0].description) }
        }
        return figures("inline", times)
    }

    /// CPU time of the calling thread so far.
    static func threadCPUNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    func figures(_ path: String, _ times: Times) -> [Measurement] {
        let (sidecar, commit) = (times.sidecar.sorted(), times.commit.sorted())
        let extra = ["clips": "\(clips)", "steps": "\(sidecar.count)", "path": path]
        return [Measurement(bench: "sidecars.\(path)_p50", value: percentile(sidecar, 0.5), unit: "ms", extra: extra),
                Measurement(bench: "sidecars.\(path)_p99", value: percentile(sidecar, 0.99), unit: "ms",
                            extra: extra.merging(["target": "2"]) { $1 }),
                Measurement(bench: "sidecars.\(path)_cpu_p99", value: percentile(times.sidecarCPU.sorted(), 0.99), unit: "ms", extra: extra),
                Measurement(bench: "sidecars.\(path)_max", value: sidecar.last ?? 0, unit: "ms", extra: extra),
                Measurement(bench: "sidecars.\(path)_commit_p99", value: percentile(commit, 0.99), unit: "ms", extra: extra)]
    }
}
