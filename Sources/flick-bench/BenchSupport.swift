import ArgumentParser
import Foundation

// What the benchmarks that run programs share: child processes and their
// CPU time, an X server, and the Flick app driven through its state file.

/// A one-shot signal between threads.
final class Latch: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var opened = false
    func open() {
        lock.lock()
        defer { lock.unlock() }
        guard !opened else { return }
        opened = true
        semaphore.signal()
    }
    func wait(seconds: Double) -> Bool { semaphore.wait(timeout: .now() + seconds) == .success }
}

/// Child processes and their CPU time.
enum Run {
    /// Runs a program to completion; returns its wall-clock seconds.
    @discardableResult
    static func program(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let process = try self.start(path, arguments, environment: environment)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("\(path) exited \(process.terminationStatus)") }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Starts a program; its stderr goes to the file `errors` when given.
    static func start(_ path: String, _ arguments: [String], environment: [String: String] = [:], errors: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if let errors, FileManager.default.createFile(atPath: errors, contents: nil), let file = FileHandle(forWritingAtPath: errors) {
            process.standardError = file
        }
        try process.run()
        return process
    }

    /// User + system CPU seconds of `pid` (all its threads) so far.
    static func cpuSeconds(of pid: Int32) -> Double { cpuSeconds(statPath: "/proc/\(pid)/stat") }

    /// User + system CPU seconds from a /proc stat file (a process's or a thread's).
    static func cpuSeconds(statPath: String) -> Double {
        guard let text = try? String(contentsOfFile: statPath, encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return .nan }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // Fields after the name start at "state" (field 3); utime is 14, stime 15.
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func cpuSeconds(of pid: Int32, over seconds: Double) -> Double {
        let before = cpuSeconds(of: pid)
        Thread.sleep(forTimeInterval: seconds)
        return cpuSeconds(of: pid) - before
    }
}

/// An Xvfb of the benchmark's own, or the display already set.
struct XServer {
    let name: String
    let process: Process?

    /// Starts Xvfb with a `screen` (WIDTHxHEIGHT) and, with `glx`, the GLX
    /// extension for GL drawn in software by Mesa (llvmpipe); or returns the
    /// display already set.
    static func start(screen: String = "1280x900", glx: Bool = false) throws -> XServer {
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty {
            return XServer(name: display, process: nil)
        }
        let number = 90 + Int(getpid() % 100)
        let process = try Run.start("/usr/bin/Xvfb", [":\(number)", "-screen", "0", "\(screen)x24", "-nolisten", "tcp"]
                                                     + (glx ? ["+extension", "GLX"] : []))
        Thread.sleep(forTimeInterval: 1)
        guard process.isRunning else { throw ValidationError("Xvfb could not start on :\(number) (is another X server there?)") }
        return XServer(name: ":\(number)", process: process)
    }

    func stop() {
        process?.terminate()
        process?.waitUntilExit()
    }
}

/// The Flick app on a folder, with its benchmark hook (`FLICK_BENCH_DIR`:
/// `state.json`, `frames.log`, `overview.log`; see the app's BenchHook).
final class App {
    private let process: Process
    private let statePath: String
    private let display: String
    private let launched = DispatchTime.now().uptimeNanoseconds

    /// Starts Flick on `folder` under `renderer` (`GSK_RENDERER`), its
    /// stderr into the file `errors` when given.
    /// `program`: another build's `flick` (a same-run peer); by default the
    /// one next to the bench.
    init(folder: URL, root: URL, display: String, renderer: String = "cairo", errors: String? = nil,
         environment: [String: String] = [:], program: String? = nil) throws {
        let home = root.appendingPathComponent("home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let bench = environment["FLICK_BENCH_DIR"] ?? home.appendingPathComponent("bench").path
        statePath = bench + "/state.json"
        self.display = display
        let flick = program ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flick").path
        process = try Run.start(flick, [folder.path], environment: [
            "DISPLAY": display, "GDK_BACKEND": "x11", "GSK_RENDERER": renderer, "FLICK_BENCH_DIR": bench,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "GSETTINGS_BACKEND": "memory",
        ].merging(environment) { _, new in new }.filter { $0.value != Self.noHook }, errors: errors)
    }

    /// Pass as `FLICK_BENCH_DIR` for an app without the benchmark hook
    /// (whose writes would be measured with the app).
    static let noHook = "-"

    func measure<T>(_ body: (App) throws -> T) throws -> T {
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        return try body(self)
    }

    var secondsSinceLaunch: Double { Double(DispatchTime.now().uptimeNanoseconds - launched) / 1e9 }

    func state() throws -> [String: Any] {
        guard let data = FileManager.default.contents(atPath: statePath),
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return object
    }

    func waitState(timeout: Double, _ condition: ([String: Any]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard process.isRunning else { throw ValidationError("flick exited (\(process.terminationStatus))") }
            if condition((try? state()) ?? [:]) { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw ValidationError("timed out after \(timeout) s waiting for flick; its state: \((try? state()) ?? [:])")
    }

    /// Waits until the state file holds `text` (e.g. `"playing":true`),
    /// without parsing it: on a 100,000-clip deck a parse costs the bench
    /// a few hundred ms of CPU, taken from the app on a 2-core machine.
    /// JSON escapes every quote inside a string, so a key and its value
    /// match only where they are one.
    func waitStateText(_ text: String, timeout: Double) throws {
        let needle = Data(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard process.isRunning else { throw ValidationError("flick exited (\(process.terminationStatus))") }
            if let data = FileManager.default.contents(atPath: statePath), data.range(of: needle) != nil { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw ValidationError("timed out after \(timeout) s waiting for \(text) in flick's state")
    }

    /// Presses `key` `times` times, `delay` ms apart (20 a second).
    func press(_ key: String, times: Int, delay: Int = 50) throws {
        guard times > 0 else { return }
        try Run.program("/usr/bin/xdotool", ["key", "--delay", "\(delay)"] + Array(repeating: key, count: times), environment: ["DISPLAY": display])
    }

    func cpuSeconds(over seconds: Double) -> Double { Run.cpuSeconds(of: process.processIdentifier, over: seconds) }

    var processIdentifier: Int32 { process.processIdentifier }

    /// The folder of the benchmark hook's files (`state.json`, `frames.log`).
    var hookDirectory: String { (statePath as NSString).deletingLastPathComponent }

    /// The most memory the app held resident so far (VmHWM).
    var peakResidentBytes: Int { statusField("VmHWM:") }

    var residentBytes: Int { statusField("VmRSS:") }

    /// How many threads the app has now.
    var threadCount: Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/task").count) ?? 0 }

    private func statusField(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
