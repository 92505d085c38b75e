import FlickAnalysis
import FlickCore
import FlickStore
import Foundation
import Synchronization

/// Looks for the stacks and suggestions of the deck a `ReviewModel` holds,
/// in the background, and hands what it finds to the model
/// (`ReviewModel.setInsights`): progress as it goes, the stacks and
/// suggestions at the end. The analysis threads run at a low priority and
/// open a store connection of their own, so the window and playback stay
/// ahead of them. One run at a time: `start` stops the one before.
///
///     let run = InsightsRun(model: model, storePath: store.path)
///     run.start(folder: "/home/me/Videos", options: .init())
///     run.stop()  // progress .stopped; what was known stays
@MainActor
public final class InsightsRun {
    private let model: ReviewModel
    private let storePath: String
    /// The run under way.
    private var state: RunState?
    /// Each run's number: progress of a run that was replaced is dropped.
    private var generation = 0

    /// Progress is handed over every quarter second: the window's line
    /// needs no more, and each hand-over is a render pass.
    static let progressNanoseconds: UInt64 = 250_000_000
    /// Stack of the analysis thread (the analysis workers have their own).
    static let threadStackBytes = 4 << 20

    /// Words for a store that could not be read (the app's own).
    private let describe: @MainActor (StoreError) -> String

    public init(model: ReviewModel, storePath: String, describe: @escaping @MainActor (StoreError) -> String = { "\($0)" }) {
        self.model = model
        self.storePath = storePath
        self.describe = describe
    }

    /// Looks at every clip of the model's deck in the folder at `folder`
    /// (absolute), stopping a run under way.
    public func start(folder: String, options: FolderInsights.Options) {
        state?.stop.store(true, ordering: .relaxed)
        generation += 1
        let run = generation
        // The deck as it is now (a copy that shares its storage): its files
        // are listed for the analysis on the analysis's own thread, so a
        // 100,000-file deck costs the main thread nothing here.
        let clips = model.clips
        guard clips.contains(where: { $0.identity != nil }) else {
            state = nil
            model.setInsights(DeckInsights(progress: .done))
            return
        }
        let state = RunState()
        state.deck.withLock { $0 = clips }
        self.state = state
        let path = storePath
        Task { @MainActor [weak self] in
            let outcome = await Self.analyse(folder: folder, storePath: path, options: options, state: state)
            state.finished.store(true, ordering: .relaxed)
            self?.finish(outcome, of: run)
        }
        Task { @MainActor [weak self] in
            while !state.finished.load(ordering: .relaxed) {
                try? await Task.sleep(nanoseconds: Self.progressNanoseconds)
                guard let self, run == self.generation else { return }
                if let (done, total) = state.progress.withLock({ $0 }), !state.finished.load(ordering: .relaxed) {
                    self.model.setInsightsProgress(.running(done: done, total: total))
                }
            }
        }
    }

    /// Stops the run under way; what was known stays, and the progress
    /// says stopped.
    public func stop() {
        guard let state else { return }
        state.stop.store(true, ordering: .relaxed)
        self.state = nil
        generation += 1
        if model.insights.isRunning { model.setInsightsProgress(.stopped) }
    }

    /// Stops without a word (the folder closes).
    public func cancel() {
        state?.stop.store(true, ordering: .relaxed)
        state = nil
        generation += 1
    }

    /// Runs the analysis on a thread of its own with a store connection of
    /// its own: the files of the deck `state` holds (those that have one),
    /// analysed, and what was found in the deck's terms (clip ids), or why
    /// there is none. All of it is O(deck) and done there, not on the main
    /// thread; the deck is let go of once its files are listed.
    private static func analyse(folder: String, storePath: String, options: FolderInsights.Options,
                                state: RunState) async -> Result<DeckInsights, StoreError> {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                do throws(StoreError) {
                    let (items, ids) = files(of: state.deck.withLock { deck in defer { deck = nil }; return deck ?? [] }, in: folder)
                    let store = try Store(path: storePath)
                    let found = try FolderInsights.find(items, store: store, options: options, progress: { progress in
                        state.progress.withLock { $0 = (progress.done, progress.total) }
                    }, cancelled: { state.stop.load(ordering: .relaxed) })
                    let insights = FolderInsights.insights(found, ids: ids, progress: found.stopped ? .stopped : .done)
                    continuation.resume(returning: .success(insights))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.stackSize = threadStackBytes
            thread.qualityOfService = .utility
            thread.start()
        }
    }

    /// The clips of `clips` that have a file, as the analysis's items (paths
    /// under `folder`), and their clip ids.
    private nonisolated static func files(of clips: [ReviewClip], in folder: String) -> (items: [AnalysisItem], ids: [Int64]) {
        var items: [AnalysisItem] = [], ids: [Int64] = []
        for clip in clips {
            guard let identity = clip.identity else { continue }
            items.append(AnalysisItem(path: folder + "/" + clip.relativePath, kind: clip.kind, identity: identity))
            ids.append(clip.id)
        }
        return (items, ids)
    }

    private func finish(_ outcome: Result<DeckInsights, StoreError>, of run: Int) {
        guard run == generation else { return }
        state = nil
        switch outcome {
        case .success(let insights):
            model.setInsights(insights)
        case .failure(let error):
            Log.warning("Could not look for stacks and suggestions: \(error)", category: "analysis")
            model.setInsightsProgress(.failed(reason: describe(error)))
        }
    }
}

/// What one run shares with its thread: the stop flag, the latest
/// progress, whether it has ended, and the deck it looks at.
final class RunState: Sendable {
    let stop = Atomic(false)
    let finished = Atomic(false)
    let progress = Mutex<(Int, Int)?>(nil)
    /// The deck to analyse, until the run's thread has listed its files.
    let deck = Mutex<[ReviewClip]?>(nil)
}
