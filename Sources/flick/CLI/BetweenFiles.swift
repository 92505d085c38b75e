import Foundation

/// Test hook: with FLICK_TEST_BETWEEN_FILES naming a FIFO, `apply` and
/// `export --copy-to` read it to its end after each file but the last, so
/// a test can act (interrupt, swap a file) between two files without
/// timing luck. Unset, it does nothing.
enum BetweenFiles {
    static let variable = "FLICK_TEST_BETWEEN_FILES"

    /// Waits until the FIFO's writer closes it, or a signal interrupts the wait.
    static func hold() {
        guard let path = ProcessInfo.processInfo.environment[variable] else { return }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var byte: UInt8 = 0
        while read(fd, &byte, 1) > 0 {}
    }
}
