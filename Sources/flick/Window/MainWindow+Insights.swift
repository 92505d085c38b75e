import FlickApp
import FlickCore
import Foundation

extension MainWindow {
    /// Milliseconds after a folder opens before stacks and suggestions are
    /// looked for: the first card and its poster come first.
    static let insightsDelayMilliseconds: UInt64 = 800
    /// Milliseconds a changed deck (files came, went or were renamed) waits
    /// before it is looked at again: a copy of many files is one run.
    static let insightsSettleMilliseconds: UInt64 = 2_000

    /// What the user asked the analysis for (Preferences).
    var insightsOptions: FolderInsights.Options {
        FolderInsights.Options(stacks: StacksChoice.isOn, shortClipSeconds: shortClipSeconds)
    }

    /// The analysis's part of the render pass: a deck opened or changed is
    /// looked at again after a moment; no deck stops it. It only schedules:
    /// what the analysis finds comes back through the model
    /// (`ReviewModel.setInsights`) in a pass of its own.
    func renderInsights(_ change: ReviewChange) {
        guard let deck = change.deck else { return }
        insightsRun?.cancel()
        insightsScheduled += 1
        guard !model.clips.isEmpty, let storePath = folder?.store.path else { return }
        let scheduled = insightsScheduled
        let delay = deck == .opened ? Self.insightsDelayMilliseconds : Self.insightsSettleMilliseconds
        Task { @MainActor [weak self] in
            try? await Task.sleep(nanoseconds: delay * 1_000_000)
            // The analysis commits through a connection of its own: it
            // starts once the folder's new rows are in the store.
            await self?.folder?.rowsWritten()
            guard let self, scheduled == insightsScheduled, !model.clips.isEmpty else { return }
            let run = insightsRun ?? InsightsRun(model: model, storePath: storePath, describe: ErrorText.store)
            insightsRun = run
            run.start(folder: model.folder, options: insightsOptions)
        }
    }

    /// Stops looking for stacks and suggestions (the user asked); what was
    /// found so far stays.
    func stopInsights() {
        insightsScheduled += 1
        insightsRun?.stop()
    }
}
