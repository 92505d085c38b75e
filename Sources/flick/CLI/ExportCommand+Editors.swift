import ArgumentParser
import FlickCore
import FlickStore
import Foundation

/// `flick export --mlt / --otio` (an editor's timeline of the likes) and
/// `--xmp` (decisions as ratings in XMP sidecars).
extension ExportCommand {
    func validateEditorOptions() throws {
        if let photoSeconds {
            guard mlt != nil || otio != nil else { throw ValidationError("--photo-seconds goes with --mlt or --otio.") }
            guard photoSeconds.isFinite, (0.1...3600).contains(photoSeconds) else {
                throw ValidationError("--photo-seconds takes a number of seconds from 0.1 to 3600.")
            }
        }
        if let likeRating {
            guard xmp else { throw ValidationError("--like-rating goes with --xmp.") }
            guard Sidecars.likeRatings.contains(likeRating) else { throw ValidationError("--like-rating takes 1 to 5.") }
        }
    }

    /// Writes the MLT project and/or the OTIO timeline; false when one failed.
    func writeTimelines(_ items: [FileItem], mlt: Export.Destination?, otio: Export.Destination?, title folder: String,
                        stop: StopReport) -> Bool {
        let title = "\((folder as NSString).lastPathComponent) likes"
        let made = LikesTimeline.make(items, title: title, photoSeconds: photoSeconds ?? Timeline.defaultPhotoSeconds)
        for message in made.leftOut { CLI.err("Leaving out \(message).") }
        var succeeded = true
        let targets: [(Export.Destination?, Timeline, (Timeline) -> String, String)] = [
            (mlt, made.mlt, { $0.mltXML }, "MLT project"), (otio, made.otio, { $0.otioJSON }, "OpenTimelineIO timeline"),
        ]
        for case let (destination?, timeline, text, what) in targets {
            if Interrupt.requested {
                CLI.err("Cancelled.")
                return false
            }
            guard !timeline.clips.isEmpty else {
                CLI.err("No \(what) written to \(RawPath.printable(destination.path)): none of the liked clips can go in it.")
                succeeded = false
                continue
            }
            stop.now("writing \(RawPath.printable(destination.path))")
            do {
                try Export.writeTimeline(text(timeline), to: destination.writingPath, replace: force)
                stop.finished(RawPath.printable(destination.path))
                let seconds = Double(timeline.totalFrames) / (Double(timeline.profile.frameRate.numerator) / Double(timeline.profile.frameRate.denominator))
                CLI.out("Wrote \(RawPath.printable(destination.path)) (\(what), \(CLI.plural(timeline.clips.count, "clip")), "
                    + "\(timeline.profile.width)×\(timeline.profile.height), \(LikesTimeline.clock(seconds))).")
            } catch {
                CLI.err(destination.shown(ErrorText.describe(error)))
                succeeded = false
            }
        }
        return succeeded
    }

    /// Rates every decided clip's sidecar and restores those whose
    /// decision is gone; false when a sidecar could not be written.
    func rateSidecars(_ context: CommandDeck) -> Bool {
        let report = Sidecars.update(context.sync.clips, folder: context.record, store: context.store,
                                     likeRating: likeRating ?? Sidecars.likeRatings.lowerBound)
        var done = "Rated \(CLI.plural(report.written, "XMP sidecar"))"
        if report.restored > 0 { done += ", restored \(report.restored)" }
        CLI.out(done + " in \(RawPath.printable(context.record.path)).")
        for failure in report.failures { CLI.err(ErrorText.sidecar(failure)) }
        return report.failures.isEmpty
    }
}
