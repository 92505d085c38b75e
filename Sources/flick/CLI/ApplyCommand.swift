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
            deletes a file. With --rejected-folder, files on a filesystem without a Trash are moved \
            into “Flick Rejected” inside the folder instead.
            Exit status: 0 ok, 1 usage error, 2 folder unreadable, 3 some files could not be moved \
            or the decision store failed.
            """
    )

    @OptionGroup var folder: FolderOptions

    @Flag(help: "List what would move, and move nothing.")
    var dryRun = false

    @Flag(help: "Move files whose filesystem has no Trash into “Flick Rejected” inside the folder.")
    var rejectedFolder = false

    func run() throws {
        let context = try FolderContext(folder)
        let root = context.record.path
        let checked: (items: [FileItem], refused: [FileFailure])
        do {
            checked = try FileOperations.check(try context.store.clipsToDelete(in: context.record), folder: root)
        } catch {
            CLI.fail(error.description, code: FlickCommand.Exit.failed)
        }
        let bytes = checked.items.reduce(Int64(0)) { $0 + $1.size }
        if dryRun {
            CLI.out("Would move \(Apply.summary(count: checked.items.count, bytes: bytes)) to the Trash:")
            for item in checked.items { CLI.out("  \(item.relativePath)") }
            for failure in checked.refused { CLI.err("Won’t move \(failure)") }
            return
        }
        guard !checked.items.isEmpty || !checked.refused.isEmpty else {
            CLI.out("No clips in \(root) are marked for deletion.")
            return
        }
        let progress = ProgressLine(label: "Moving to the Trash")
        var report = Apply.run(checked.items, folder: root, to: .trash,
                               progress: { done, total in progress.update(Double(done) / Double(max(total, 1)), "\(done) of \(total)") },
                               isCancelled: { Interrupt.requested })
        progress.finish()
        if rejectedFolder && !report.withoutTrash.isEmpty {
            let names = Set(report.withoutTrash.map(\.path))
            let second = Apply.run(checked.items.filter { names.contains($0.relativePath) }, folder: root, to: .rejectedFolder)
            report.failures.removeAll { names.contains($0.path) }
            report.failures += second.failures
            report.moved += second.moved
            if !second.moved.isEmpty {
                CLI.out("Moved \(CLI.plural(second.moved.count, "file")) into “\(root)/\(FolderScan.rejectedFolderName)” (no Trash on that filesystem).")
            }
        }
        do {
            try context.store.markApplied(report.moved.map(\.clipID), in: context.record)
        } catch {
            CLI.fail(error.description, code: FlickCommand.Exit.failed)
        }
        CLI.out("Moved \(Apply.summary(count: report.moved.count, bytes: report.movedBytes)) out of \(root).")
        let failures = checked.refused + report.failures
        for failure in failures { CLI.err("Couldn’t move \(failure)") }
        if !report.withoutTrash.isEmpty && !rejectedFolder {
            CLI.err("\(CLI.plural(report.withoutTrash.count, "file is", "files are")) on a filesystem with no Trash; "
                + "run `flick apply --rejected-folder \(root)` to move them into “\(FolderScan.rejectedFolderName)” instead.")
        }
        if report.cancelled { CLI.err("Cancelled; the files not yet moved stay marked for deletion.") }
        if !failures.isEmpty || report.cancelled { throw ExitCode(FlickCommand.Exit.failed) }
    }
}
