import FlickAnalysis
import FlickCore
import FlickStore
import Foundation

/// `flick status --json`, written straight into bytes: one pass over the
/// deck, no `[String: Any]` per clip. (JSONSerialization spent about 3 s on
/// 100,000 clips bridging, casting and sorting keys by locale.) Keys are
/// in sorted order and slashes unescaped, as before; strings are escaped
/// per RFC 8259 (quote, backslash, control characters).
struct StatusJSON {
    private(set) var bytes: [UInt8] = []

    /// The status object of `clips` (deck order) in `folder`; `errors[i]` is clip i's error.
    /// `unmatched`: decisions that stand for no file found now. `stacks`:
    /// each clip's `"stack"` (the id its stack's members share, null when
    /// alone) and `"stack_kind"`, and the stacks of each kind; without
    /// stacks (`--no-stacks`) but with `suggestions`, every clip's stack
    /// is null (each file alone) and the counts are left out.
    /// `suggestions`: each clip's `"suggestions"` and their counts, left
    /// out when not asked for (`--no-suggestions`). `space`: each clip's
    /// `"bytes"` and the totals (`"bytes"`, `"bytes_delete"`,
    /// `"bytes_like"`), always there.
    init(folder: String, clips: [StoredClip], errors: [String?], counts: [Decision: Int], decided: Int, unmatched: Int,
         space: StatusSpace, stacks: StatusStacks? = nil, suggestions: StatusStacks? = nil) {
        bytes.reserveCapacity(64 + clips.count * 100)
        append("{\"bytes\":\(space.total),\"bytes_delete\":\(space.marked),\"bytes_like\":\(space.liked),\"clips\":[")
        for (index, clip) in clips.enumerated() {
            if index > 0 { append(",") }
            append("{\"bytes\":\(index < space.bytes.count ? space.bytes[index] : 0),\"decision\":")
            if let decision = clip.decision { string(decision.rawValue) } else { append("null") }
            append(",\"error\":")
            if let error = errors[index] { string(error) } else { append("null") }
            append(",\"kind\":")
            string(clip.kind.rawValue)
            append(",\"path\":")
            string(clip.relativePath)
            if stacks != nil || suggestions != nil {
                if let stack = stacks?.ofClip[index] {
                    append(",\"stack\":\(stack.id),\"stack_kind\":")
                    string(stack.kind.rawValue)
                } else {
                    append(",\"stack\":null,\"stack_kind\":null")
                }
            }
            if let suggestions {
                let reasons = index < suggestions.suggestions.count ? suggestions.suggestions[index] : []
                append(",\"suggestions\":[" + reasons.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]")
            }
            append("}")
        }
        append("],\"counts\":{")
        append(Decision.allCases.sorted { $0.rawValue < $1.rawValue }.map { "\"\($0.rawValue)\":\(counts[$0] ?? 0)" }.joined(separator: ","))
        append("},\"decided\":\(decided),\"folder\":")
        string(folder)
        if let stacks {
            let counts = stacks.counts
            append(",\"stacks\":{" + StackKind.allCases.map { "\"\($0.rawValue)\":\(counts[$0] ?? 0)" }.sorted().joined(separator: ",") + "}")
        }
        if let suggestions {
            let suggested = suggestions.suggestionCounts
            append(",\"suggested\":{" + Suggestion.allCases.sorted().map { "\"\($0.rawValue)\":\(suggested[$0] ?? 0)" }.joined(separator: ",") + "}")
        }
        append(",\"total\":\(clips.count),\"unmatched\":\(unmatched)}")
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func string(_ text: String) {
        JSONText.append(string: text, to: &bytes)
    }
}
