import ArgumentParser
import FlickApp
import FlickCore
import FlickMedia
import FlickStore
import Foundation

/// `flick export FOLDER --playlist F | --copy-to DIR [--link] | --stitch F | --mlt F | --otio F | --xmp`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the liked clips as a playlist, copies, one stitched video or an editor's timeline; decisions as XMP ratings.",
        discussion: """
            Liked clips are exported in deck order. Long exports print progress on stderr and stop \
            cleanly on Ctrl+C; a failed or cancelled export leaves no partial file behind. \
            An existing destination is refused unless --force (copies then go beside existing \
            files, never over them); a destination inside the reviewed folder, or one of its \
            files, is always refused. A stitched video takes the most common size among the \
            clips, at most 1920×1080 (portrait 1080×1920), unless --size says otherwise.
            --mlt writes an MLT XML project that Kdenlive and Shotcut open (and melt renders, e.g. \
            melt FILE.mlt -consumer avformat:out.mp4): the liked clips in deck order on one video \
            track, each at its own length with its sound and fitted, centred, into the project's \
            frame, photos as stills of --photo-seconds; the project takes the clips' most common size \
            and frame rate. HEIC/HEIF photos, which MLT can't load, are left out and named. \
            --otio writes the same timeline as OpenTimelineIO JSON for other editors.
            --xmp rates each decided clip in its XMP sidecar NAME.EXT.xmp beside it, for darktable, \
            digiKam and other photo managers: -1 (rejected) for "marked for deletion", --like-rating \
            (default 1) for "liked", nothing for skipped. An existing sidecar keeps everything but \
            its rating; a clip whose decision is gone gets back the rating (or the absence of one) \
            its sidecar had before. A sidecar that can't be written is named with the reason; the \
            decisions are not affected.
            Exit status: 0 ok, 1 usage error, 2 folder unreadable, 3 the export failed, 130 stopped by \
            Ctrl+C, 143 by SIGTERM.
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

    @Option(help: ArgumentHelp("With --stitch: the video's frame size (default: the clips' most common size, at most 1920×1080).",
                               valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("Write an MLT XML project (Kdenlive, Shotcut) of the likes.", valueName: "file.mlt"))
    var mlt: String?

    @Option(help: ArgumentHelp("Write an OpenTimelineIO timeline (JSON) of the likes.", valueName: "file.otio"))
    var otio: String?

    @Option(help: ArgumentHelp("With --mlt or --otio: how long each photo lasts, in seconds (default 5).", valueName: "seconds"))
    var photoSeconds: Double?

    @Flag(help: "Rate each decided clip in its XMP sidecar (NAME.EXT.xmp): -1 marked for deletion, --like-rating liked.")
    var xmp = false

    @Option(help: ArgumentHelp("With --xmp: the rating a liked clip gets, 1 to 5 (default 1).", valueName: "n"))
    var likeRating: Int?

    @Flag(help: "Replace an existing playlist, video or timeline; copy into a folder that is not empty.")
    var force = false

    func validate() throws {
        guard playlist != nil || copyTo != nil || stitch != nil || mlt != nil || otio != nil || xmp else {
            throw ValidationError("Say what to export: --playlist FILE.m3u, --copy-to DIR, --stitch FILE, --mlt FILE.mlt, --otio FILE.otio or --xmp.")
        }
        try validateEditorOptions()
        if link && copyTo == nil { throw ValidationError("--link goes with --copy-to DIR.") }
        if let size {
            guard stitch != nil else { throw ValidationError("--size goes with --stitch FILE.") }
            guard Self.frameSize(size) != nil else { throw ValidationError("--size takes WIDTHxHEIGHT, e.g. 1280x720 (16 to 7680 each).") }
        }
    }

    /// "1280x720" → (1280, 720).
    static func frameSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (16...7680).contains(width), (16...7680).contains(height) else { return nil }
        return (width, height)
    }

    func run() throws {
        let report = StopReport("reading \(RawPath.printable(folder.folder))")
        let verb = link ? "Linked" : "Copied"
        try Interrupt.run(stopped: { Self.stoppedLines(report, verb: verb) }) { try export(report) }
    }

    /// What a stop leaves on stderr when the export under way does not return.
    private static func stoppedLines(_ report: StopReport, verb: String) -> [String] {
        var lines = report.lines(nothing: "Nothing was written.", finished: "Written before: ")
        if let counted = report.snapshot.counted {
            lines.append("\(verb) \(counted.done) of \(CLI.plural(counted.total, "file")) before; the file in progress was left out.")
        }
        return lines
    }

    private func export(_ stop: StopReport) throws {
        let context = try CommandDeck(folder)
        // Every destination is checked before anything is written.
        let root = context.record.path
        func checked(_ destination: String?, _ kind: Export.DestinationKind) -> Export.Destination? {
            guard let destination else { return nil }
            do {
                return try Export.checkDestination(destination, kind: kind, folder: root, force: force)
            } catch {
                CLI.fail(ErrorText.describe(error), code: FlickCommand.Exit.failed)
            }
        }
        let playlistPath = checked(playlist, .file), copyPath = checked(copyTo, .folder), stitchPath = checked(stitch, .file)
        let mltPath = checked(mlt, .file), otioPath = checked(otio, .file)
        stop.now("rating XMP sidecars in \(RawPath.printable(root))")
        var failed = xmp && !rateSidecars(context)
        guard playlist != nil || copyTo != nil || stitch != nil || mlt != nil || otio != nil else {
            if failed { throw ExitCode(FlickCommand.Exit.failed) }
            return
        }
        let items: [FileItem]
        stop.now("checking the liked clips in \(RawPath.printable(root))")
        do {
            let likes = try ExportLikes.likes(of: context.sync.clips, folder: context.record.path)
            for failure in likes.refused { CLI.err("Skipping \(ErrorText.file(failure))") }
            items = likes.items
        } catch {
            CLI.fail(ErrorText.describe(error), code: FlickCommand.Exit.failed)
        }
        guard !items.isEmpty else {
            CLI.err("No liked clips in \(context.record.path) to export.")
            throw ExitCode(FlickCommand.Exit.failed)
        }
        // A Live Photo with a liked half is liked whole: copies take both files, the rest its video.
        let livePhotos = ExportLikes(items: items).livePhotos()
        if playlist != nil || stitch != nil || mlt != nil || otio != nil {
            for pair in livePhotos { CLI.out(LivePhotoWords.asVideo(pair)) }
        }
        if let playlistPath {
            stop.now("reading the liked clips’ durations for \(RawPath.printable(playlistPath.path))")
            failed = !writePlaylist(items, to: playlistPath, stop: stop) || failed
        }
        if let copyPath {
            stop.now("\(link ? "linking" : "copying") the liked clips into \(RawPath.printable(copyPath.path))")
            failed = !copy(items, livePhotos: livePhotos, to: copyPath, stop: stop) || failed
        }
        if let stitchPath {
            stop.now("stitching the liked clips into \(RawPath.printable(stitchPath.path))")
            failed = !stitchClips(items, to: stitchPath, stop: stop) || failed
        }
        if mltPath != nil || otioPath != nil {
            stop.now("reading the liked clips for the timeline")
            failed = !writeTimelines(items, mlt: mltPath, otio: otioPath, title: context.record.path, stop: stop) || failed
        }
        if failed { throw ExitCode(FlickCommand.Exit.failed) }
    }

    private func writePlaylist(_ items: [FileItem], to destination: Export.Destination, stop: StopReport) -> Bool {
        let written = ExportLikes(items: items).playlist(to: destination.writingPath, replace: force,
                                                         writing: { stop.now("writing \(RawPath.printable(destination.path))") },
                                                         isCancelled: { Interrupt.requested })
        switch written.outcome {
        case .written:
            stop.finished(RawPath.printable(destination.path))
            CLI.out("Wrote \(RawPath.printable(destination.path)) (\(CLI.plural(written.entries, "clip"))).")
            return true
        case .cancelled:
            CLI.err("Cancelled; no playlist written.")
        case .failed(let error):
            CLI.err(destination.shown(ErrorText.describe(error)))
        case .nothingToWrite:
            break
        }
        return false
    }

    private func copy(_ items: [FileItem], livePhotos: [LivePhotoPair], to directory: Export.Destination, stop: StopReport) -> Bool {
        let progress = ProgressLine(label: link ? "Linking" : "Copying")
        let report = ExportLikes(items: items).copies(into: directory.writingPath, link: link,
                                                      progress: { step in
                                                          stop.working(on: nil, done: step.done, of: step.total)
                                                          progress.update(step.fraction, FileSize.words(step.bytes ?? 0))
                                                      },
                                                      isCancelled: { Interrupt.requested })
        progress.finish()
        if !report.moved.isEmpty { stop.finished("\(CLI.plural(report.moved.count, "file")) into \(RawPath.printable(directory.path))") }
        CLI.out("\(link ? "Linked" : "Copied") \(Apply.summary(count: report.moved.count, bytes: report.movedBytes)) into \(RawPath.printable(directory.path)).")
        let copied = Set(report.moved.map(\.clipID))
        for pair in livePhotos where copied.contains(pair.stillID) && copied.contains(pair.videoID) {
            CLI.out(LivePhotoWords.copiedTogether(pair, link: link))
        }
        for failure in report.failures { CLI.err(directory.shown("Couldn’t export \(ErrorText.file(failure))")) }
        if report.cancelled { CLI.err("Cancelled.") }
        return report.failures.isEmpty && !report.cancelled
    }

    private func stitchClips(_ items: [FileItem], to destination: Export.Destination, stop: StopReport) -> Bool {
        let progress = ProgressLine(label: "Stitching")
        let stitched = ExportLikes(items: items).stitch(to: destination.writingPath, size: size.flatMap(Self.frameSize), replace: force,
                                                        leavingOut: { $0.forEach { CLI.err(LikesWords.stitchLeftOutLine($0)) } },
                                                        progress: { step in
                                                            progress.update(step.fraction, "\(CLI.plural(step.total, "clip"))")
                                                        },
                                                        isCancelled: { Interrupt.requested })
        progress.finish()
        switch stitched.outcome {
        case .written:
            stop.finished(RawPath.printable(destination.path))
            let how = stitched.method == .remux ? "streams copied" : "re-encoded"
            CLI.out("Wrote \(RawPath.printable(destination.path)): \(LikesWords.joined(stitched.joined, of: stitched.liked)) (\(how)).")
            return true
        case .cancelled:
            CLI.err(destination.shown(ErrorText.stitch(.cancelled)))
        case .failed(let error):
            CLI.err(destination.shown((error as? StitchError).map(ErrorText.stitch) ?? ErrorText.describe(error)))
        case .nothingToWrite:
            CLI.err(destination.shown(ErrorText.stitch(.noClips)))
        }
        return false
    }
}
