import FlickCore
import FlickMedia
import Foundation

/// The benchmarks' one hook: with `FLICK_BENCH_DIR` set to a folder,
/// Flick writes there what `flick-bench` measures and nothing else reads:
///
///     state.json     {"clips": N, "cursor": N, "playing": bool,
///                     "max_pipelines": N, "card": [width, height]}
///                    after every change (and while the top pipeline
///                    catches up with a play or pause)
///     frames.log     the window's frames and a drag's release (FrameLog)
///     overview.log   the overview's open and frame times (OverviewTiming)
///
/// Without it nothing is created and no widget knows of it: the window
/// attaches the hook from outside (`attach(to:)`), and the render pass
/// tells it of each change.
@MainActor
enum BenchHook {
    static let directory = ProcessInfo.processInfo.environment["FLICK_BENCH_DIR"].flatMap { $0.isEmpty ? nil : $0 }

    private static var write: (@MainActor () -> Void)?
    /// How many more times to look again while the top pipeline has not
    /// reached the state the model asks for.
    private static var settleChecks = 0
    private static var scheduled = false

    /// Starts the frame and overview logs and the state file (only with
    /// `FLICK_BENCH_DIR`).
    static func attach(to window: MainWindow) {
        guard let directory else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let stack = window.page.stack
        stack.frameLog = FrameLog(widget: stack.stage, path: directory + "/frames.log")
        window.overview.timing = OverviewTiming(widget: window.overview.grid, path: directory + "/overview.log")
        let model = window.model
        write = { writeState(model, stack: stack, to: directory + "/state.json") }
        let earlier = stack.onStateChange
        stack.onStateChange = {
            earlier()
            changed()
        }
    }

    /// The hook's part of the render pass.
    static func render(_ change: ReviewChange) {
        changed()
    }

    /// Writes the state once this main-loop turn is over (a burst of keys
    /// costs one write).
    private static func changed() {
        guard write != nil else { return }
        settleChecks = 200  // up to 10 s for a pipeline to start or stop
        guard !scheduled else { return }
        scheduled = true
        Task { @MainActor in flush() }
    }

    private static func flush() {
        scheduled = false
        write?()
    }

    private static func writeState(_ model: ReviewModel, stack: CardStackView, to path: String) {
        let playing = stack.topCard?.isPlaying ?? false
        let wanted = stack.topCard?.isVideo == true && model.playback.shouldPlay && model.facts(at: model.cursor).problem == nil
        if playing != wanted, settleChecks > 0 {
            settleChecks -= 1
            scheduled = true
            Task { @MainActor in
                try? await Task.sleep(for: .milliseconds(50))
                flush()
            }
        }
        let card = stack.topCard.map { "[\(Int($0.laidOutSize.width)),\(Int($0.laidOutSize.height))]" } ?? "null"
        let text = "{\"clips\":\(model.count),\"cursor\":\(model.cursor),\"playing\":\(playing),"
            + "\"max_pipelines\":\(VideoPlayer.livePipelines.most),\"card\":\(card)}"
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
        _ = rename(temporary, path)
    }
}
