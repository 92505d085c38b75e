import ArgumentParser
import Foundation

// Windows on the bench's X server and the CPU of the processes it starts,
// per thread, from /proc.

/// Windows on the benchmark's X server, through xdotool.
enum Windows {
    /// Waits (up to 15 s) for a visible window named `name` and resizes it.
    static func resize(named name: String, display: String, to size: WindowSize) throws {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let pipe = Pipe()
            let search = Process()
            search.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            search.arguments = ["search", "--onlyvisible", "--name", "^\(name)$"]
            search.environment = ["DISPLAY": display]
            search.standardOutput = pipe
            search.standardError = FileHandle.nullDevice
            try search.run()
            search.waitUntilExit()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if let id = text.split(separator: "\n").first {
                try Run.program("/usr/bin/xdotool", ["windowsize", String(id), "\(size.width)", "\(size.height)"], environment: ["DISPLAY": display])
                return
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw ValidationError("no window named \(name) appeared")
    }
}

/// CPU time per thread and per process tree, from /proc.
enum Threads {
    /// CPU seconds so far of each thread of `pid`, summed by thread name.
    static func cpu(of pid: Int32) -> [String: Double] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var byName: [String: Double] = [:]
        for task in tasks {
            let name = ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? "?")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            byName[name, default: 0] += Run.cpuSeconds(statPath: "/proc/\(pid)/task/\(task)/stat")
        }
        return byName
    }

    /// `pid` and its descendants.
    static func tree(of pid: Int32) -> [Int32] {
        var parents: [Int32: [Int32]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(entry), let text = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = text.lastIndex(of: ")") else { continue }
            let fields = text[text.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[parent, default: []].append(child) }
        }
        var found = [pid], index = 0
        while index < found.count {
            found += parents[found[index]] ?? []
            index += 1
        }
        return found
    }

    /// The command line `pid` runs, its arguments joined by spaces ("" when
    /// unreadable): for a script, the interpreter and the script.
    static func commandLine(of pid: Int32) -> String {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return "" }
        return String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }

    static func treeCPU(of pid: Int32) -> Double {
        tree(of: pid).map { Run.cpuSeconds(of: $0) }.filter { !$0.isNaN }.reduce(0, +)
    }

    /// Ends the processes this benchmark started, children first, by id.
    static func terminateTree(of pid: Int32) {
        for member in tree(of: pid).reversed() { kill(member, SIGTERM) }
        Thread.sleep(forTimeInterval: 0.5)
        for member in tree(of: pid).reversed() { kill(member, SIGKILL) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}

extension [String: Double] {
    func subtracting(_ earlier: [String: Double]) -> [String: Double] {
        var result = self
        for (key, value) in earlier { result[key, default: 0] -= value }
        return result
    }
}

/// One process's CPU seconds over a measured time, split the way the
/// playback matrix reports it: the main (GTK) thread, Mesa's llvmpipe
/// threads (GL drawn in software: a GPU's work on a real machine), and all
/// the others (GStreamer's decoding, scaling and converting, GLib's).
struct ThreadCPU {
    /// The whole process (for Clapper, its tree: with `dbus-run-session`).
    var whole: Double
    var main: Double
    var llvmpipe: Double
    var outsideLlvmpipe: Double { whole - llvmpipe }
    var others: Double { whole - main - llvmpipe }

    /// The same figures per `span` seconds (the tables speak per 10 s).
    func per(_ span: Double, measured seconds: Double) -> ThreadCPU {
        let factor = span / seconds
        return ThreadCPU(whole: whole * factor, main: main * factor, llvmpipe: llvmpipe * factor)
    }

    /// What /proc says of `pid` now: the process, and each thread by id
    /// with its name. Threads that end in between leave their time in the
    /// process's figure, so `others` comes from the difference.
    struct Sample {
        let process: Double
        let threads: [String: (name: String, cpu: Double)]

        init(of pid: Int32, tree: Bool) {
            process = tree ? Threads.treeCPU(of: pid) : Run.cpuSeconds(of: pid)
            var threads: [String: (name: String, cpu: Double)] = [:]
            for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? [] {
                let name = ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? "?")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                let cpu = Run.cpuSeconds(statPath: "/proc/\(pid)/task/\(task)/stat")
                if !cpu.isNaN { threads[task] = (name, cpu) }
            }
            self.threads = threads
        }
    }

    /// The CPU of `pid` (its main thread's id is its own) between two samples.
    init(pid: Int32, from before: Sample, to after: Sample) {
        func delta(_ keep: (String, String) -> Bool) -> Double {
            after.threads.filter { keep($0.key, $0.value.name) }
                .map { $0.value.cpu - (before.threads[$0.key]?.cpu ?? 0) }.reduce(0, +)
        }
        whole = after.process - before.process
        main = delta { id, _ in id == "\(pid)" }
        llvmpipe = delta { _, name in name.hasPrefix("llvmpipe") }
    }

    init(whole: Double, main: Double, llvmpipe: Double) {
        self.whole = whole
        self.main = main
        self.llvmpipe = llvmpipe
    }
}
