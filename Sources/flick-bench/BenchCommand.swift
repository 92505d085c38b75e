import ArgumentParser
import FlickCore
import Foundation

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick-bench",
        abstract: "Flick's benchmarks. Build with -c release for meaningful figures.",
        subcommands: [CoreBench.self, StoreBench.self, MediaBench.self, FrameBench.self, OverviewBench.self, ExportBench.self, ScaleBench.self, MemoryBench.self, GestureBench.self, StacksBench.self, SidecarBench.self, DriveCommand.self]
    )
}

/// One measurement, printed as a table row or a JSON object.
struct Measurement {
    let bench: String
    let value: Double
    let unit: String
    var extra: [String: String] = [:]

    var json: String {
        var fields = ["\"bench\": \"\(bench)\"", "\"value\": \(value)", "\"unit\": \"\(unit)\""]
        fields += extra.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}

struct OutputOptions: ParsableArguments {
    @Flag(help: "Print one JSON object per measurement.")
    var json = false

    func report(_ measurements: [Measurement]) {
        if json {
            measurements.forEach { print($0.json) }
            return
        }
        let width = measurements.map(\.bench.count).max() ?? 10
        for m in measurements {
            let name = m.bench.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(name)  \(String(format: "%12.2f", m.value)) \(m.unit)")
        }
    }
}

/// Keeps a value alive so the optimizer cannot remove the work producing it.
@inline(never) func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Nanoseconds per iteration of `body`, best of `rounds` runs.
func nanosecondsPerIteration(iterations: Int, rounds: Int = 5, _ body: (Int) -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for i in 0..<iterations { body(i) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        best = min(best, elapsed / Double(iterations))
    }
    return best
}

/// Resident set size in bytes, from /proc/self/statm.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
