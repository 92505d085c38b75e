import FlickAnalysis
import FlickCore
import FlickStore

/// `flick status` as text, written straight into bytes: the header lines,
/// then one line per clip (`  like    name.mp4  [188.2 kB]  (error)`),
/// each name made printable (`RawPath.printable`), one newline after each
/// line. What a line holds keeps its order, each part optional but the
/// mark and name: the decision padded to `markWidth`, the name, then
/// `[stack …]`, `[suggested: …]`, the size in brackets in the window's
/// words (`FileSize.words`), and the error in parentheses.
struct StatusText {
    private(set) var bytes: [UInt8] = []

    /// Width the decision column is padded to (with spaces).
    static let markWidth = 7

    /// The listing of `clips` (deck order) under `header`; `errors[i]` is
    /// clip i's error, `stacks[i]` its stack ("[stack 2: similar]"),
    /// `suggestions[i]` its reasons ("[suggested: short, copy]"),
    /// `sizes[i]` its file's size in bytes ("[188.2 kB]").
    init(header: [String], clips: [StoredClip], errors: [String?], stacks: [Stack?]? = nil, suggestions: [[Suggestion]]? = nil,
         sizes: [Int64]? = nil) {
        bytes.reserveCapacity(header.reduce(0) { $0 + $1.utf8.count + 1 } + clips.count * 52)
        for line in header {
            bytes += line.utf8
            bytes.append(0x0A)
        }
        for (index, (clip, error)) in zip(clips, errors).enumerated() {
            let mark = clip.decision.map(\.rawValue) ?? "-"
            bytes += "  ".utf8
            bytes += mark.utf8
            bytes += repeatElement(0x20, count: max(0, Self.markWidth - mark.utf8.count) + 1)
            printable(clip.relativePath)
            if let stacks, index < stacks.count, let stack = stacks[index] {
                bytes += "  [stack \(stack.id): \(stack.kind.rawValue)]".utf8
            }
            if let suggestions, index < suggestions.count, !suggestions[index].isEmpty {
                bytes += "  [suggested: \(suggestions[index].map(\.rawValue).joined(separator: ", "))]".utf8
            }
            if let sizes, index < sizes.count {
                bytes += "  [\(FileSize.words(sizes[index]))]".utf8
            }
            if let error {
                bytes += "  (".utf8
                printable(error)
                bytes.append(UInt8(ascii: ")"))
            }
            bytes.append(0x0A)
        }
    }

    /// Appends `RawPath.printable(text)`; text of printable ASCII other
    /// than a backslash (nearly every name) is that already.
    private mutating func printable(_ text: String) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) {
            bytes += text.utf8
        } else {
            bytes += RawPath.printable(text).utf8
        }
    }
}
