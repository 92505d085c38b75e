import FlickAnalysis
import FlickApp
import FlickCore
import FlickStore
import Foundation
import Synchronization

/// The stacks of `flick status`: each clip's stack (nil when alone), found
/// by `FolderStacks` with what the store knows and the rest analysed now,
/// with progress on stderr ("Looking for stacks: 40% (340 of 850)"; with
/// stacks off, "Looking for suggestions": every clip alone, suggestions made).
/// Clips that cannot be read (`errors`) are left alone.
struct StatusStacks {
    /// Each clip's stack, by deck position.
    let ofClip: [Stack?]
    let stacks: [Stack]
    /// Each clip's reasons to be suggested (`Suggestions`), by deck position.
    let suggestions: [[Suggestion]]

    init(_ context: CommandDeck, errors: [String?], options: FolderInsights.Options = FolderInsights.Options(),
         label: String = "Looking for stacks") throws {
        let clips = context.sync.clips
        let root = context.record.path
        let candidates = clips.indices.filter { errors[$0] == nil }
        let items = candidates.map { index in
            let clip = clips[index]
            let scanned = index < context.scanned.count && RawPath.same(context.scanned[index].relativePath, clip.relativePath)
            let identity = scanned ? context.scanned[index].identity : clip.identity ?? FileIdentity()
            return AnalysisItem(path: root + "/" + clip.relativePath, kind: clip.kind, identity: identity)
        }
        let line = Mutex(ProgressLine(label: label))
        let found: FolderStacks.Found
        do {
            found = try FolderInsights.find(items, store: context.store, options: options, progress: { progress in
                line.withLock { $0.update(Double(progress.done) / Double(max(1, progress.total)), "\(progress.done) of \(progress.total)") }
            }, cancelled: { Interrupt.requested })
        } catch {
            CLI.fail(ErrorText.describe(error), code: FlickCommand.Exit.failed)
        }
        line.withLock { $0.finish() }
        // Back from the candidates' numbering to the deck's.
        stacks = found.stacks.map { Stack(id: $0.id, kind: $0.kind, members: $0.members.map { candidates[$0] }) }
        var ofClip = [Stack?](repeating: nil, count: clips.count)
        for stack in stacks { for member in stack.members { ofClip[member] = stack } }
        self.ofClip = ofClip
        var suggestions = [[Suggestion]](repeating: [], count: clips.count)
        for (position, index) in candidates.enumerated() where position < found.suggestions.count {
            suggestions[index] = found.suggestions[position]
        }
        self.suggestions = suggestions
    }

    /// "3 stacks: 2 of similar items (7 files), 1 Live Photo (2 files)"
    /// (the text output leaves it out when there are none).
    var summary: String {
        let order: [(StackKind, String, String)] = [(.similar, "of similar items", "of similar items"),
                                                    (.copy, "of exact copies", "of exact copies"), (.live, "Live Photo", "Live Photos")]
        let parts = order.compactMap { kind, one, many -> String? in
            let these = stacks.filter { $0.kind == kind }
            guard !these.isEmpty else { return nil }
            let files = these.reduce(0) { $0 + $1.members.count }
            return "\(these.count) \(these.count == 1 ? one : many) (\(files) files)"
        }
        return "\(CLI.plural(stacks.count, "stack")): " + parts.joined(separator: ", ")
    }

    /// How many clips are suggested for each reason.
    var suggestionCounts: [Suggestion: Int] {
        suggestions.reduce(into: [:]) { counts, reasons in for reason in reasons { counts[reason, default: 0] += 1 } }
    }

    /// "Suggested (nothing is marked): 1 short clip, 2 screenshots, 1 extra
    /// copy, 2 very dark, 1 blurry photo · 12.3 MB", the size the suggested
    /// files take together (each counted once; `sizes` by deck position);
    /// nil when nothing is suggested.
    func suggestionSummary(sizes: [Int64]) -> String? {
        let counts = suggestionCounts
        let words: [(Suggestion, String, String)] = [(.short, "short clip", "short clips"), (.screenshot, "screenshot", "screenshots"),
                                                     (.copy, "extra copy", "extra copies"), (.dark, "very dark", "very dark"),
                                                     (.blurry, "blurry photo", "blurry photos")]
        let parts = words.compactMap { reason, one, many -> String? in
            guard let count = counts[reason], count > 0 else { return nil }
            return CLI.plural(count, one, many)
        }
        guard !parts.isEmpty else { return nil }
        let bytes = zip(suggestions, sizes).reduce(Int64(0)) { $0 + ($1.0.isEmpty ? 0 : $1.1) }
        return "Suggested (nothing is marked): " + parts.joined(separator: ", ") + " · " + FileSize.words(bytes)
    }

    /// How many stacks of each kind.
    var counts: [StackKind: Int] {
        stacks.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
    }
}
