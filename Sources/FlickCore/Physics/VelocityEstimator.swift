/// The pointer's velocity at release, from timestamped drag samples, robust
/// to what real input devices do:
///
/// - events arrive irregularly (9–35 ms apart on a touchscreen, one per
///   frame from GTK): a least-squares line through every sample of the last
///   `window` seconds *by timestamp* (not the last N events) weighs them by
///   when they happened;
/// - a touch driver sometimes batches events into one jump: the fit spreads
///   it over the window instead of reading one huge step;
/// - the lift repeats the last position some milliseconds later, and two
///   events may share a timestamp: a repeated position is no motion (it only
///   moves the clock) until the pointer moves again, when the last repeat
///   becomes a sample (the pointer was still there then: a press held
///   before a flick weighs as what it was); a repeated time keeps the newer
///   position;
/// - a pointer that has not moved for `stillTime` has stopped: velocity 0.
///
///     var v = VelocityEstimator(time: 0, window: 0.1, stillTime: 0.1)
///     v.add(Vector(40, 0), at: 0.016)
///     v.add(Vector(90, 0), at: 0.032)
///     v.velocity(at: 0.050)   // ≈ (2_800, 0) px/s
public struct VelocityEstimator: Sendable {
    private struct Sample: Sendable {
        var offset: Vector
        let time: Double
    }

    /// Seconds of samples the line is fitted through, back from the last motion.
    public let window: Double
    /// Seconds without motion after which the pointer counts as stopped.
    public let stillTime: Double
    /// Time (s) of the newest event, moving or not.
    public private(set) var latestTime: Double
    /// Time (s) of the newest event that moved.
    public private(set) var lastMotionTime: Double
    /// Samples with distinct, increasing times: the window's and one before.
    private var samples: [Sample]
    /// When the pointer was last seen, unmoved, at the last sample's place.
    private var seenStillAt: Double?

    /// Starts at `offset` (the press) at `time` seconds.
    public init(offset: Vector = .zero, time: Double, window: Double, stillTime: Double) {
        self.window = window
        self.stillTime = stillTime
        latestTime = time
        lastMotionTime = time
        samples = [Sample(offset: offset, time: time)]
    }

    /// Records the pointer at `offset` at `time` seconds (an earlier time than
    /// the last counts as the last: clocks never run back).
    public mutating func add(_ offset: Vector, at time: Double) {
        let time = max(time, latestTime)
        latestTime = time
        guard let last = samples.last else { return }
        guard offset != last.offset else {
            if time > last.time { seenStillAt = time }
            return
        }
        if let still = seenStillAt, still < time {
            samples.append(Sample(offset: last.offset, time: still))
        }
        seenStillAt = nil
        lastMotionTime = time
        if time <= (samples.last?.time ?? time) {
            samples[samples.count - 1].offset = offset
        } else {
            samples.append(Sample(offset: offset, time: time))
        }
        // Keep the window's samples and one older anchor.
        let cutoff = time - window
        if let firstInside = samples.firstIndex(where: { $0.time >= cutoff }), firstInside > 1 {
            samples.removeFirst(firstInside - 1)
        }
    }

    /// Velocity (px/s) if the pointer were released at `time`: the slope of
    /// the least-squares line through the samples of the `window` before the
    /// last motion (with the sample before it when the window holds only
    /// one), or zero once the pointer has been still for over `stillTime`.
    public func velocity(at time: Double) -> Vector {
        guard time - lastMotionTime <= stillTime, samples.count >= 2 else { return .zero }
        let cutoff = lastMotionTime - window
        let firstInside = samples.firstIndex(where: { $0.time >= cutoff }) ?? samples.count - 1
        let fitted = samples[min(firstInside, samples.count - 2)...]
        let n = Double(fitted.count)
        let meanTime = fitted.reduce(0) { $0 + $1.time } / n
        let meanOffset = fitted.reduce(Vector.zero) { $0 + $1.offset } / n
        var spread = 0.0
        var covariance = Vector.zero
        for sample in fitted {
            let dt = sample.time - meanTime
            spread += dt * dt
            covariance = covariance + (sample.offset - meanOffset) * dt
        }
        return spread > 0 ? covariance / spread : .zero
    }
}
