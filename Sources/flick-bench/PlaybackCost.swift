import ArgumentParser
import Foundation

/// One cell of the playback cost matrix: a clip, a window size and a GTK
/// renderer. Flick plays the clip as the top card of a three-card deck;
/// Clapper (when installed) plays it in a window of the same size under
/// the same renderer; `gst-play-1.0` with `ximagesink` (no GTK) plays it
/// through `videoscale` at the size Flick shows it, and unscaled. CPU is
/// read per thread from /proc over `seconds`, after the window settled.
struct PlaybackCost {
    let clip: PlaybackClip
    /// The clip's file.
    let path: String
    /// A folder of three links to it.
    let deck: URL
    let root: URL
    let display: String
    let window: WindowSize
    let renderer: Renderer
    let seconds: Double

    /// Seconds between the window's resize and the start of the measure.
    static let settle = 1.5

    /// What Flick did in the cell.
    struct Flick {
        /// The picture's size on the top card (the clip letterboxed into it).
        let picture: (width: Int, height: Int)
        /// CPU over the measured time.
        let cpu: ThreadCPU
        /// CPU by thread name over the measured time.
        let threads: [String: Double]
        /// Frames the window's frame clock painted during it.
        let painted: Int
        /// CPU over as long paused, when asked for.
        let idle: Double?
        /// The renderer GTK reported, or what the threads show.
        let rendererSeen: String
    }

    /// Flick playing (per thread, and the frames its window painted), then
    /// paused when `idle`.
    func flick(idle: Bool) throws -> Flick {
        let home = root.appendingPathComponent("flick-\(clip.name)-\(window.name)-\(renderer.rawValue)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let bench = home.appendingPathComponent("bench").path
        let frames = bench + "/frames.log"
        let errors = home.appendingPathComponent("stderr.log").path
        let app = try App(folder: deck, root: root, display: display, renderer: renderer.rawValue, errors: errors,
                          environment: ["FLICK_BENCH_DIR": bench, "GSK_DEBUG": "renderer"])
        return try app.measure { app in
            try app.waitState(timeout: 30) { $0["playing"] as? Bool == true }
            try Windows.resize(named: "Flick", display: display, to: window)
            Thread.sleep(forTimeInterval: Self.settle)
            // The state file follows the layout a moment later when the main thread is busy.
            var card: [Int] = []
            try app.waitState(timeout: 10) { state in
                card = state["card"] as? [Int] ?? []
                return card.count == 2 && card[0] > 0 && card[1] > 0
            }
            // The clip letterboxed into the card, as Flick scales it.
            let shown = clip.shown
            let scale = min(Double(card[0]) / Double(shown.width), Double(card[1]) / Double(shown.height))
            let picture = (width: Int((Double(shown.width) * scale).rounded()), height: Int((Double(shown.height) * scale).rounded()))
            let pid = app.processIdentifier
            let framesBefore = FrameCount.frames(in: frames)
            let before = ThreadCPU.Sample(of: pid, tree: false), namedBefore = Threads.cpu(of: pid)
            Thread.sleep(forTimeInterval: seconds)
            let after = ThreadCPU.Sample(of: pid, tree: false), namedAfter = Threads.cpu(of: pid)
            let painted = FrameCount.frames(in: frames) - framesBefore
            guard try app.state()["playing"] as? Bool == true else { throw ValidationError("Flick stopped playing \(clip.name) while measured") }
            var idleCPU: Double?
            if idle {
                try app.press("space", times: 1)
                try app.waitState(timeout: 10) { $0["playing"] as? Bool == false }
                Thread.sleep(forTimeInterval: 1)
                idleCPU = app.cpuSeconds(over: seconds)
            }
            let cpu = ThreadCPU(pid: pid, from: before, to: after)
            return Flick(picture: picture, cpu: cpu, threads: namedAfter.subtracting(namedBefore), painted: painted, idle: idleCPU,
                         rendererSeen: RendererCheck.seen(log: errors, llvmpipe: cpu.llvmpipe, seconds: seconds))
        }
    }

    /// Clapper's CPU (its process tree, and its own threads), or nil when
    /// it is not installed.
    func clapper() throws -> ThreadCPU? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/clapper") else { return nil }
        // Clapper wants a session bus; its window is named after the clip.
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let process = try Run.start("/usr/bin/dbus-run-session", ["--", "/usr/bin/clapper", path],
                                    environment: ["DISPLAY": display, "GSK_RENDERER": renderer.rawValue, "GDK_BACKEND": "x11"])
        defer { Threads.terminateTree(of: process.processIdentifier) }
        try Windows.resize(named: name, display: display, to: window)
        Thread.sleep(forTimeInterval: Self.settle)
        let root = process.processIdentifier
        // Clapper 0.5 is a gjs script: the process whose command line names it.
        guard let player = Threads.tree(of: root).dropFirst()
            .first(where: { Threads.commandLine(of: $0).hasPrefix("/usr/bin/gjs") || Threads.commandLine(of: $0).contains("Clapper") }) else {
            throw ValidationError("Clapper's window showed but no Clapper process was found under \(root)")
        }
        let before = (tree: ThreadCPU.Sample(of: root, tree: true), own: ThreadCPU.Sample(of: player, tree: false))
        Thread.sleep(forTimeInterval: seconds)
        let after = (tree: ThreadCPU.Sample(of: root, tree: true), own: ThreadCPU.Sample(of: player, tree: false))
        let own = ThreadCPU(pid: player, from: before.own, to: after.own)
        return ThreadCPU(whole: after.tree.process - before.tree.process, main: own.main, llvmpipe: own.llvmpipe)
    }

