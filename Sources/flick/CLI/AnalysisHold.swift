import Foundation

/// Test hook: with FLICK_TEST_BETWEEN_FILES naming a FIFO, `status` holds
/// after each file it analyses for stacks but the last, until a writer
/// has opened and closed the FIFO or a stop (Ctrl+C, SIGTERM) arrives —
/// so a test can interrupt between two files without timing luck. Every
/// worker holding at once is let go by one writer or one stop. Unset, it
/// does nothing.
enum AnalysisHold {
    /// How often a held worker looks at the FIFO and the stop flag, in milliseconds.
    static let pollMilliseconds: Int32 = 50

    static let fifo = ProcessInfo.processInfo.environment["FLICK_TEST_BETWEEN_FILES"]

    static func hold() {
        guard let fifo, !fifo.isEmpty else { return }
        // Non-blocking: the open needs no writer; POLLHUP comes once a
        // writer has come and gone (Linux reports none before the first).
        let fd = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        while !Interrupt.requested {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, pollMilliseconds) >= 0 || errno == EINTR else { return }
            if entry.revents & Int16(POLLIN) != 0 { _ = read(fd, &buffer, buffer.count) }
            if entry.revents & Int16(POLLHUP) != 0 && entry.revents & Int16(POLLIN) == 0 { return }
        }
    }
}
