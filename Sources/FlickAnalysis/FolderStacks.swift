import FlickCore
import FlickStore

/// A folder's stacks, for the window and the command line alike: what the
/// store knows is read, the rest analysed (`StackAnalysis`) and kept, then
/// the stacks found (`StackFinder`) and what to suggest (`Suggestions`).
/// Each stack's first member is the one its card shows on top: the one
/// Flick would keep.
///
/// Threading: blocks its caller; call it off the main thread. The store is
/// used on the caller's thread only.
///
///     let found = try FolderStacks.find(items, store: store, progress: { print("\($0.done) of \($0.total)") })
///     found.stacks  // [Stack(id: 1, kind: .similar, members: [3, 4, 7])]
public enum FolderStacks {
    public struct Found: Sendable {
        public let stacks: [Stack]
        /// Each item's reasons to be suggested (`Suggestions`), by item.
        public let suggestions: [[Suggestion]]
        /// Files analysed now (the others came from the store).
        public let analysed: Int
        /// Whether the work was stopped before the end (`stacks` then hold
        /// only what was known).
        public let stopped: Bool
        /// How far the photo comparisons went (`flick-bench stacks`).
        public let photoComparisons: PhotoComparisons

        public init(stacks: [Stack], suggestions: [[Suggestion]], analysed: Int, stopped: Bool,
                    photoComparisons: PhotoComparisons = PhotoComparisons()) {
            self.stacks = stacks
            self.suggestions = suggestions
            self.analysed = analysed
            self.stopped = stopped
            self.photoComparisons = photoComparisons
        }
    }

    /// `shortClipSeconds`: clips shorter than this are suggested as short.
    /// `progress` counts `items`, as the deck does (every file one item):
    /// those the store knew count as done from the start, so a reopened
    /// folder of 1,000 with 10 new files goes from 991 to 1,000 of 1,000,
    /// never "1 of 10". It is called only when some work is done.
    /// `quality` false (the benchmark's baseline without suggestions):
    /// no `Quality` measured, so no dark or blurry, and nothing saved.
    public static func find(_ items: [AnalysisItem], store: Store, workers: Int = 2, shortClipSeconds: Double = Suggestions.shortClipSeconds,
                            quality: Bool = true,
                            progress: @escaping @Sendable (StackAnalysis.Progress) -> Void = { _ in },
                            cancelled: @escaping @Sendable () -> Bool = { false }) throws(StoreError) -> Found {
        let identities = items.map(\.identity)
        let stored = try store.analyses(for: identities, version: FileAnalysis.version)
        let known = stored.map { row in row.map { FileAnalysis(content: $0.content, printText: $0.print) } }
        let count = items.count
        let results = StackAnalysis.analyse(items, known: known, workers: workers, quality: quality, progress: { work in
            progress(StackAnalysis.Progress(done: count - work.total + work.done, total: count))
        }, cancelled: cancelled)
        var changed: [(identity: FileIdentity, analysis: StoredAnalysis)] = []
        for index in items.indices {
            guard let result = results[index], result != known[index] else { continue }
            changed.append((identities[index], StoredAnalysis(version: FileAnalysis.version, content: result.content, print: result.printText)))
        }
        if quality { try store.saveAnalyses(changed) }
        let suggestions = Suggestions.of(items, analyses: results, shortClipSeconds: shortClipSeconds)
        // On top of each stack, the one Flick would keep: of copies, the one
        // `Suggestions` keeps (the others are suggested as extra copies);
        // otherwise the first in deck order that is no extra copy.
        let grouped = StackFinder.find(items: items, analyses: results)
        let stacks = grouped.stacks.map { stack in
            stack.onTop { !suggestions[$0].contains(.copy) }
        }
        return Found(stacks: stacks, suggestions: suggestions, analysed: changed.count, stopped: cancelled(),
                     photoComparisons: grouped.comparisons)
    }
}
