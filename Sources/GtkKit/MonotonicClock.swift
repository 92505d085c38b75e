import CGtk

/// Seconds on GLib's monotonic clock: the one time source of the window's
/// animations and of the review model's steps (passed into the model, so
/// the model itself reads no clock).
public enum MonotonicClock {
    public static var now: Double { Double(g_get_monotonic_time()) / 1e6 }
}
