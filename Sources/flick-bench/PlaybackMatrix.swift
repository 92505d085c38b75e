import ArgumentParser
import Foundation

/// The playback cost part of `flick-bench media`: every clip of the
/// matrix (PlaybackClip) in every window size under every renderer, Flick,
/// Clapper and gst-play in the same run (PlaybackCost per cell).
///
/// gst-play draws through `ximagesink`, not GTK: its figure does not
/// depend on the renderer, so it is measured once per clip and picture size
/// (in the first renderer's cell) and shared by the other renderer's row.
/// CPU figures are given per 10 s whatever `--seconds` is.
struct PlaybackMatrix {
    let clips: [PlaybackClip]
    let windows: [WindowSize]
    let renderers: [Renderer]
    let seconds: Double
    let root: URL
    /// Where the clips are made (or found, with `--keep-clips`).
    let clipDirectory: URL
    let display: String

    /// CPU figures are reported per this many seconds.
    static let span = 10.0

    /// One row of the tables.
    struct Cell {
        let clip: PlaybackClip
        let window: WindowSize
        let renderer: Renderer
        let flick: PlaybackCost.Flick
        let clapper: ThreadCPU?
        let gstPlaySameSize: Double?
        let gstPlayUnscaled: Double?
        let seconds: Double

        /// Flick's CPU per 10 s.
        var cpu: ThreadCPU { flick.cpu.per(PlaybackMatrix.span, measured: seconds) }
        var clapperCPU: ThreadCPU? { clapper?.per(PlaybackMatrix.span, measured: seconds) }
        var paintedPerSecond: Double { Double(flick.painted) / seconds }
        /// The clip's frames in the measured time that were not painted
        /// (none when the window painted as many or more).
        var dropped: Int { max(0, Int((Double(clip.fps) * seconds).rounded()) - flick.painted) }
    }

    /// The cells that could not be measured, and why (after `run`).
    private(set) var failures: [String] = []

    mutating func run() throws -> [Cell] {
        let hasGstPlay = FileManager.default.isExecutableFile(atPath: "/usr/bin/gst-play-1.0")
        if !hasGstPlay { note("gst-play-1.0 is not installed (Debian package gstreamer1.0-tools): no ratio against it") }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/clapper") {
            note("Clapper is not installed (Debian package `clapper`; `dev.sh test` installs it): no ratio against it")
        }
        // Long enough for the launch, the resize, the settling and the measure:
        // gst-play ends with the clip.
        let clipSeconds = Int(seconds.rounded(.up)) + 5
        var cells: [Cell] = []
        failures = []
        var checked: Set<Renderer> = []
        for (clipIndex, clip) in clips.enumerated() {
            let path = try clip.make(in: clipDirectory, seconds: clipSeconds)
            let deck = root.appendingPathComponent("deck-\(clip.name)")
            try FileManager.default.createDirectory(at: deck, withIntermediateDirectories: true)
            for i in 0..<3 {
                let link = deck.appendingPathComponent("clip_\(i).mp4").path
                if !FileManager.default.fileExists(atPath: link) { try FileManager.default.linkItem(atPath: path, toPath: link) }
            }
            var unscaled: Double?
            for window in windows {
                var sameSize: Double?
                for renderer in renderers {
                    note("measuring \(clip.name) in \(window.name) under \(renderer.rawValue)")
                    let cost = PlaybackCost(clip: clip, path: path, deck: deck, root: root, display: display,
                                            window: window, renderer: renderer, seconds: seconds)
                    let flick: PlaybackCost.Flick
                    do {
                        flick = try cost.flick(idle: clipIndex == 0)
                    } catch {
                        // One cell's failure does not lose the others.
                        note("\(clip.name) in \(window.name) under \(renderer.rawValue) failed: \(error)")
                        failures.append("\(clip.label) in \(window.name) under \(renderer.rawValue): \(error)")
                        continue
                    }
                    if !checked.contains(renderer) {
                        guard RendererCheck.matches(flick.rendererSeen, renderer) else {
                            throw ValidationError("""
                                GTK did not draw Flick with the \(renderer.rawValue) renderer on display \(display): it reports \(flick.rendererSeen). \
                                For gl the X server needs GLX and Mesa (Xvfb +extension GLX, Debian package libgl1-mesa-dri); \
                                leave it out with --renderers cairo.
                                """)
                        }
                        checked.insert(renderer)
                    }
                    let clapper = attempt("Clapper on \(clip.name) in \(window.name) under \(renderer.rawValue)") { try cost.clapper() } ?? nil
                    if hasGstPlay, sameSize == nil { sameSize = attempt("gst-play on \(clip.name) at \(flick.picture)") { try cost.gstPlay(at: flick.picture) } }
                    if hasGstPlay, unscaled == nil { unscaled = attempt("gst-play on \(clip.name) unscaled") { try cost.gstPlay(at: nil) } }
                    cells.append(Cell(clip: clip, window: window, renderer: renderer, flick: flick, clapper: clapper,
                                      gstPlaySameSize: sameSize, gstPlayUnscaled: unscaled, seconds: seconds))
                }
            }
        }
        return cells
    }

    /// A peer's figure, or nil (noted, and listed after the tables) when it failed.
    private mutating func attempt<T>(_ what: String, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            note("\(what) failed: \(error)")
            failures.append("\(what): \(error)")
            return nil
        }
    }

    private func note(_ text: String) { FileHandle.standardError.write(Data("note: \(text)\n".utf8)) }
}
