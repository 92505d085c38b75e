import Foundation

/// A damped spring toward zero, in closed form, so any moment can be sampled.
///
/// `x(t) = e^(−ζωt) · (x₀ cos ω_d t + (v₀ + ζω x₀)/ω_d · sin ω_d t)` for the
/// underdamped case (ζ < 1) Flick uses; critically and over-damped springs
/// are handled too.
public struct Spring: Equatable, Sendable {
    public let dampingRatio: Double
    /// Undamped angular frequency, rad/s.
    public let omega: Double
    public let initialValue: Double
    public let initialVelocity: Double

    /// Distance (px) below which the spring counts as at rest.
    public static let restDistance = 0.5

    public init(dampingRatio: Double, response: Double, from value: Double, velocity: Double) {
        self.dampingRatio = dampingRatio
        omega = 2 * .pi / max(response, 1e-3)
        initialValue = value
        initialVelocity = velocity
    }

    public func value(at t: Double) -> Double {
        let (x0, v0, z, w) = (initialValue, initialVelocity, dampingRatio, omega)
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return exp(-z * w * t) * (x0 * cos(wd * t) + (v0 + z * w * x0) / wd * sin(wd * t))
        } else if z == 1 {
            return exp(-w * t) * (x0 + (v0 + w * x0) * t)
        } else {
            let s = (z * z - 1).squareRoot()
            let r1 = -w * (z - s), r2 = -w * (z + s)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    public func velocity(at t: Double) -> Double {
        let (x0, v0, z, w) = (initialValue, initialVelocity, dampingRatio, omega)
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (v0 + z * w * x0) / wd
            return exp(-z * w * t) * ((b * wd - z * w * x0) * cos(wd * t) - (z * w * b + x0 * wd) * sin(wd * t))
        }
        let h = 1e-4
        return (value(at: t + h) - value(at: max(t - h, 0))) / (t > h ? 2 * h : h + t)
    }

    /// The amplitude envelope: |x(t)| never exceeds it (underdamped case).
    public var amplitudeBound: Double {
        let z = min(dampingRatio, 0.999_999)
        let wd = omega * (1 - z * z).squareRoot()
        let b = (initialVelocity + z * omega * initialValue) / wd
        return (initialValue * initialValue + b * b).squareRoot()
    }

    /// The time after which the spring stays at rest: the envelope
    /// `amplitudeBound · e^(−ζωt)` has fallen below `restDistance`.
    public var settleTime: Double {
        let amplitude = max(amplitudeBound, abs(initialValue))
        guard amplitude > Self.restDistance else { return 0 }
        return log(amplitude / Self.restDistance) / (min(dampingRatio, 1) * omega)
    }
}
