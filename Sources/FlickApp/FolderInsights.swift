import FlickAnalysis
import FlickCore
import FlickStore
import Foundation

/// Finding a folder's stacks and suggestions: the one use case behind
/// `flick status` and the window. What the store knows is read, the rest
/// analysed at a low priority and kept (`FolderStacks`).
///
/// Threading: `find` blocks its caller; call it off the main thread, with
/// a store of that thread's own.
///
///     let found = try FolderInsights.find(items, store: store, options: .init(stacks: true))
///     found.stacks  // [Stack(id: 1, kind: .copy, members: [0, 2])]
public enum FolderInsights {
    /// What the user asked for (Preferences, `--no-stacks`).
    public struct Options: Sendable, Equatable {
        /// Look for stacks; when false every file stays alone (suggestions
        /// are still made).
        public var stacks: Bool
        /// Clips shorter than this, in seconds, are suggested as short.
        public var shortClipSeconds: Double

        public init(stacks: Bool = true, shortClipSeconds: Double = Suggestions.shortClipSeconds) {
            self.stacks = stacks
            self.shortClipSeconds = shortClipSeconds
        }
    }

    /// Workers analysing at once: the machine's cores, at most 4.
    public static let workers = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))

    /// The stacks (none when `options.stacks` is off) and each item's
    /// suggestions, by item.
    public static func find(_ items: [AnalysisItem], store: Store, options: Options = Options(), workers: Int = workers,
                            progress: @escaping @Sendable (StackAnalysis.Progress) -> Void = { _ in },
                            cancelled: @escaping @Sendable () -> Bool = { false }) throws(StoreError) -> FolderStacks.Found {
        let found = try FolderStacks.find(items, store: store, workers: workers, shortClipSeconds: options.shortClipSeconds,
                                          progress: progress, cancelled: cancelled)
        guard !options.stacks else { return found }
        return FolderStacks.Found(stacks: [], suggestions: found.suggestions, analysed: found.analysed, stopped: found.stopped)
    }

    /// `found` in the deck's terms: items numbered as `ids` (the store's
    /// clip ids, parallel to the items analysed).
    public static func insights(_ found: FolderStacks.Found, ids: [Int64], progress: DeckInsights.Progress) -> DeckInsights {
        let groups = found.stacks.map { stack in
            DeckInsights.Group(id: stack.id, kind: stack.kind, members: stack.members.map { ids[$0] })
        }
        var suggestions: [Int64: [Suggestion]] = [:]
        for (index, reasons) in found.suggestions.enumerated() where index < ids.count && !reasons.isEmpty {
            suggestions[ids[index]] = reasons
        }
        return DeckInsights(groups: groups, suggestions: suggestions, progress: progress)
    }
}
