import ArgumentParser
import FlickCore
import FlickStore
import Foundation

/// `flick-bench store`: decision commit latency on this disk, and
/// `flick status --json` on a 10,000-clip folder.
struct StoreBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "store", abstract: "Decision commit latency; status on 10,000 clips.")

    @OptionGroup var output: OutputOptions

    @Option(help: "Decisions to commit for the latency figures.")
    var commits = 500

    @Option(help: "Clips in the folder for the status figure.")
    var clips = 10_000

    func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-bench-store-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        var results = try commitLatency(root: root.appendingPathComponent("commit"))
        results += try statusTime(root: root.appendingPathComponent("status"))
        output.report(results)
    }

    /// Each decision is one durable transaction (WAL, synchronous=FULL), as in the app.
    func commitLatency(root: URL) throws -> [Measurement] {
        let folder = root.appendingPathComponent("clips")
        try makeFolder(folder, count: commits)
        let store = try Store(path: root.appendingPathComponent("flick.db").path)
        let record = try store.folder(at: folder)
        let sync = try store.sync(record, with: FolderScan.scan(folder))
        var session = try store.session(for: record, deck: sync.clips)
        var samples: [Double] = []
        for i in 0..<commits {
            guard let outcome = session.perform(i % 3 == 0 ? .delete : .like) else { break }
            let start = DispatchTime.now().uptimeNanoseconds
            try store.record(outcome, session: session, folder: record)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        samples.sort()
        let extra = ["commits": "\(samples.count)", "path": root.path]
        return [Measurement(bench: "store.commit_p50", value: percentile(samples, 0.5), unit: "ms", extra: extra),
                Measurement(bench: "store.commit_p99", value: percentile(samples, 0.99), unit: "ms", extra: extra),
                Measurement(bench: "store.commit_max", value: samples.last ?? 0, unit: "ms", extra: extra)]
    }

    /// Runs the real `flick status --json` (next to this binary) twice: the
    /// first run adds every clip to the store, the second is a usual one.
    func statusTime(root: URL) throws -> [Measurement] {
        let folder = root.appendingPathComponent("clips")
        try makeFolder(folder, count: clips)
        let flick = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flick")
        var results: [Measurement] = []
        for run in ["first", "again"] {
            let process = Process()
            process.executableURL = flick
            process.arguments = ["status", folder.path, "--json", "--no-stacks", "--no-suggestions"]
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = root.appendingPathComponent("data").path
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            let start = DispatchTime.now().uptimeNanoseconds
            try process.run()
            process.waitUntilExit()
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            guard process.terminationStatus == 0 else { throw ValidationError("flick status exited \(process.terminationStatus)") }
            results.append(Measurement(bench: "store.status_json", value: ms, unit: "ms", extra: ["clips": "\(clips)", "run": run]))
        }
        return results
    }

    private func makeFolder(_ folder: URL, count: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let byte = Data([0])
        for i in 0..<count {
            let path = folder.appendingPathComponent(String(format: "clip_%05d.mp4", i)).path
            guard FileManager.default.createFile(atPath: path, contents: byte) else { throw ValidationError("could not create \(path)") }
        }
    }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}
