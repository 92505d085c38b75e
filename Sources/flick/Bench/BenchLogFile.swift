import CGtk
import Foundation
import GtkKit

/// One of the benchmark hook's logs: lines kept in memory and written in
/// batches, so a measured frame costs no write of its own.
@MainActor
final class BenchLogFile {
    private let file: FileHandle
    private var lines: [String] = []

    /// Creates (empties) the file at `path`; nil when it cannot.
    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let file = FileHandle(forWritingAtPath: path) else { return nil }
        self.file = file
    }

    /// Keeps `line`; writes what is kept once 30 lines wait, or at once.
    func write(_ line: String, now: Bool = false) {
        lines.append(line)
        if now || lines.count >= 30 { flush() }
    }

    func flush() {
        guard !lines.isEmpty else { return }
        file.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        lines.removeAll()
    }

    /// Calls `body` with `widget`'s frame clock once the widget is realized.
    static func onFrameClock(of widget: Widget, _ body: @escaping @MainActor (OpaquePointer) -> Void) {
        connect(widget, .realize) {
            guard let clock = gtk_widget_get_frame_clock(widget) else { return }
            body(clock)
        }
    }
}
