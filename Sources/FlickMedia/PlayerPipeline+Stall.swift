import CGst
import Foundation

/// A clip whose playback ends before its stated length (a file cut short,
/// or damaged past some point, whose container still states the whole
/// length: a WebM or MPEG-TS cut off, a fragmented MP4) stops there and
/// says so through its timing (`stoppedShort`), instead of looping the
/// seconds it has as if they were the clip.
extension PlayerPipeline {
    /// How far before the stated end an end of stream (or an error while
    /// playing) counts as stopping short: more than a frame or two of
    /// rounding between a container's duration and its last frame.
    static let shortEndMargin = 0.5

    /// Handles the end of the stream, or an error after playing began
    /// (`failure`): a stop well before the stated duration is reported as
    /// such and the player stays on its last frame; otherwise the clip
    /// loops (if it does) or fails as before. On the bus's thread.
    func ended(failure: MediaError? = nil) {
        queue.async { [self] in
            guard let playbin, !locked({ $0.closed }) else { return }
            let position = Self.query(playbin, position: true) ?? locked { $0.position }
            let duration = Self.query(playbin, position: false) ?? locked { $0.duration }
            let playedSome = locked { $0.framesDelivered > 0 || $0.soundOnly }
            if playedSome, let position, let duration, position + Self.shortEndMargin < duration {
                let timing = locked { state -> PlaybackTiming in
                    state.position = position
                    state.duration = duration
                    state.stoppedShort = true
                    return state.timing
                }
                outbox.post(timing)
            } else if let failure {
                fail(failure)
            } else if loops {
                loopToStart()
            }
        }
    }
}
