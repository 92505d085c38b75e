import FlickCore
import Foundation
import Synchronization

/// Ctrl+C (SIGINT) or SIGTERM ends a command within a second, whatever the
/// file system does (a network share whose server stopped answering).
///
/// The command's work runs on a worker thread (`run`); the main thread
/// only waits for it or for a signal, and never touches a file system. The
/// handler sets a flag and wakes the main thread (a byte down a pipe:
/// `write` is async-signal-safe). The worker looks at the flag between
/// files and stops by itself, saying what it did. A worker that has not
/// stopped after `workerGrace` is stuck in a system call: it is abandoned.
/// The output gate closes (nothing more is renamed into place), the main
/// thread says what was finished (the command's `stopped` lines), and the
/// process exits 130 (SIGINT) or 143 (SIGTERM). The worker's unfinished
/// store transaction dies with it (SQLite rolls it back).
///
/// Linux keeps a process whose thread waits on a FUSE request until the
/// request is answered, even after `_exit`, so the shell would still
/// wait: `Supervisor` runs the command in a child it can leave behind.
enum Interrupt {
    /// Seconds the worker has to stop by itself after a signal.
    static let workerGrace = 0.5
    /// Seconds a rename already under way gets to finish (see `OutputGate`).
    static let renameGrace = 0.1
    /// Seconds given to removing the partial files in progress (an unlink
    /// on a stalled share never returns).
    static let discardGrace = 0.1

    /// The signal received (SIGINT, SIGTERM), 0 before one.
    private static let received = Atomic<Int32>(0)
    /// The wake pipe's write end, for the handler and the worker; -1 until installed.
    private static let wakeFD = Atomic<Int32>(-1)
    private static let quiet = Atomic<Bool>(false)

    /// Whether the command was asked to stop.
    static var requested: Bool { received.load(ordering: .relaxed) != 0 }

    /// Whether the worker's output is dropped (it was abandoned).
    static var silenced: Bool { quiet.load(ordering: .relaxed) }

    /// The exit status of a command ended by `signal`: 128 + its number.
    static func status(for signal: Int32) -> Int32 { 128 + signal }

    /// Runs `work` on a worker thread and returns (or throws) what it did.
    /// After a signal, the command exits 130 or 143: when the worker
    /// stopped by itself, once its report is out; otherwise, after
    /// `workerGrace`, with `stopped()` (what was finished) on stderr.
    static func run(stopped: @escaping @Sendable () -> [String], _ work: @escaping () throws -> Void) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            Log.warning("can’t watch for Ctrl+C: \(String(cString: strerror(errno)))", category: "cli")
            return try work()
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        wakeFD.store(fds[1], ordering: .relaxed)
        installHandler()
        let worker = Worker(work)
        let wake = fds[1]
        let thread = Thread { worker.run(wake: wake) }
        thread.stackSize = workerStackBytes
        thread.start()
        var deadline: Double?
        while !worker.isDone {
            if requested && deadline == nil {
                deadline = MonotonicSeconds.now + workerGrace
                // The worker's own wait on a pipe or FIFO ends too (EINTR).
                worker.interrupt(with: received.load(ordering: .relaxed))
            }
            let wait = deadline.map { Int32(max(0, ($0 - MonotonicSeconds.now) * 1000).rounded(.up)) } ?? -1
            var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, wait) > 0 {
                var bytes = [UInt8](repeating: 0, count: 16)
                _ = read(fds[0], &bytes, bytes.count)
            }
            if !worker.isDone, let deadline, MonotonicSeconds.now >= deadline { abandon(stopped()) }
        }
        let signal = received.load(ordering: .relaxed)
        guard signal == 0 else {
            _ = try? worker.result()  // its report is out (unbuffered writes)
            Supervisor.reportExit(status(for: signal))
            Foundation.exit(status(for: signal))
        }
        try worker.result()
    }

    /// Bytes of stack for the worker (the main thread's default, 8 MiB:
    /// a command's work ran there before).
    private static let workerStackBytes = 8 << 20

    private static func installHandler() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            _ = Interrupt.received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
            var byte: UInt8 = 1
            _ = write(Interrupt.wakeFD.load(ordering: .relaxed), &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a blocking wait returns EINTR
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }

    /// Leaves the stuck worker: nothing more is put in place or printed by
    /// it; `lines` go to stderr; the partial files are removed as far as
    /// the file system lets; the process ends.
    private static func abandon(_ lines: [String]) -> Never {
        quiet.store(true, ordering: .relaxed)
        signal(SIGPIPE, SIG_IGN)  // a reader gone from stderr must not end this before the supervisor knows
        var said = lines
        if !OutputGate.close(waitingAtMost: renameGrace) {
            said.append("A file being put in place when the command stopped may still appear once its file system answers.")
        }
        let text = (isatty(STDERR_FILENO) == 1 ? "\n" : "") + said.map { $0 + "\n" }.joined()
        text.utf8CString.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        discardPartials()
        let code = status(for: received.load(ordering: .relaxed))
        Supervisor.reportExit(code)
        // The stuck thread keeps this process alive until its request is
        // answered: let go of the terminal, the pipes and the store's locks now.
        for fd in 0..<Int32(sysconf(Int32(_SC_OPEN_MAX)).clamped(to: 3...65536)) { close(fd) }
        _exit(code)
    }

    /// Removes this process's partial files, waiting at most `discardGrace`.
    private static func discardPartials() {
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            PartialFile.discardAllInProgress()
            finished.signal()
        }
        _ = finished.wait(timeout: .now() + discardGrace)
    }
}

/// A command's work on its thread, and how it ended.
private final class Worker: @unchecked Sendable {
    private let work: () throws -> Void
    private let lock = NSLock()
    private var outcome: Result<Void, Error>?

    init(_ work: @escaping () throws -> Void) {
        self.work = work
    }

    var isDone: Bool { lock.withLock { outcome != nil } }

    /// The worker's thread, once it runs.
    private var thread: pthread_t?

    /// Sends `signal` to the worker's thread: an interruptible wait there
    /// returns EINTR (a FUSE request that was sent does not).
    func interrupt(with signal: Int32) {
        lock.withLock {
            if outcome == nil, let thread { pthread_kill(thread, signal) }
        }
    }

    func run(wake: Int32) {
        lock.withLock { thread = pthread_self() }
        let ended = Result { try work() }
        lock.withLock { outcome = ended }
        var byte: UInt8 = 2
        _ = write(wake, &byte, 1)
    }

    func result() throws {
        try lock.withLock { outcome ?? .success(()) }.get()
    }
}

/// Seconds on the monotonic clock.
enum MonotonicSeconds {
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

private extension Int {
    func clamped(to range: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
