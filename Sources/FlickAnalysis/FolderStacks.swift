import FlickCore
import FlickStore

/// A folder's stacks, for the window and the command line alike: what the
/// store knows is read, the rest analysed (`StackAnalysis`) and kept, then
/// the stacks found (`StackFinder`) and what to suggest (`Suggestions`).
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
    public static func find(_ items: [AnalysisItem], store: Store, workers: Int = 2, shortClipSeconds: Double = Suggestions.shortClipSeconds,
                            progress: @escaping @Sendable (StackAnalysis.Progress) -> Void = { _ in },
                            cancelled: @escaping @Sendable () -> Bool = { false }) throws(StoreError) -> Found {
        let identities = items.map(\.identity)
        let stored = try store.analyses(for: identities, version: FileAnalysis.version)
        let known = stored.map { row in row.map { FileAnalysis(content: $0.content, printText: $0.print) } }
        let results = StackAnalysis.analyse(items, known: known, workers: workers, progress: progress, cancelled: cancelled)
        var changed: [(identity: FileIdentity, analysis: StoredAnalysis)] = []
        for index in items.indices {
            guard let result = results[index], result != known[index] else { continue }
            changed.append((identities[index], StoredAnalysis(version: FileAnalysis.version, content: result.content, print: result.printText)))
        }
        try store.saveAnalyses(changed)
        let grouped = StackFinder.find(items: items, analyses: results)
        return Found(stacks: grouped.stacks, suggestions: Suggestions.of(items, analyses: results, shortClipSeconds: shortClipSeconds),
                     analysed: changed.count, stopped: cancelled(), photoComparisons: grouped.comparisons)
    }
}
