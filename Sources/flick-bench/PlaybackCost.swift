import ArgumentParser
import Foundation

/// The playback cost figures of `flick-bench media`: CPU seconds for 10 s of
/// the deck with the top card playing, in a 1280×800 window, against Clapper
/// (when installed) and `gst-play-1.0` with `ximagesink` playing the same
/// clip in a window of the same size, all in this run; the idle figure
/// (paused, nothing moving); and Flick's CPU per thread.
struct PlaybackCost {
    static let window = (width: 1280, height: 800)
    static let seconds = 10.0
    let clip: String
    let deck: URL
    let root: URL
    let display: String

    func measure() throws -> [Measurement] {
        var (results, picture) = try flick()
        let flickCPU = results[0].value
        // gst-play showing the clip at the size Flick shows it (the target),
        // and unscaled (ximagesink cannot scale: the floor of decoding and
        // showing alone).
        let size = "width=\(picture.width),height=\(picture.height)"
        let sameSize = try peer("/usr/bin/gst-play-1.0", ["-q", "--no-interactive", "--videosink=videoscale ! video/x-raw,\(size) ! ximagesink",
                                                          "--audiosink=fakesink", clip], window: "gst-play-1.0")
        let unscaled = try peer("/usr/bin/gst-play-1.0", ["-q", "--no-interactive", "--videosink=ximagesink", "--audiosink=fakesink", clip],
                                window: "gst-play-1.0")
        let shown = ["picture": "\(picture.width)x\(picture.height)"]
        results.append(Measurement(bench: "media.cpu_10s_gst_play_same_size", value: sameSize, unit: "s", extra: Self.extra.merging(shown) { $1 }))
        results.append(Measurement(bench: "media.cpu_ratio_vs_gst_play", value: flickCPU / sameSize, unit: "x", extra: ["target": "1.5"].merging(shown) { $1 }))
        results.append(Measurement(bench: "media.cpu_10s_gst_play_unscaled", value: unscaled, unit: "s", extra: Self.extra))
        results.append(Measurement(bench: "media.cpu_ratio_vs_gst_play_unscaled", value: flickCPU / unscaled, unit: "x"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/clapper") {
            // Clapper wants a session bus; its window is named after the clip.
            let name = URL(fileURLWithPath: clip).deletingPathExtension().lastPathComponent
            let clapper = try peer("/usr/bin/dbus-run-session", ["--", "/usr/bin/clapper", clip], window: name,
                                   environment: ["GSK_RENDERER": "cairo", "GDK_BACKEND": "x11"])
            results.append(Measurement(bench: "media.cpu_10s_clapper", value: clapper, unit: "s", extra: Self.extra))
            results.append(Measurement(bench: "media.cpu_ratio_vs_clapper", value: flickCPU / clapper, unit: "x", extra: ["target": "0.35"]))
        } else {
            FileHandle.standardError.write(Data("note: Clapper is not installed (Debian package `clapper`; `dev.sh test` installs it): no ratio against it\n".utf8))
        }
        return results
    }

    static var extra: [String: String] { ["clip": "1280x720 H.264 30 fps", "window": "\(window.width)x\(window.height)", "renderer": "cairo"] }

    /// Flick playing (all threads, then per thread), then paused; and the
    /// size of the picture on its top card.
    private func flick() throws -> ([Measurement], picture: (width: Int, height: Int)) {
        try App(folder: deck, root: root, display: display).measure { app in
            try app.waitState(timeout: 30) { $0["playing"] as? Bool == true }
            try Windows.resize(named: "Flick", display: display, to: Self.window)
            Thread.sleep(forTimeInterval: 1)
            let card = try app.state()["card"] as? [Int] ?? []
            guard card.count == 2, card[0] > 0, card[1] > 0 else { throw ValidationError("Flick reported no card size") }
            // The 1280×720 clip letterboxed into the card, as Flick scales it.
            let scale = min(Double(card[0]) / 1280, Double(card[1]) / 720)
            let picture = (width: Int((1280 * scale).rounded()), height: Int((720 * scale).rounded()))
            let before = Threads.cpu(of: app.processIdentifier)
            let total = app.cpuSeconds(over: Self.seconds)
            let threads = Threads.cpu(of: app.processIdentifier).subtracting(before)
            try app.press("space", times: 1)
            try app.waitState(timeout: 10) { $0["playing"] as? Bool == false }
            Thread.sleep(forTimeInterval: 1)
            let idle = app.cpuSeconds(over: Self.seconds)
            var results = [Measurement(bench: "media.cpu_10s_deck", value: total, unit: "s", extra: Self.extra)]
            for (name, seconds) in threads.sorted(by: { $0.value > $1.value }) where seconds >= 0.01 {
                results.append(Measurement(bench: "media.cpu_10s_deck_thread", value: seconds, unit: "s", extra: ["thread": name]))
            }
            results.append(Measurement(bench: "media.cpu_10s_idle", value: idle, unit: "s", extra: ["state": "paused, nothing moving", "target": "0.05"]))
            return (results, picture)
        }
    }

    /// Another player's CPU seconds (its whole process tree) over the same time.
    private func peer(_ path: String, _ arguments: [String], window: String, environment: [String: String] = [:]) throws -> Double {
        let process = try Run.start(path, arguments, environment: environment.merging(["DISPLAY": display]) { _, new in new })
        defer { Threads.terminateTree(of: process.processIdentifier) }
        try Windows.resize(named: window, display: display, to: Self.window)
        Thread.sleep(forTimeInterval: 1.5)
        let before = Threads.treeCPU(of: process.processIdentifier)
        Thread.sleep(forTimeInterval: Self.seconds)
        return Threads.treeCPU(of: process.processIdentifier) - before
    }
}

/// Windows on the benchmark's X server, through xdotool.
enum Windows {
    /// Waits (up to 15 s) for a visible window named `name` and resizes it.
    static func resize(named name: String, display: String, to size: (width: Int, height: Int)) throws {
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
