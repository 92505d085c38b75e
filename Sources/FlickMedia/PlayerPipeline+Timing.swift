import CGst
import Foundation
import GObjectKit

/// Where the clip is, pushed to the app through the outbox: every
/// `timingInterval` while the pipeline plays (a ticker on `queue`, started
/// and ended by the bus's state changes), after each seek lands and at
/// every state change. Nothing in the app asks for it.
extension PlayerPipeline {
    /// Asks the pipeline for its position, duration and rate at once and
    /// posts them (they come anyway while playing and after every seek or
    /// state change).
    func refreshTiming() {
        queue.async { [self] in publishTiming() }
    }

    /// Queries the position, duration and rate, keeps them and posts them
    /// to the outbox; `landed` (an ASYNC_DONE) marks a seek asked for as
    /// landed. On `queue`.
    func publishTiming(landed: Bool = false) {
        guard let playbin, !locked({ $0.closed }) else { return }
        let position = Self.query(playbin, position: true), duration = Self.query(playbin, position: false)
        let rate = Self.segmentRate(playbin)
        let timing = locked { state -> PlaybackTiming in
            state.position = position ?? state.position
            state.duration = duration ?? state.duration
            state.reportedRate = rate ?? state.reportedRate
            var timing = state.timing
            if landed, state.seekPending {
                state.seekPending = false
                timing.seekLanded = true
            }
            return timing
        }
        outbox.post(timing)
    }

    /// Posts the position every `timingInterval` while the pipeline plays,
    /// from a state change to PLAYING until the next state change. On `queue`.
    func startTicker() {
        let run = locked { state -> Int in
            state.ticker += 1
            return state.ticker
        }
        tick(run)
    }

    /// Ends the ticker's run (leaving PLAYING) and posts where it stopped.
    func stopTicker() {
        locked { $0.ticker += 1 }
        publishTiming()
    }

    private func tick(_ run: Int) {
        guard playbin != nil, locked({ !$0.closed && $0.ticker == run }) else { return }
        publishTiming()
        queue.asyncAfter(deadline: .now() + Self.timingInterval) { [weak self] in self?.tick(run) }
    }

    /// The pipeline's position (or duration) in seconds, if it knows. On `queue`.
    static func query(_ playbin: UnsafeMutablePointer<GstElement>, position: Bool) -> Double? {
        var value: gint64 = -1
        let known = position ? gst_element_query_position(playbin, GST_FORMAT_TIME, &value)
                             : gst_element_query_duration(playbin, GST_FORMAT_TIME, &value)
        return known != 0 && value >= 0 ? Double(value) / 1e9 : nil
    }

    /// The rate of the segment the sinks play. On `queue`.
    static func segmentRate(_ playbin: UnsafeMutablePointer<GstElement>) -> Double? {
        guard let query = QueryRef(taking: gst_query_new_segment(GST_FORMAT_TIME)) else { return nil }
        guard gst_element_query(playbin, query.pointer) != 0 else { return nil }
        var rate = 0.0
        gst_query_parse_segment(query.pointer, &rate, nil, nil, nil)
        return rate
    }
}

extension PlayerPipeline.State {
    /// What the player last knew of where it is, as posted to the app.
    var timing: PlaybackTiming {
        PlaybackTiming(position: position, duration: duration, rate: reportedRate, playing: state == GST_STATE_PLAYING,
                       stoppedShort: stoppedShort)
    }
}
