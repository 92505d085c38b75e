import CGtk
import Foundation
import GtkKit

/// Part of the benchmark hook (`BenchHook`): every frame of the window's
/// frame clock is written to `frames.log` as one line,
///
///     frame <frame clock µs> <update+layout ms> <paint ms> <dragging 0|1>
///
/// (update+layout: from "before-paint" to the end of GTK's layout, so the
/// stack's tick callback and size allocation; paint: GTK's snapshot and
/// render, to the end of the "paint" phase), and the moments
/// `flick-bench frames` times:
///
///     release <monotonic µs>      a drag let go past the threshold
///     next-frame <monotonic µs>   the new top clip's first new frame painted
@MainActor
final class FrameLog {
    private let log: BenchLogFile
    private var frameStart: gint64 = 0
    private var layoutEnd: gint64 = 0
    private var paintEnd: gint64 = 0
    /// Whether a drag is under way (the hook asks the stack).
    var isDragging: () -> Bool = { false }
    /// Set when the top clip's first new frame since a release arrived; the
    /// next paint puts it on screen.
    var newTopFrame = false
    private var awaitingNextFrame = false
    private var loggedSteps: Set<String> = []

    init?(widget: Widget, path: String) {
        guard let log = BenchLogFile(path: path) else { return nil }
        self.log = log
        BenchLogFile.onFrameClock(of: widget) { [unowned self] clock in
            // GTK's own handlers for each phase were connected first, so these
            // run when its layout and its paint are done.
            connect(clock, .void("before-paint")) { [unowned self] in frameStart = g_get_monotonic_time() }
            connect(clock, .void("layout")) { [unowned self] in layoutEnd = g_get_monotonic_time() }
            connect(clock, .void("paint")) { [unowned self] in paintEnd = g_get_monotonic_time() }
            connect(clock, .void("after-paint")) { [unowned self] in
                let now = g_get_monotonic_time()
                let layout = frameStart > 0 && layoutEnd >= frameStart ? Double(layoutEnd - frameStart) / 1000 : 0
                let paint = layoutEnd > 0 && paintEnd >= layoutEnd ? Double(paintEnd - layoutEnd) / 1000 : 0
                let frameTime = gdk_frame_clock_get_frame_time(clock)
                write(String(format: "frame %ld %.3f %.3f %d", frameTime, layout, paint, isDragging() ? 1 : 0))
                if awaitingNextFrame && newTopFrame {
                    awaitingNextFrame = false
                    newTopFrame = false
                    write("next-frame \(now)")
                }
                frameStart = 0
                layoutEnd = 0
                paintEnd = 0
            }
        }
    }

    /// A drag was released past the threshold: time the next clip.
    func released() {
        write("release \(g_get_monotonic_time())")
        awaitingNextFrame = true
        newTopFrame = false
        loggedSteps = []
    }

    /// A step between a release and the next clip's first frame on screen
    /// (`promote`: the next clip is asked to play; `arrived`: its first new
    /// frame reached the window), logged once per release.
    func step(_ name: String) {
        guard awaitingNextFrame, !loggedSteps.contains(name) else { return }
        loggedSteps.insert(name)
        write("\(name) \(g_get_monotonic_time())")
    }

    private func write(_ line: String) {
        // Batched only while dragging (the measured part); otherwise at once,
        // so a reader counting idle frames sees every one.
        log.write(line, now: !isDragging() || !line.hasPrefix("frame"))
    }

    func flush() {
        log.flush()
    }
}
