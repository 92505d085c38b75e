import FlickCore
import FlickStore
import Foundation

/// Export Likes as editor timelines: an MLT project (Kdenlive, Shotcut)
/// and an OpenTimelineIO timeline, from one discovery of the likes.
extension ExportLikes {
    public enum TimelineForm: Sendable, Equatable { case mlt, otio }

    /// One timeline written, or not.
    public struct TimelineWrite: Sendable {
        public let form: TimelineForm
        /// The destination as given (its `writingPath` was written).
        public let destination: String
        public let timeline: Timeline
        public let outcome: ExportOutcome
    }

    /// What the timelines of the likes came to.
    public struct Timelines: Sendable {
        /// Each clip left out of either timeline, with why.
        public let leftOut: [LeftOut]
        /// One per form asked for, in the order asked; after a cancel the
        /// rest are `.cancelled`.
        public let writes: [TimelineWrite]
    }

    /// Writes the timelines of the likes to `targets` (each form with its
    /// checked destination's path shown and written), titled `title`,
    /// each photo lasting `photoSeconds`. `writing` hears each shown path
    /// just before it is written.
    public func timelines(_ targets: [(form: TimelineForm, shown: String, writing: String)], title: String, photoSeconds: Double,
                          replace: Bool, writing: (String) -> Void = { _ in }, isCancelled: () -> Bool = { false }) -> Timelines {
        let made = LikesTimeline.make(sequence, title: title, photoSeconds: photoSeconds)
        var writes: [TimelineWrite] = []
        for target in targets {
            let timeline = target.form == .mlt ? made.mlt : made.otio
            let outcome: ExportOutcome
            if isCancelled() || writes.last.map({ if case .cancelled = $0.outcome { true } else { false } }) == true {
                outcome = .cancelled
            } else if timeline.clips.isEmpty {
                outcome = .nothingToWrite
            } else {
                writing(target.shown)
                do {
                    try Export.writeTimeline(target.form == .mlt ? timeline.mltXML : timeline.otioJSON, to: target.writing, replace: replace)
                    outcome = .written
                } catch {
                    outcome = .failed(error)
                }
            }
            writes.append(TimelineWrite(form: target.form, destination: target.shown, timeline: timeline, outcome: outcome))
        }
        return Timelines(leftOut: made.leftOut, writes: writes)
    }
}
