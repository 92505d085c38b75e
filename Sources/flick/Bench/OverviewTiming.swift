import CGtk
import Foundation
import GtkKit

/// Part of the benchmark hook (`BenchHook`): `flick-bench overview` reads in
/// `overview.log` how long the overview took to open and what each frame
/// cost while it showed:
///
///     open <ms from G to the first frame painted with tiles>
///     frame <ms since the previous frame> <ms of update+layout+paint>
///           <ms of layout> <ms of paint> <main-thread CPU ms of the frame>
///           <tiles bound since the previous frame> <at monotonic µs>
///
/// The phases are timed from the frame clock's own signals, which run after
/// the window's handlers for the same phase. CPU time is the main thread's
/// own (what the frame cost without the other processes on the machine).
@MainActor
final class OverviewTiming {
    private let log: BenchLogFile
    private var openedAt: gint64?
    private var frameStart: gint64 = 0
    private var frameCPU: Double = 0
    private var lastFrame: gint64 = 0
    private var updated: gint64 = 0
    private var laidOut: gint64 = 0
    /// Tiles bound since the previous frame (the page counts them).
    var binds = 0
    /// Whether tiles are on screen (the page says).
    var hasTiles: () -> Bool = { false }
    var shown: () -> Bool = { false }

    init?(widget: Widget, path: String) {
        guard let log = BenchLogFile(path: path) else { return nil }
        self.log = log
        BenchLogFile.onFrameClock(of: widget) { [unowned self] clock in
            connect(clock, .void("before-paint")) { [unowned self] in
                frameStart = g_get_monotonic_time()
                frameCPU = Self.threadCPU()
            }
            connect(clock, .void("update")) { [unowned self] in updated = g_get_monotonic_time() }
            connect(clock, .void("layout")) { [unowned self] in laidOut = g_get_monotonic_time() }
            connect(clock, .void("after-paint")) { [unowned self] in afterPaint() }
        }
    }

    /// G was pressed: time from now to the first painted frame with tiles.
    func opening() {
        openedAt = g_get_monotonic_time()
        lastFrame = 0
    }

    private func afterPaint() {
        let now = g_get_monotonic_time()
        guard shown() else { return }
        if let openedAt, hasTiles() {
            write(String(format: "open %.3f", Double(now - openedAt) / 1000))
            self.openedAt = nil
            flush()
        } else if openedAt == nil, lastFrame > 0 {
            let layoutStart = max(updated, frameStart), paintStart = max(laidOut, layoutStart)
            write(String(format: "frame %.3f %.3f %.3f %.3f %.3f %d %lld", Double(now - lastFrame) / 1000, Double(now - frameStart) / 1000,
                         Double(paintStart - layoutStart) / 1000, Double(now - paintStart) / 1000,
                         Self.threadCPU() - frameCPU, binds, now))
        }
        lastFrame = now
        binds = 0
    }

    /// The calling thread's CPU time, in ms.
    private static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    private func write(_ line: String) {
        log.write(line)
    }

    func flush() {
        log.flush()
    }
}
