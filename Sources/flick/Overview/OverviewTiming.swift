import CGtk
import Foundation
import GtkKit

/// A benchmark hook: with `FLICK_OVERVIEW_LOG` set, `flick-bench overview`
/// reads there how long the overview took to open and what each frame cost
/// while it showed:
///
///     open <ms from G to the first frame painted with tiles>
///     frame <ms since the previous frame> <ms of update+layout+paint>
@MainActor
final class OverviewTiming {
    static let path = ProcessInfo.processInfo.environment["FLICK_OVERVIEW_LOG"]

    private let file: FileHandle
    private var openedAt: gint64?
    private var frameStart: gint64 = 0
    private var lastFrame: gint64 = 0
    private var lines: [String] = []
    /// Whether tiles are on screen (the page says).
    var hasTiles: () -> Bool = { false }
    var shown: () -> Bool = { false }

    init?(widget: Widget) {
        guard let path = Self.path, FileManager.default.createFile(atPath: path, contents: nil),
              let file = FileHandle(forWritingAtPath: path) else { return nil }
        self.file = file
        connect(widget, .realize) { [unowned self] in
            guard let clock = gtk_widget_get_frame_clock(widget) else { return }
            connect(clock, .void("before-paint")) { [unowned self] in frameStart = g_get_monotonic_time() }
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
        } else if openedAt == nil {
            if lastFrame > 0 { write(String(format: "frame %.3f %.3f", Double(now - lastFrame) / 1000, Double(now - frameStart) / 1000)) }
        }
        lastFrame = now
    }

    private func write(_ line: String) {
        lines.append(line)
        if lines.count >= 30 { flush() }
    }

    func flush() {
        guard !lines.isEmpty else { return }
        file.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        lines.removeAll()
    }
}
