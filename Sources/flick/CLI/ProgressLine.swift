import Foundation

/// A progress line on stderr for long commands: redrawn in place on a
/// terminal, one line per 10 % otherwise (logs stay short).
final class ProgressLine {
    private let label: String
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var lastTenth = -1
    private var drawn = false

    init(label: String) {
        self.label = label
    }

    func update(_ fraction: Double, _ detail: String) {
        guard !Interrupt.silenced else { return }
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        if isTerminal {
            FileHandle.standardError.write(Data("\r\(label): \(percent)% (\(detail))\u{1B}[K".utf8))
            drawn = true
        } else if percent / 10 != lastTenth {
            lastTenth = percent / 10
            FileHandle.standardError.write(Data("\(label): \(percent)% (\(detail))\n".utf8))
        }
    }

    func finish() {
        if drawn && !Interrupt.silenced { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