    /// gst-play's CPU (whole process) showing the clip at `picture` (as
    /// Flick shows it: scaled, then turned upright), or unscaled when nil
    /// (`ximagesink` cannot scale: the floor of decoding and showing).
    func gstPlay(at picture: (width: Int, height: Int)?) throws -> Double {
        var sink = "ximagesink"
        if let picture {
            // Scaled to the stored picture's shape, then turned, as Flick's pipeline does.
            let turned = clip.rotation % 180 == 90
            let size = turned ? "width=\(picture.height),height=\(picture.width)" : "width=\(picture.width),height=\(picture.height)"
            sink = "videoscale ! video/x-raw,\(size)" + (clip.rotation == 0 ? "" : " ! videoflip video-direction=auto") + " ! ximagesink"
        }
        let process = try Run.start("/usr/bin/gst-play-1.0", ["-q", "--no-interactive", "--videosink=\(sink)", "--audiosink=fakesink", path],
                                    environment: ["DISPLAY": display])
        defer { Threads.terminateTree(of: process.processIdentifier) }
        try Windows.resize(named: "gst-play-1.0", display: display, to: window)
        Thread.sleep(forTimeInterval: Self.settle)
        let before = Threads.treeCPU(of: process.processIdentifier)
        Thread.sleep(forTimeInterval: seconds)
        guard process.isRunning else { throw ValidationError("gst-play-1.0 ended before \(seconds) s of \(clip.name) were measured") }
        return Threads.treeCPU(of: process.processIdentifier) - before
    }
}

/// The renderers the matrix runs GTK under (`GSK_RENDERER`).
enum Renderer: String, CaseIterable, Sendable {
    case cairo, gl

    static func named(_ list: String?) throws -> [Renderer] {
        guard let list else { return allCases }
        return try list.split(separator: ",").map {
            guard let renderer = Renderer(rawValue: $0.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("no renderer \($0); choose from cairo, gl")
            }
            return renderer
        }
    }
}

/// A window size of the matrix.
struct WindowSize: Sendable {
    let width: Int
    let height: Int
    var name: String { "\(width)x\(height)" }

    static let matrix = [WindowSize(width: 1280, height: 800), WindowSize(width: 1920, height: 1040)]

    static func named(_ list: String?) throws -> [WindowSize] {
        guard let list else { return matrix }
        return try list.split(separator: ",").map { item in
            let sides = item.lowercased().split(separator: "x").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard sides.count == 2, sides.allSatisfy({ (320...3840).contains($0) }) else {
                throw ValidationError("window size \(item) is not WIDTHxHEIGHT (e.g. 1280x800)")
            }
            return WindowSize(width: sides[0], height: sides[1])
        }
    }
}

/// Counts the frames in Flick's frame log (`frames.log` of `FLICK_BENCH_DIR`): one
/// `frame …` line per frame its window's frame clock painted.
enum FrameCount {
    static func frames(in path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        var count = 0, atLineStart = true
        let prefix = Array("frame ".utf8)
        var index = data.startIndex
        while index < data.endIndex {
            if atLineStart, data[index...].starts(with: prefix) { count += 1 }
            atLineStart = data[index] == UInt8(ascii: "\n")
            index = data.index(after: index)
        }
        return count
    }
}

/// Which renderer GTK took: from `GSK_DEBUG=renderer`'s line on stderr
/// ("Using renderer of type 'GskGLRenderer'") on a GTK built with debug
/// output, or else from Mesa's llvmpipe threads working. (GTK 4.8 on X11
/// sets up EGL when it opens the display, so the threads are there under
/// cairo too, idle; on the bench's Xvfb GL can only be llvmpipe.)
enum RendererCheck {
    /// llvmpipe CPU per 10 s above which GL is drawing.
    static let llvmpipeBusy = 0.1

    static func seen(log: String, llvmpipe: Double, seconds: Double) -> String {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        if let line = text.split(separator: "\n").last(where: { $0.contains("Using renderer of type") }),
           let open = line.firstIndex(of: "'"), let close = line.lastIndex(of: "'"), open < close {
            return String(line[line.index(after: open)..<close])
        }
        let per10 = llvmpipe * 10 / seconds
        return per10 > llvmpipeBusy ? String(format: "GL (llvmpipe busy, %.2f s per 10 s)", per10)
                                    : String(format: "cairo (llvmpipe idle, %.2f s per 10 s)", per10)
    }

    /// Whether `seen` is the renderer asked for.
    static func matches(_ seen: String, _ renderer: Renderer) -> Bool {
        switch renderer {
        case .cairo: seen.contains("Cairo") || seen.hasPrefix("cairo")
        case .gl: seen.contains("GL")
        }
    }
}
