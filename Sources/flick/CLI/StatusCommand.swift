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
        let directory = open(RawPath.c(root), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if directory >= 0 { close(directory) } }
        let errors = clips.map { Self.error(for: $0.relativePath, in: directory, root: root, recorded: $0.problem) }
        let counts = Dictionary(grouping: clips.compactMap(\.decision), by: { $0 }).mapValues(\.count)
        let decided = clips.count { $0.decision != nil }
        if json {
            var output = StatusJSON(folder: root, clips: clips, errors: errors, counts: counts, decided: decided).bytes
            output.append(0x0A)
            FileHandle.standardOutput.write(Data(output))
            return
        }
        var lines = [RawPath.printable(root),
                     "\(CLI.plural(clips.count, "clip")) · \(decided) decided: \(counts[.like] ?? 0) liked, "
                        + "\(counts[.delete] ?? 0) marked for deletion, \(counts[.skip] ?? 0) skipped · \(clips.count - decided) left"]
        lines.reserveCapacity(clips.count + 2)
        for (clip, error) in zip(clips, errors) {
            let mark = clip.decision.map(\.rawValue) ?? "-"
            lines.append("  \(mark.padding(toLength: 7, withPad: " ", startingAt: 0)) \(RawPath.printable(clip.relativePath))"
                + (error.map { "  (\(RawPath.printable($0)))" } ?? ""))
        }
        // One write for the whole listing, not one per clip.
        CLI.out(lines.joined(separator: "\n"))
    }

    /// Why a clip cannot be reviewed: from the file itself (gone, unreadable,
    /// empty), else what the window recorded about this very file (cannot
    /// be played, and why: not a video, cut short, damaged…). Looked up
    /// relative to the folder's descriptor `directory` (or from `root` when
    /// it could not be opened): fast on any folder size.
    static func error(for relativePath: String, in directory: Int32, root: String, recorded: String?) -> String? {
        let base = directory >= 0 ? directory : AT_FDCWD
        let path = RawPath.c(directory >= 0 ? relativePath : root + "/" + relativePath)
        var info = stat()
        guard fstatat(base, path, &info, 0) == 0 else { return "the file is gone" }
        guard faccessat(base, path, R_OK, 0) == 0 else { return "permission denied" }
        if info.st_size == 0 { return "the file is empty" }
        return recorded
    }
}
