import ArgumentParser
import FlickCore
import FlickStore
import Foundation

/// `flick status FOLDER [--json]`: the review state, without a display.
///
/// Names are bytes: in text, control characters and bytes that are not
/// UTF-8 are escaped (`\n`, `\x1B`, `\xFF`); in JSON, each byte that is not
/// UTF-8 is the character U+F700 + byte (U+F780–U+F7FF), so the exact name
/// can be rebuilt (see the README).
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print a folder's review state (no display needed).",
        discussion: """
            In --json, a byte of a name that is not UTF-8 is written as the character U+F700 + byte \
            (U+F780–U+F7FF); any other character is itself.
            Exit status: 0 ok, 1 usage error, 2 folder unreadable, 3 the decision store failed.
            """
    )

    @OptionGroup var folder: FolderOptions

    @Flag(help: "Print one JSON object (see DESIGN.md) instead of text.")
    var json = false

    func run() throws {
        let context = try FolderContext(folder)
        let clips = context.sync.clips
        let root = context.record.path
        let errors = clips.map { Self.error(for: root + "/" + $0.relativePath, recorded: $0.problem) }
        let counts = Dictionary(grouping: clips.compactMap(\.decision), by: { $0 }).mapValues(\.count)
        let decided = clips.count { $0.decision != nil }
        if json {
            let object: [String: Any] = [
                "folder": root,
                "total": clips.count,
                "decided": decided,
                "counts": Dictionary(uniqueKeysWithValues: Decision.allCases.map { ($0.rawValue, counts[$0] ?? 0) }),
                "clips": zip(clips, errors).map { clip, error -> [String: Any] in
                    ["path": clip.relativePath, "kind": clip.kind.rawValue,
                     "decision": clip.decision?.rawValue ?? NSNull(), "error": error ?? NSNull()]
                },
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            CLI.out(String(decoding: data, as: UTF8.self))
            return
        }
        CLI.out(RawPath.printable(root))
        CLI.out("\(CLI.plural(clips.count, "clip")) · \(decided) decided: \(counts[.like] ?? 0) liked, "
            + "\(counts[.delete] ?? 0) marked for deletion, \(counts[.skip] ?? 0) skipped · \(clips.count - decided) left")
        for (clip, error) in zip(clips, errors) {
            let mark = clip.decision.map(\.rawValue) ?? "-"
            CLI.out("  \(mark.padding(toLength: 7, withPad: " ", startingAt: 0)) \(RawPath.printable(clip.relativePath))"
                + (error.map { "  (\(RawPath.printable($0)))" } ?? ""))
        }
    }

    /// Why a clip cannot be reviewed: from the file itself (gone, unreadable,
    /// empty), else what the window recorded about this very file (cannot
    /// be played, and why: not a video, cut short, damaged…). Fast on any
    /// folder size.
    static func error(for path: String, recorded: String?) -> String? {
        var info = stat()
        guard stat(RawPath.c(path), &info) == 0 else { return "the file is gone" }
        guard access(RawPath.c(path), R_OK) == 0 else { return "permission denied" }
        if info.st_size == 0 { return "the file is empty" }
        return recorded
    }
}
