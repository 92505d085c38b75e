import Foundation

/// Test hook: with FLICK_TEST_BETWEEN_FILES naming a FIFO, `apply`,
/// `export --copy-to` and `status` (each file it analyses for stacks)
/// read it to its end after each file but the last, so
/// a test can act (interrupt, swap a file) between two files without
/// timing luck. Unset, it does nothing.
enum BetweenFiles {
    static let variable = "FLICK_TEST_BETWEEN_FILES"

    /// Milliseconds between two looks at Ctrl+C while holding (a signal
    /// may come just before the wait starts, where EINTR cannot end it).
    static let pollMilliseconds: Int32 = 50

    /// Waits until the FIFO's writer closes it, or the command is stopped.
    static func hold() {
        guard let path = ProcessInfo.processInfo.environment[variable] else { return }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var byte: UInt8 = 0
        while !Interrupt.requested {
            var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watched, 1, pollMilliseconds)
            if ready > 0 && read(fd, &byte, 1) <= 0 { return }
            if ready < 0 && errno != EINTR { return }
        }
    }
}
