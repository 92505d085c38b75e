import ArgumentParser
import FlickCore
import FlickStore
import Foundation

/// `flick-bench sidecars`: what "Keep XMP sidecars in step" costs the main
/// thread per decision, on a 10,000-clip folder whose decided clips have
/// their sidecars in step. Each step decides one more clip (a like or a
/// reject) or undoes one; the store's own commit is timed apart
/// (`flick-bench store` measures it), so the figure is the sidecar's share.
///
/// `inline` is the way the window kept sidecars before: the clip read back
/// from the store, every sidecar record of the folder loaded, the sidecar
/// written and its record saved — all on the main thread.
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
        guard clips > decisions else { throw ValidationError("--clips must be more than --decisions") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-sidecars-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let results = try measureInline(root: root.appendingPathComponent("inline"))
        output.report(results)
    }

    /// A folder of `clips` 1-byte files, all but the last `decisions` decided
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
        let decided = clips - decisions
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

    /// The timed steps: `decide` on each undecided clip in turn, every
    /// `undoEvery`-th undone; `sidecar` is the part timed, after the commit.
    func steps(_ store: Store, _ record: FolderRecord, _ session: inout ReviewSession,
               sidecar: ([ActionOutcome], ReviewSession) throws -> Void) throws -> (sidecar: [Double], commit: [Double]) {
        var sidecarTimes: [Double] = [], commitTimes: [Double] = []
        let first = clips - decisions
        for (n, position) in (first..<clips).enumerated() {
            var outcomes: [ActionOutcome] = []
            if let decided = session.decide(n % 2 == 0 ? .like : .delete, at: position) { outcomes.append(decided) }
            if n % Self.undoEvery == Self.undoEvery - 1, let undid = session.perform(.undo) { outcomes.append(undid) }
            for outcome in outcomes {
                let committing = DispatchTime.now().uptimeNanoseconds
                try store.record(outcome, session: session, folder: record)
                let keeping = DispatchTime.now().uptimeNanoseconds
                try sidecar([outcome], session)
                let done = DispatchTime.now().uptimeNanoseconds
                commitTimes.append(Double(keeping - committing) / 1e6)
                sidecarTimes.append(Double(done - keeping) / 1e6)
            }
        }
        return (sidecarTimes.sorted(), commitTimes.sorted())
    }

    /// The window's old way, step for step (`keepSidecarsInStep` before the
    /// writer): read the clips back, `Sidecars.update` on the main thread.
    func measureInline(root: URL) throws -> [Measurement] {
        var (store, record, session) = try prepare(root)
        let times = try steps(store, record, &session) { outcomes, session in
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

    func figures(_ path: String, _ times: (sidecar: [Double], commit: [Double])) -> [Measurement] {
        let extra = ["clips": "\(clips)", "steps": "\(times.sidecar.count)", "path": path]
        return [Measurement(bench: "sidecars.\(path)_p50", value: percentile(times.sidecar, 0.5), unit: "ms", extra: extra),
                Measurement(bench: "sidecars.\(path)_p99", value: percentile(times.sidecar, 0.99), unit: "ms",
                            extra: extra.merging(["target": "2"]) { $1 }),
                Measurement(bench: "sidecars.\(path)_commit_p99", value: percentile(times.commit, 0.99), unit: "ms", extra: extra)]
    }
}
