import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// The benchmarks' one hook: with `FLICK_BENCH_DIR` set to a folder,
/// Flick writes there what `flick-bench` measures and nothing else reads:
///
///     state.json     {"clips": N, "cursor": N, "playing": bool,
///                     "max_pipelines": N, "card": [width, height],
///                     "analysis": "idle|running|done|…", "analysed": N}
///                    after every change (and while the top pipeline
///                    catches up with a play or pause)
///     frames.log     the window's frames and a drag's release (FrameLog)
///     overview.log   the overview's open and frame times (OverviewTiming)
///
/// Without it nothing is created and no part of the window knows of it:
/// the window calls `attach(to:)` once its parts are wired, and the hook
/// observes them from outside, through what they offer everyone — the
/// stack's `decide`, `onStateChange`, `onTopFrame` and drag tracker, the
/// overview's grid factory, and the model's changes. The render pass tells
/// it of each change (`render`).
@MainActor
enum BenchHook {
    static let directory = ProcessInfo.processInfo.environment["FLICK_BENCH_DIR"].flatMap { $0.isEmpty ? nil : $0 }

    private static var write: (@MainActor () -> Void)?
    /// How many more times to look again while the top pipeline has not
    /// reached the state the model asks for.
    private static var settleChecks = 0
    private static var scheduled = false
    /// The logs, kept here: the stack and the overview hold no reference.
    private static var frames: FrameLog?
    private static var overview: OverviewTiming?

    /// Starts the frame and overview logs and the state file (only with
    /// `FLICK_BENCH_DIR`).
    static func attach(to window: MainWindow) {
        guard let directory else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let stack = window.page.stack, model = window.model
        frames = FrameLog(widget: stack.stage.widget, path: directory + "/frames.log")
        if let frames { observe(stack, with: frames) }
        overview = OverviewTiming(widget: window.overview.grid.widget, path: directory + "/overview.log")
        if let overview { observe(window.overview, model: model, with: overview) }
        write = { writeState(model, stack: stack, to: directory + "/state.json") }
        let earlier = stack.onStateChange
        stack.onStateChange = {
            // After a release, the first state change is the next clip asked to play.
            if model.playback.shouldPlay { frames?.step("promote") }
            earlier()
            changed()
        }
    }

    /// The stack's drags, releases and the top clip's frames, for `frames.log`.
    private static func observe(_ stack: CardStackView, with frames: FrameLog) {
        // A card is held (by a pointer or a touchpad swipe) while the stack tracks a drag.
        frames.isDragging = { [unowned stack] in stack.tracker != nil }
        // A drag let go past the threshold asks the window to decide.
        let decide = stack.decide
        stack.decide = { [unowned frames] action in
            frames.released()
            return decide(action)
        }
        stack.onTopFrame = { [unowned frames] in
            frames.step("arrived")
            frames.newTopFrame = true
        }
    }

    /// The overview's opening, tiles bound and frames, for `overview.log`.
    private static func observe(_ page: OverviewPage, model: ReviewModel, with timing: OverviewTiming) {
        timing.hasTiles = { [unowned page] in !page.bound.isEmpty }
        timing.shown = { [unowned page] in page.shown }
        // Connected after the page's own handler: counts the tiles it bound.
        if let factory = gtk_grid_view_get_factory(page.grid.opaque) {
            connect(factory, .listItem("bind")) { [unowned timing] _ in timing.binds += 1 }
        }
        // The model says the overview shows before the window draws it: G is
        // timed from there, the render pass included.
        let earlier = model.onChange
        model.onChange = { [unowned model, unowned timing] change in
            if change.overview { if model.showsOverview { timing.opening() } else { timing.flush() } }
            earlier?(change)
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
            + "\"max_pipelines\":\(VideoPlayer.livePipelines.most),\"card\":\(card),\(analysis(model.insights.progress))}"
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
        _ = rename(temporary, path)
    }

    /// The analysis's progress for `state.json`: `"analysis"` (idle, off,
    /// running, stopped, failed or done) and `"analysed"` (items done so far).
    private static func analysis(_ progress: DeckInsights.Progress) -> String {
        let (word, done): (String, Int) = switch progress {
        case .idle: ("idle", 0)
        case .off: ("off", 0)
        case .running(let done, _): ("running", done)
        case .stopped: ("stopped", 0)
        case .failed: ("failed", 0)
        case .done: ("done", 0)
        }
        return "\"analysis\":\"\(word)\",\"analysed\":\(done)"
    }
}
