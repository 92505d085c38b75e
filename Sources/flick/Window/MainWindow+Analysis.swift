import CGtk
import FlickApp
import FlickCore
import GtkKit

/// The analysis as the user sees it: the line over the pages while
/// stacks and suggestions are looked for ("Looking for similar photos… 340
/// of 1,000", Stop), said to screen readers when it starts (only when it
/// lasts) and when it ends; and the Preference "Group similar photos and
/// clips", which looks at the open folder again when it changes.
extension MainWindow {
    /// How long the analysis must have run before a screen reader is told
    /// it started: a folder the store already knows is done before then,
    /// and nothing is said at all.
    static let analysisSpeechDelay: Duration = .milliseconds(1500)

    func installAnalysisLine() {
        let line = AnalysisProgress()
        line.onStop = { [unowned self] in
            stopInsights()
        }
        // Over the pages, never between them and the header bar: it shows
        // over the cards and the overview alike and moves neither.
        line.attach(to: ui.widget("stage"))
        analysisLine = line
        Settings.shared.onChange("group-similar") { [unowned self] in lookAgain() }
    }

    /// The line's part of the render pass: it follows the model's progress.
    func renderAnalysisLine(_ change: ReviewChange) {
        guard let line = analysisLine else { return }
        // The overview's filters and Apply Deletions… are at its top: the line goes to its foot.
        line.place(model.screen == .overview ? .foot : .top)
        guard change.insights || change.deck != nil else { return }
        if change.deck != nil || line.deckNoun == nil { line.deckNoun = Words.noun(kinds: model.clips.lazy.map(\.kind)) }
        let noun = line.deckNoun ?? .clip
        let stacks = StacksChoice.isOn
        if case .running(let done, let total) = model.insights.progress, !model.clips.isEmpty {
            let starting = !line.isShown
            line.show(done: done, total: total, noun: noun, stacks: stacks)
            if starting { sayStartLater(line, words: AnalysisProgress.startWords(noun: noun, stacks: stacks)) }
            return
        }
        guard line.isShown else { return }
        let hadFocus = line.hasFocus
        line.hide()
        // Stop had the focus: it goes back to the card, where the end is said.
        if hadFocus { page.focusDefault() }
        let stopped = model.insights.progress == .stopped
        if line.saidStart || stopped {
            announcer?.say(AnalysisProgress.endWords(stacks: stacks ? model.insights.groups.count : nil, stopped: stopped))
        }
        line.saidStart = false
    }

    /// Says that looking started, once it has run a while.
    private func sayStartLater(_ line: AnalysisProgress, words: String) {
        line.saidStart = false
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: Self.analysisSpeechDelay)
            guard let self, line.isShown, !line.saidStart else { return }
            line.saidStart = true
            announcer?.say(words)
        }
    }

    /// The open folder looked at again with the Preference's choice (stacks
    /// on or off): its files are known to the store, so this is quick.
    func lookAgain() {
        guard !model.clips.isEmpty, let storePath = folder?.store.path else { return }
        if !StacksChoice.isOn, !model.insights.groups.isEmpty {
            // Every file alone at once; the run only brings the suggestions up to date.
            var alone = model.insights
            alone.groups = []
            model.setInsights(alone)
        }
        insightsScheduled += 1
        let run = insightsRun ?? InsightsRun(model: model, storePath: storePath, describe: ErrorText.store)
        insightsRun = run
        run.start(folder: model.folder, options: insightsOptions)
    }
}
