import ArgumentParser
import FlickCore
import FlickMedia
import FlickStore
import Foundation

/// `flick export FOLDER --playlist F | --copy-to DIR [--link] | --stitch F`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the liked clips as a playlist, copies, or one stitched video.",
        discussion: """
            Liked clips are exported in deck order. Long exports print progress on stderr and stop \
            cleanly on Ctrl+C; a failed or cancelled export leaves no partial file behind.
            Exit status: 0 ok, 1 usage error, 2 folder unreadable, 3 the export failed.
            """
    )

    @OptionGroup var folder: FolderOptions

    @Option(help: ArgumentHelp("Write an M3U8 playlist (with durations) of the likes.", valueName: "file.m3u"))
    var playlist: String?

    @Option(help: ArgumentHelp("Copy the liked clips into this folder.", valueName: "dir"))
    var copyTo: String?

    @Flag(help: "With --copy-to: make hard links instead of copies.")
    var link = false

    @Option(help: ArgumentHelp("Join the liked clips into one video (.mp4, .webm or .mkv).", valueName: "file"))
    var stitch: String?

    func validate() throws {
        guard playlist != nil || copyTo != nil || stitch != nil else {
            throw ValidationError("Say what to export: --playlist FILE.m3u, --copy-to DIR or --stitch FILE.")
        }
        if link && copyTo == nil { throw ValidationError("--link goes with --copy-to DIR.") }
    }

    func run() throws {
        Interrupt.install()
        let context = try FolderContext(folder)
        let likes = context.sync.clips.filter { $0.decision == .like }
        let items: [FileItem]
        do {
            let checked = try FileOperations.check(likes, folder: context.record.path)
            for failure in checked.refused { CLI.err("Skipping \(failure)") }
            items = checked.items
        } catch {
            CLI.fail(error.description, code: FlickCommand.Exit.failed)
        }
        guard !items.isEmpty else {
            CLI.err("No liked clips in \(context.record.path) to export.")
            throw ExitCode(FlickCommand.Exit.failed)
        }
        var failed = false
        if let playlist { failed = !writePlaylist(items, to: absolute(playlist)) || failed }
        if let copyTo { failed = !copy(items, to: absolute(copyTo)) || failed }
        if let stitch { failed = !stitchClips(items, to: absolute(stitch)) || failed }
        if failed { throw ExitCode(FlickCommand.Exit.failed) }
    }

    private func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private func writePlaylist(_ items: [FileItem], to destination: String) -> Bool {
        let infos = ClipDiscovery.discoverAll(paths: items.map(\.absolutePath))
        let entries = zip(items, infos).map { item, info in (path: item.absolutePath, duration: try? info.get().duration) }
        do {
            try Export.writePlaylist(entries, to: destination)
            CLI.out("Wrote \(destination) (\(CLI.plural(items.count, "clip"))).")
            return true
        } catch {
            CLI.err(error.description)
            return false
        }
    }

    private func copy(_ items: [FileItem], to directory: String) -> Bool {
        let progress = ProgressLine(label: link ? "Linking" : "Copying")
        let report = Export.copy(items, to: directory, link: link,
                                 progress: { done, total in
                                     progress.update(Double(done) / Double(max(total, 1)), ByteCountFormatter.string(fromByteCount: done, countStyle: .file))
                                 },
                                 isCancelled: { Interrupt.requested })
        progress.finish()
        CLI.out("\(link ? "Linked" : "Copied") \(Apply.summary(count: report.moved.count, bytes: report.movedBytes)) into \(directory).")
        for failure in report.failures { CLI.err("Couldn’t export \(failure)") }
        if report.cancelled { CLI.err("Cancelled.") }
        return report.failures.isEmpty && !report.cancelled
    }

    private func stitchClips(_ items: [FileItem], to destination: String) -> Bool {
        var clips: [Stitcher.Clip] = []
        let videos = items.filter { ClipKind(fileName: $0.relativePath) == .video }
        for (item, result) in zip(videos, ClipDiscovery.discoverAll(paths: videos.map(\.absolutePath))) {
            switch result {
            case .success(let info): clips.append(Stitcher.Clip(path: item.absolutePath, info: info))
            case .failure(let error): CLI.err("Leaving out \(error.description)")
            }
        }
        let progress = ProgressLine(label: "Stitching")
        do {
            let method = try Stitcher.run(clips, to: destination,
                                          progress: { progress.update($0, "\(CLI.plural(clips.count, "clip"))") },
                                          isCancelled: { Interrupt.requested })
            progress.finish()
            CLI.out("Wrote \(destination) (\(CLI.plural(clips.count, "clip")), \(method == .remux ? "streams copied" : "re-encoded")).")
            return true
        } catch {
            progress.finish()
            CLI.err(error.description)
            return false
        }
    }
}
