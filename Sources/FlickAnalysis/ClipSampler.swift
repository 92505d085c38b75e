import CFFmpeg
import FlickCore
import FlickMedia
import Foundation

/// A clip's frames at a steady rate, small and grey, for its fingerprint,
/// and a few larger ones for its blur, all from one decode from the start
/// (`ClipDecoder`, FFmpeg): at each time 1/`rate` s apart, the frame
/// shown then (the one nearest in time) is averaged straight from its
/// luma plane to `side` × `side` (and one in `largeEvery` to fit `box` ×
/// `box`) and turned upright; no frame is converted or copied whole.
/// Frames near no sampled time are skipped unread when nothing refers to
/// them (B-frames).
///
/// Threading: blocks the caller until the clip (or its first `maxSeconds`)
/// is read, Stop comes, or a read stalls (`ClipSource`); run it off the
/// main thread. Each call opens its own decoder.
enum ClipSampler {
    /// How far from a sampled time a frame is decoded in full, in frames:
    /// one (the frames either side of the time), and a hair for time
    /// stamps rounded by the container.
    static let wantedReach = 1.01

    /// What one clip's decode gives: `frames`, one `side` × `side` picture
    /// every 1/`rate` s from the start; `large`, every `largeEvery`-th of
    /// them (fitting `box`, never larger than the clip); the clip's whole
    /// duration in seconds as its file says (nil when it does not).
    struct Samples {
        var frames: [GreyImage]
        var large: [GreyImage]
        var duration: Double?
        /// The pictures' stored size, in pixels.
        var width: Int?
        var height: Int?
    }

    static func samples(path: String, rate: Int, side: Int, box: Int, largeEvery: Int, maxSeconds: Double,
                        cancelled: @escaping () -> Bool) throws(MediaError) -> Samples {
        let name = RawPath.display((path as NSString).lastPathComponent)
        // A regular file only (a FIFO would block the decoder for ever), read where a stalled share cannot hold the caller.
        let source = try ClipSource(path: path, name: name, cancelled: cancelled)
        return try samples(source: source, rate: rate, side: side, box: box, largeEvery: largeEvery, maxSeconds: maxSeconds, cancelled: cancelled)
    }

    /// The samples of the clip `source` reads (`samples(path:…)` opens its file).
    static func samples(source: ClipSource, rate: Int, side: Int, box: Int, largeEvery: Int, maxSeconds: Double,
                        cancelled: () -> Bool) throws(MediaError) -> Samples {
        let name = source.name
        let decoder = try ClipDecoder(source: source)
        let fit = GreyImage.fitting(width: decoder.width, height: decoder.height, box: box)
        var picture = LumaPicture()
        var samples = Samples(frames: [], large: [], duration: decoder.duration, width: decoder.width, height: decoder.height)
        let step = 1 / Double(rate)
        // A packet's frame is wanted when a sampled time is within one frame of it: both frames around each time are decoded.
        let reach = decoder.frameSeconds * wantedReach
        let wanted: (Double) -> Bool = { seconds in
            let nearest = (seconds / step).rounded() * step
            return abs(seconds - nearest) <= reach && seconds <= maxSeconds + reach
        }
        // The frame before the one just decoded, kept (a reference, not a copy) until the next sampled time is passed.
        var previous = FrameHold()
        var previousSeconds = -Double.infinity
        func sample(_ frame: UnsafeMutablePointer<AVFrame>) {
            let index = samples.frames.count
            samples.frames.append(picture.average(frame, toWidth: side, toHeight: side).turned(decoder.orientation))
            if index % largeEvery == 0 {
                samples.large.append(picture.average(frame, toWidth: max(side, fit.width), toHeight: max(side, fit.height))
                    .turned(decoder.orientation))
            }
        }
        var nextTime: Double { Double(samples.frames.count) * step }
        while !cancelled(), nextTime <= maxSeconds, let (frame, seconds) = try decoder.next(wanted: wanted) {
            // Each sampled time up to this frame takes the nearer of it and the frame before.
            while nextTime <= seconds, nextTime <= maxSeconds {
                if previousSeconds.isFinite, let held = previous.frame, nextTime - previousSeconds < seconds - nextTime {
                    sample(held)
                } else {
                    sample(frame)
                }
            }
            previous.keep(frame)
            previousSeconds = seconds
        }
        // After the last frame: it is shown for one frame's time.
        if !cancelled(), previousSeconds.isFinite, let held = previous.frame {
            while nextTime <= min(maxSeconds, previousSeconds + decoder.frameSeconds / 2) { sample(held) }
        }
        if samples.frames.isEmpty && !cancelled() { throw .notAVideo(file: name, reason: .noPictureCameOut) }
        return samples
    }
}

/// One decoded frame kept by reference (the decoder's buffer, not a copy).
private struct FrameHold: ~Copyable {
    private(set) var frame: UnsafeMutablePointer<AVFrame>?

    init() { frame = av_frame_alloc() }

    deinit {
        var frame = frame
        av_frame_free(&frame)
    }

    /// Keeps `source`'s picture in place of the one held (`source` is left empty).
    mutating func keep(_ source: UnsafeMutablePointer<AVFrame>) {
        guard let frame else { return }
        av_frame_unref(frame)
        av_frame_move_ref(frame, source)
    }
}
