import ArgumentParser
import FlickCore
import FlickStore
import Foundation

/// `flick apply FOLDER [--dry-run]`: moves every clip decided "delete" to
/// the freedesktop Trash.
struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Move every clip marked for deletion to the Trash.",
        discussion: """
            Files go to the freedesktop Trash, where the Files app can restore them; Flick never \
            deletes a file. A file is moved only if it is still the file you decided on (same \
            device, inode, size and modification time) and still marked for deletion; anything \
            else is named and left alone. With --rejected-folder, files on a filesystem without a \
            Trash are moved into “Flick Rejected” inside the folder instead. Ctrl+C stops between \
            files, or within a second where the file system does not answer; the files not yet \
            moved stay marked.
            Exit status: 0 ok, 1 usage error, 2 folder unreadable, 3 some files could not be moved \
            or the decision store failed, 130 stopped by Ctrl+C, 143 by SIGTERM.
            """
    )

    @OptionGroup var folder: FolderOptions

    @Flag(help: "List what would move, and move nothing.")
    var dryRun = false

    @Flag(help: "Move files whose filesystem has no Trash into “Flick Rejected” inside the folder.")
    var rejectedFolder = false

    /// `--dry-run`: what would move, and what would not.
    private static func printDryRun(_ items: [FileItem], refused: [FileFailure], bytes: Int64) {
        CLI.out("Would move \(Apply.summary(count: items.count, bytes: bytes)) to the Trash:")
        for item in items { CLI.out("  \(RawPath.printable(item.relativePath))") }
        for failure in refused { CLI.err("Won’t move \(ErrorText.file(failure))") }
    }

    func run() throws {
        let report = StopReport("checking the files marked for deletion in \(RawPath.printable(folder.folder))")
        try Interrupt.run(stopped: { Self.stoppedLines(report) }) { try apply(report) }
    }

    /// What a stop leaves on stderr when the move under way does not return.
    private static func stoppedLines(_ report: StopReport) -> [String] {
        let state = report.snapshot
        guard let counted = state.counted else { return report.lines(nothing: "Nothing was moved.", finished: "") }
        let moved = state.done.isEmpty ? "nothing was moved" : "moved: " + state.done.joined(separator: ", ")
        var lines = ["Stopped after \(counted.done) of \(CLI.plural(counted.total, "file")); \(moved)."]
        if let current = state.current {
            lines.append("\(current) was being moved when its file system stopped answering; it may still be moved once it answers.")
        }
        let left = counted.total - counted.done - (state.current == nil ? 0 : 1)
        if left > 0 { lines.append("\(CLI.plural(left, "file")) not yet moved \(left == 1 ? "stays" : "stay") marked for deletion.") }
        return lines
    }

    /// Moves `items` one at a time (so a stop knows each file's fate),
    /// between files looking at Ctrl+C and the test hook.
    private static func move(_ items: [FileItem], folder: FolderRecord, storePath: String, to destination: Apply.Destination,
                             report stop: StopReport, progress: ProgressLine?) -> MoveReport {
        var report = MoveReport()
        for (index, item) in items.enumerated() {
            if Interrupt.requested {
                report.cancelled = true
                break
            }
            stop.working(on: RawPath.printable(item.relativePath), done: index, of: items.count)
            let one = Apply.run([item], folder: folder, storePath: storePath, to: destination, isCancelled: { Interrupt.requested })
            report.moved += one.moved
            report.failures += one.failures
            report.unrecorded += one.unrecorded
            report.alreadyMoved += one.alreadyMoved
            for moved in one.moved { stop.finished(RawPath.printable(moved.relativePath)) }
            stop.working(on: nil, done: index + 1, of: items.count)
            progress?.update(Double(index + 1) / Double(items.count), "\(index + 1) of \(items.count)")
            if index + 1 < items.count { BetweenFiles.hold() }
        }
        return report
    }

    private func apply(_ stop: StopReport) throws {
        let context = try CommandDeck(folder)
        let root = context.record.path
        let shownRoot = RawPath.printable(root)
        // Decided files whose name now holds another file: never moved.
        let replaced = context.sync.replaced.filter { $0.decision == .delete }
            .map { FileFailure(path: $0.relativePath, reason: .changed) }
        let clips: [StoredClip]
        let checked: (items: [FileItem], refused: [FileFailure])
        do {
            clips = try context.store.clipsToDelete(in: context.record)
            checked = try FileOperations.check(clips, folder: root)
        } catch {
            CLI.fail(ErrorText.describe(error), code: FlickCommand.Exit.failed)
        }
        var refused = replaced + checked.refused
        let bytes = checked.items.reduce(Int64(0)) { $0 + $1.size }
        if dryRun {
            Self.printDryRun(checked.items, refused: refused, bytes: bytes)
            return
        }
        guard !checked.items.isEmpty || !refused.isEmpty else {
            CLI.out("No clips in \(shownRoot) are marked for deletion.")
            return
        }
        let storePath = context.store.path
        let progress = ProgressLine(label: "Moving to the Trash")
        var report = Self.move(checked.items, folder: context.record, storePath: storePath, to: .trash, report: stop, progress: progress)
        progress.finish()
        if rejectedFolder && !report.withoutTrash.isEmpty && !report.cancelled {
            let names = Set(report.withoutTrash.map { RawPath.key($0.path) })
            let retry = checked.items.filter { names.contains(RawPath.key($0.relativePath)) }
            let second = Self.move(retry, folder: context.record, storePath: storePath, to: .rejectedFolder, report: stop, progress: nil)
            report.failures.removeAll { names.contains(RawPath.key($0.path)) }
            report.failures += second.failures
            report.moved += second.moved
            report.alreadyMoved += second.alreadyMoved
            report.unrecorded += second.unrecorded
            report.cancelled = report.cancelled || second.cancelled
            if !second.moved.isEmpty {
                CLI.out("Moved \(CLI.plural(second.moved.count, "file")) into “\(shownRoot)/\(FolderScan.rejectedFolderName)” (no Trash on that filesystem).")
            }
        }
        // Files gone because another Flick moved them as decided: done.
        let settled = context.store.movedByAnother(refused, of: clips, in: context.record)
        report.alreadyMoved = settled.alreadyMoved + report.alreadyMoved
        refused = settled.rest
        try printReport(report, refused: refused, planned: checked.items.count, root: root)
    }

    /// What the run did, each file that failed and why; exits 3 when anything did.
    private func printReport(_ report: MoveReport, refused: [FileFailure], planned: Int, root: String) throws {
        CLI.out("Moved \(Apply.summary(count: report.moved.count, bytes: report.movedBytes)) out of \(RawPath.printable(root)).")
        let failures = refused + report.failures
        for moved in report.alreadyMoved { CLI.out(ErrorText.alreadyMoved(moved)) }
        for failure in failures { CLI.err(ErrorText.notMoved(failure)) }
        for moved in report.unrecorded {
            CLI.err("Moved, but the decision store could not record it (Flick will find it gone from the folder): \(ErrorText.file(moved))")
        }
        if !report.withoutTrash.isEmpty && !rejectedFolder {
            CLI.err("\(CLI.plural(report.withoutTrash.count, "file is", "files are")) on a filesystem with no Trash; "
                + "run `flick apply --rejected-folder \(RawPath.shellQuoted(root))` to move them into “\(FolderScan.rejectedFolderName)” instead.")
        }
        if report.cancelled {
            let left = planned - report.moved.count - report.alreadyMoved.count - report.failures.count
            CLI.err("Cancelled; \(CLI.plural(left, "file")) not yet moved \(left == 1 ? "stays" : "stay") marked for deletion.")
        }
        if !failures.isEmpty || !report.unrecorded.isEmpty || report.cancelled { throw ExitCode(FlickCommand.Exit.failed) }
    }
}
