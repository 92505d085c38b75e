import ArgumentParser
import FlickApp
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
            Exit status: 0 ok, 1 usage error, 2 folder unreadable, 3 the decision store failed, 130 \
            stopped by Ctrl+C, 143 by SIGTERM.
            """
    )

    @OptionGroup var folder: FolderOptions

    @Flag(help: "Print one JSON object instead of text: the folder, the counts and sizes, and each clip's path, kind, decision, error, size, stack and suggestions.")
    var json = false

    @Flag(inversion: .prefixedNo,
          help: "Find stacks (exact copies, similar photos and clips, Live Photos), analysing what the store does not know yet. --no-stacks leaves every file alone, as the window's Preference does (suggestions are still made).")
    var stacks = true

    @Flag(inversion: .prefixedNo,
          help: "Suggest what might go (short, dark and blurry clips and photos, screenshots, extra copies), from the same analysis. With --no-stacks, --no-suggestions analyses nothing: decisions and sizes only.")
    var suggestions = true

    func run() throws {
        let report = StopReport("reading \(RawPath.printable(folder.folder))")
        try Interrupt.run(stopped: { report.lines(nothing: "Nothing was printed.", finished: "") }) { try status() }
    }

    private func status() throws {
        let (url, scanned) = CommandDeck.scan(folder)
        let access = ReadAccess(scanned, in: url)
        let context = try CommandDeck(url: url, scanned: scanned)
        let clips = context.sync.clips
        let root = context.record.path
        let errors = Self.errors(of: clips, scanned: scanned, readable: access.wait(), root: root)
        var counts: [Decision: Int] = [:]
        for clip in clips { if let decision = clip.decision { counts[decision, default: 0] += 1 } }
        let decided = counts.values.reduce(0, +)
        let unmatched = Self.unmatched(context, flag: folder.recursive)
        let space = StatusSpace(clips: clips, scanned: scanned, root: root)
        let looking = stacks ? "stacks" : "suggestions"
        let found = stacks || suggestions
            ? try StatusStacks(context, errors: errors, options: FolderInsights.Options(stacks: stacks), label: "Looking for \(looking)") : nil
        // Stopped while looking: no listing without its stacks and suggestions.
        if found != nil && Interrupt.requested {
            CLI.err("Stopped while looking for \(looking) in \(RawPath.printable(root)). Nothing was printed; what was analysed is kept.")
            return
        }
        if json {
            var output = StatusJSON(folder: root, clips: clips, errors: errors, counts: counts, decided: decided, unmatched: unmatched,
                                    space: space, stacks: stacks ? found : nil, suggestions: suggestions ? found : nil).bytes
            output.append(0x0A)
            CLI.write(output)
            return
        }
        let header = [RawPath.printable(root),
                      "\(CLI.plural(clips.count, "clip")) · \(decided) decided: \(counts[.like] ?? 0) liked, "
                        + "\(counts[.delete] ?? 0) marked for deletion, \(counts[.skip] ?? 0) skipped · \(clips.count - decided) left"]
        // One write for the whole listing, not one per clip.
        let stackLine = found.flatMap { $0.stacks.isEmpty ? nil : [$0.summary] } ?? []
        let suggested = suggestions ? found : nil
        let suggestionLine = suggested?.suggestionSummary(sizes: space.bytes).map { [$0] } ?? []
        CLI.write(StatusText(header: header + [space.line] + stackLine + suggestionLine + Self.unmatchedLine(unmatched)
                                + Self.sidecarRejects(context), clips: clips,
                             errors: errors, stacks: found?.ofClip, suggestions: suggested?.suggestions, sizes: space.bytes).bytes)
    }

    /// How many decisions stand for no file found now (`SyncResult.unmatched`),
    /// among the clips this listing looked for: subfolders as `flag`
    /// says, else as the window last opened the folder (as `scan` listed it).
    static func unmatched(_ context: CommandDeck, flag: Bool?) -> Int {
        let subfolders = flag ?? ((try? context.store.openedRecursively(at: context.url)) ?? nil) ?? false
        return context.sync.unmatched(subfolders: subfolders)
    }

    /// "1 decision could not be matched to a file…"; none when every decision was.
    static func unmatchedLine(_ count: Int) -> [String] {
        guard count > 0 else { return [] }
        let what = count == 1 ? "1 decision could not be matched to a file" : "\(count) decisions could not be matched to a file"
        return [what + ": the file is gone, or holds other bytes now. It is kept, and comes back with its file."]
    }

    /// A line about undecided clips that XMP sidecars (darktable, digiKam…)
    /// reject; none when there are none. Read only: nothing is decided.
    static func sidecarRejects(_ context: CommandDeck) -> [String] {
        let rejected = Sidecars.rejected(context.sync.clips, folder: context.record, store: context.store)
        guard !rejected.isEmpty else { return [] }
        let what = rejected.count == 1 ? "1 undecided clip is rejected in its XMP sidecar" : "\(rejected.count) undecided clips are rejected in their XMP sidecars"
        return [what + " (xmp:Rating -1); open the folder in Flick to mark them for deletion."]
    }

    /// Each clip's error. The scan has just found every file of the deck
    /// (`fstatat`, in deck order with `clips`), so a file's size comes from
    /// there, and whether Flick may read it from `readable` (`ReadAccess`,
    /// asked while the store synced); a clip the scan does not line up
    /// with is looked up again (`error(for:in:root:recorded:)`).
    static func errors(of clips: [StoredClip], scanned: [ScannedClip], readable: [Int32], root: String) -> [String?] {
        var directory: Int32?
        defer { if let directory, directory >= 0 { close(directory) } }
        return clips.indices.map { index in
            let clip = clips[index]
            guard index < scanned.count, index < readable.count, RawPath.same(scanned[index].relativePath, clip.relativePath) else {
                let folder = directory ?? open(RawPath.c(root), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                directory = folder
                return error(for: clip.relativePath, in: folder, root: root, recorded: clip.problem)
            }
            return error(access: readable[index], size: scanned[index].contentSize, recorded: clip.problem)
        }
    }

    /// Why a clip cannot be reviewed: from the file itself (gone, unreadable,
    /// empty), else what the window recorded about this very file (cannot
    /// be played, and why: not a video, cut short, damaged…). Looked up
    /// relative to the folder's descriptor `directory` (or from `root` when
    /// it could not be opened): fast on any folder size.
    static func error(for relativePath: String, in directory: Int32, root: String, recorded: String?) -> String? {
        let base = directory >= 0 ? directory : AT_FDCWD
        let path = directory >= 0 ? relativePath : root + "/" + relativePath
        var info = stat()
        guard RawPath.withCString(path, { fstatat(base, $0, &info, 0) }) == 0 else { return "the file is gone" }
        let access = RawPath.withCString(path) { faccessat(base, $0, R_OK, 0) == 0 ? 0 : errno }
        return error(access: access, size: Int64(info.st_size), recorded: recorded)
    }

    /// The same from what is known of the file: `access`, 0 when it is
    /// readable or the error `faccessat` gave, and its size.
    static func error(access: Int32, size: Int64, recorded: String?) -> String? {
        switch access {
        case 0: break
        case ENOENT, ENOTDIR: return "the file is gone"
        default: return "permission denied"
        }
        return size == 0 ? "the file is empty" : recorded
    }
}
