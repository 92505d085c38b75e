import ArgumentParser
import FlickApp
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
        let targets: [(form: ExportLikes.TimelineForm, shown: String, writing: String)] =
            [(.mlt, mlt), (.otio, otio)].compactMap { form, destination in destination.map { (form, $0.path, $0.writingPath) } }
        let made = ExportLikes(items: items).timelines(targets, title: title, photoSeconds: photoSeconds ?? Timeline.defaultPhotoSeconds,
                                                       replace: force, writing: { stop.now("writing \(RawPath.printable($0))") },
                                                       isCancelled: { Interrupt.requested })
        for leftOut in made.leftOut { CLI.err("Leaving out \(LikesWords.timelineLeftOut(leftOut)).") }
        var succeeded = true
        for write in made.writes {
            let destination = write.form == .mlt ? mlt : otio
            let what = write.form == .mlt ? "MLT project" : "OpenTimelineIO timeline"
            let timeline = write.timeline
            switch write.outcome {
            case .cancelled:
                CLI.err("Cancelled.")
                return false
            case .nothingToWrite:
                CLI.err("No \(what) written to \(RawPath.printable(write.destination)): none of the liked clips can go in it.")
                succeeded = false
            case .failed(let error):
                CLI.err(destination?.shown(ErrorText.describe(error)) ?? ErrorText.describe(error))
                succeeded = false
            case .written:
                stop.finished(RawPath.printable(write.destination))
                CLI.out("Wrote \(RawPath.printable(write.destination)) (\(what), \(CLI.plural(timeline.clips.count, "clip")), "
                    + "\(timeline.profile.width)×\(timeline.profile.height), \(LikesTimeline.clock(LikesTimeline.seconds(timeline)))).")
            }
        }
        return succeeded
    }

    /// Rates every decided clip's sidecar and restores those whose
    /// decision is gone; false when a sidecar could not be written.
    func rateSidecars(_ context: CommandDeck) -> Bool {
        let report = ExportLikes.rateSidecars(context.sync.clips, folder: context.record, store: context.store,
                                              likeRating: likeRating ?? Sidecars.likeRatings.lowerBound)
        var done = "Rated \(CLI.plural(report.written, "XMP sidecar"))"
        if report.restored > 0 { done += ", restored \(report.restored)" }
        CLI.out(done + " in \(RawPath.printable(context.record.path)).")
        for failure in report.failures { CLI.err(ErrorText.sidecar(failure)) }
        return report.failures.isEmpty
    }
}
