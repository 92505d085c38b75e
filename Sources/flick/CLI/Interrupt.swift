import FlickCore
import Foundation
import Synchronization

/// Ctrl+C (SIGINT) or SIGTERM ends a long command (apply, export) within
/// a second, leaving nothing partial.
///
/// The handler only sets a flag and wakes a watchdog thread (a byte down a
/// pipe: `write` is async-signal-safe). The command sees the flag between
/// files (and every chunk or tenth of a second), stops, removes its
/// partial file and reports what it did. The handler does not restart
/// interrupted system calls, so a wait on a pipe or FIFO returns at once.
/// Should the work still be stuck where it cannot look at the flag, the
/// watchdog removes this process's partial files after `gracePeriod` and
/// exits with status 3 (the work failed).
enum Interrupt {
    /// Seconds a cancelled command has to stop by itself.
    static let gracePeriod = 0.8

    private static let flag = Atomic<Bool>(false)
    /// The pipe's write end, for the handler; -1 until installed.
    private static let wakeFD = Atomic<Int32>(-1)

    static var requested: Bool { flag.load(ordering: .relaxed) }

    static func install() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            Log.warning("can’t watch for Ctrl+C: \(String(cString: strerror(errno)))", category: "cli")
            return
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        wakeFD.store(fds[1], ordering: .relaxed)
        let watched = fds[0]
        Thread.detachNewThread { watch(watched) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            Interrupt.flag.store(true, ordering: .relaxed)
            var byte: UInt8 = 1
            _ = write(Interrupt.wakeFD.load(ordering: .relaxed), &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a blocking wait returns EINTR
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }

    /// The watchdog: waits for a signal, then gives the command
    /// `gracePeriod` to finish on its own before ending it.
    private static func watch(_ fd: Int32) {
        var byte: UInt8 = 0
        while read(fd, &byte, 1) != 1 {
            if errno != EINTR { return }
        }
        // The command exits meanwhile when it can; this thread dies with it.
        var wait = timespec(tv_sec: Int(gracePeriod), tv_nsec: Int(gracePeriod.truncatingRemainder(dividingBy: 1) * 1e9))
        var left = timespec()
        while nanosleep(&wait, &left) != 0 && errno == EINTR { wait = left }
        PartialFile.discardAllInProgress()
        FileHandle.standardError.write(Data("\nCancelled; the file in progress was left out and nothing partial remains.\n".utf8))
        _exit(3)
    }
}
