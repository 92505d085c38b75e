import ArgumentParser
import FlickApp
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
            moved stay marked. A Live Photo (a still and a short clip of one name in one folder) is \
            one decision: a marked half takes the other with it unless that one is liked, and both \
            stay when either cannot be moved; the output names both files.
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
    /// A Live Photo is one line naming both files.
    private static func printDryRun(_ plan: ApplyDeletions.Plan) {
        CLI.out("Would move \(Apply.summary(count: plan.items.count, bytes: plan.bytes)) to the Trash:")
        for item in plan.items {
            guard let pair = plan.pair(of: item.clipID) else {
                CLI.out("  \(RawPath.printable(item.relativePath))")
                continue
            }
            if pair.first == item.clipID { CLI.out("  " + LivePhotoWords.both(pair)) }
        }
        for failure in plan.refused { CLI.err("Won’t move \(ErrorText.file(failure))") }
        for hold in plan.held { CLI.err(LivePhotoWords.held(hold)) }
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

    /// Keeps the stop report and the progress line in step with a run.
    private static func follow(_ stop: StopReport, _ progress: ProgressLine?) -> (ApplyDeletions.Progress) -> Void {
        { step in
            switch step {
            case .starting(let item, let done, let total):
                stop.working(on: RawPath.printable(item.relativePath), done: done, of: total)
            case .finished(_, let one, let done, let total):
                for moved in one.moved { stop.finished(RawPath.printable(moved.relativePath)) }
                stop.working(on: nil, done: done, of: total)
                progress?.update(Double(done) / Double(total), "\(done) of \(total)")
            }
        }
    }

    private func apply(_ stop: StopReport) throws {
        let context = try CommandDeck(folder)
        let root = context.record.path
        let shownRoot = RawPath.printable(root)
        // Decided files whose name now holds another file: never moved.
        let replaced = context.sync.replaced.filter { $0.decision == .delete }
            .map { FileFailure(path: $0.relativePath, reason: .changed) }
        let plan: ApplyDeletions.Plan
        do {
            plan = try ApplyDeletions.check(try ApplyDeletions.marked(store: context.store, folder: context.record), folder: context.record,
                                            replaced: replaced)
        } catch {
            CLI.fail(ErrorText.describe(error), code: FlickCommand.Exit.failed)
        }
        if dryRun {
            Self.printDryRun(plan)
            return
        }
        guard !plan.items.isEmpty || !plan.refused.isEmpty || !plan.held.isEmpty else {
            CLI.out("No clips in \(shownRoot) are marked for deletion.")
            return
        }
        let apply = ApplyDeletions(folder: context.record, storePath: context.store.path)
        let progress = ProgressLine(label: "Moving to the Trash")
        var report = apply.move(plan.items, pairs: plan.pairs, progress: Self.follow(stop, progress), isCancelled: { Interrupt.requested })
        progress.finish()
        if rejectedFolder {
            let second = apply.moveWithoutTrash(after: report, plan: plan, progress: Self.follow(stop, nil), isCancelled: { Interrupt.requested })
            report = second.report
            if !second.intoRejected.isEmpty {
                CLI.out("Moved \(CLI.plural(second.intoRejected.count, "file")) into “\(shownRoot)/\(FolderScan.rejectedFolderName)” (no Trash on that filesystem).")
            }
        }
        try printReport(apply.settle(report, plan: plan, store: context.store), root: root)
    }

    /// What the run did, each file that failed and why; exits 3 when anything did.
    private func printReport(_ result: ApplyResult, root: String) throws {
        let report = result.moves
        CLI.out("Moved \(Apply.summary(count: report.moved.count, bytes: report.movedBytes)) out of \(RawPath.printable(root)).")
        for pair in result.movedPairs { CLI.out(LivePhotoWords.movedTogether(pair)) }
        for moved in report.alreadyMoved { CLI.out(ErrorText.alreadyMoved(moved)) }
        for failure in result.failures { CLI.err(ErrorText.notMoved(failure)) }
        for hold in result.held { CLI.err(LivePhotoWords.held(hold)) }
        for moved in report.unrecorded {
            CLI.err("Moved, but the decision store could not record it (Flick will find it gone from the folder): \(ErrorText.file(moved))")
        }
        if !report.withoutTrash.isEmpty && !rejectedFolder {
            CLI.err("\(CLI.plural(report.withoutTrash.count, "file is", "files are")) on a filesystem with no Trash; "
                + "run `flick apply --rejected-folder \(RawPath.shellQuoted(root))` to move them into “\(FolderScan.rejectedFolderName)” instead.")
        }
        if report.cancelled {
            let left = result.notYetMoved
            CLI.err("Cancelled; \(CLI.plural(left, "file")) not yet moved \(left == 1 ? "stays" : "stay") marked for deletion.")
        }
        if !result.isComplete { throw ExitCode(FlickCommand.Exit.failed) }
    }
}
