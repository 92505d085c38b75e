import FlickCore
import Foundation

/// Runs a headless command (`status`, `apply`, `export`) in a child
/// process that it can leave behind.
///
/// Linux does not end a process while one of its threads waits on a FUSE
/// request that the file system took but never answered (an sshfs share
/// whose server stopped): `_exit` and even SIGKILL leave it waiting, and
/// the shell waits with it. So `flick` starts itself again as the worker
/// process and only waits: for the child to end, or for the child to say
/// on a pipe with which status it is ending (`reportExit`), which it does
/// just before it abandons a stuck thread (see `Interrupt`). SIGINT and
/// SIGTERM are passed on to the child; a child that has said nothing
/// `childGrace` after a signal is killed and the command ends anyway.
enum Supervisor {
    /// The environment variable naming, in the child, the pipe's write end
    /// and the supervisor's pid ("5,1234").
    static let variable = "FLICK_SUPERVISOR_FD"
    /// The commands run this way: those that touch the reviewed folder.
    static let commands: Set<String> = ["status", "apply", "export"]
    /// Seconds after a signal before an unanswering child is given up: more
    /// than the child needs to give up its own stuck worker (`Interrupt`:
    /// 0.7 s at most), less than the second a stop may take.
    static let childGrace = 0.95

    /// `PR_SET_PDEATHSIG` of <linux/prctl.h>: the signal a process gets when its parent dies.
    private static let setParentDeathSignal: Int32 = 1

    /// The pipe to the supervisor, in the child; -1 otherwise.
    nonisolated(unsafe) private static var reportFD: Int32 = -1

    /// In the child: remembers the pipe. In `flick status|apply|export`:
    /// runs the command in a child, and exits as it does (never returns).
    /// Otherwise (the window, --help, --version) returns at once.
    static func superviseIfNeeded() {
        if let named = getenv(variable) {
            let parts = String(cString: named).split(separator: ",").compactMap { Int32($0) }
            unsetenv(variable)
            guard parts.count == 2, parts[0] >= 0 else { return }
            reportFD = parts[0]
            _ = fcntl(reportFD, F_SETFD, FD_CLOEXEC)  // not for GStreamer's helpers
            // Killed with the supervisor (`kill -9` of the pid the shell knows).
            _ = system_prctl(setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
            if getppid() != parts[1] { _exit(Interrupt.status(for: SIGKILL)) }
            // Its partial files are named after the supervisor: once it is
            // gone (killed), the next export removes them at once.
            PartialFile.ownerPID = parts[1]
            return
        }
        let arguments = CommandLine.arguments
        guard arguments.count > 1, commands.contains(arguments[1]) else { return }
        supervise(arguments)
    }

    /// In the child: tells the supervisor the command ends with `status`
    /// (async-signal-safe: one `write`).
    static func reportExit(_ status: Int32) {
        guard reportFD >= 0 else { return }
        var byte = UInt8(truncatingIfNeeded: status)
        _ = write(reportFD, &byte, 1)
    }

    private static func supervise(_ arguments: [String]) -> Never {
        var report: [Int32] = [-1, -1], wake: [Int32] = [-1, -1]
        guard pipe(&report) == 0, pipe(&wake) == 0 else { return runHere() }
        _ = fcntl(report[0], F_SETFD, FD_CLOEXEC)
        for fd in wake { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        SignalRelay.install(wake: wake[1])
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = "\(report[1]),\(getpid())"
        guard let child = spawn(arguments, environment: environment) else { return runHere() }
        close(report[1])
        SignalRelay.child = child
        if SignalRelay.received != 0 { kill(child, SignalRelay.received) }  // came during the spawn
        var deadline: Double?
        while true {
            var watched = [pollfd(fd: report[0], events: Int16(POLLIN), revents: 0), pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
            let wait = deadline.map { Int32(max(0, ($0 - MonotonicSeconds.now) * 1000).rounded(.up)) } ?? -1
            if poll(&watched, 2, wait) > 0 {
                if watched[1].revents != 0 {
                    var bytes = [UInt8](repeating: 0, count: 16)
                    _ = read(wake[0], &bytes, bytes.count)
                    if deadline == nil { deadline = MonotonicSeconds.now + childGrace }
                }
                if watched[0].revents != 0 {
                    var byte: UInt8 = 0
                    if read(report[0], &byte, 1) == 1 { _exit(Int32(byte)) }
                    exitAsChild(child)
                }
            }
            if let deadline, MonotonicSeconds.now >= deadline {
                kill(child, SIGKILL)
                let signal = SignalRelay.received
                CLI.err("Stopped; the command did not answer (its file system may be stalled), so what it finished is unknown.")
                _exit(Interrupt.status(for: signal == 0 ? SIGTERM : signal))
            }
        }
    }

    /// Without a child (the pipe or the spawn failed): as before.
    private static func runHere() -> Never {
        Log.warning("can’t start the command’s worker process: \(String(cString: strerror(errno)))", category: "cli")
        FlickCommand.runCommand()
        exit(0)
    }

    /// `flick` again, with the same arguments, standard streams and process group.
    private static func spawn(_ arguments: [String], environment: [String: String]) -> pid_t? {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        // Its own path, so that ps and pgrep show the child as flick too.
        let executable = realpath("/proc/self/exe", nil).map { path in defer { free(path) }; return String(cString: path) } ?? "/proc/self/exe"
        let code = posix_spawn(&child, executable, nil, nil, argv, envp)
        guard code == 0 else {
            errno = code
            return nil
        }
        return child
    }

    /// The child ended (its pipe closed): exit as it did.
    private static func exitAsChild(_ child: pid_t) -> Never {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        if signal == 0 { _exit((status >> 8) & 0xFF) }
        // Ended by a signal (a crash): end the same way, for the shell to say so.
        Foundation.signal(signal, SIG_DFL)
        raise(signal)
        _exit(Interrupt.status(for: signal))
    }
}

/// The supervisor's SIGINT and SIGTERM: passed on to the child, and the
/// supervisor's loop woken.
private enum SignalRelay {
    nonisolated(unsafe) static var child: pid_t = 0
    nonisolated(unsafe) static var wakeFD: Int32 = -1
    nonisolated(unsafe) static var received: Int32 = 0

    static func install(wake: Int32) {
        wakeFD = wake
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            if SignalRelay.received == 0 { SignalRelay.received = number }
            if SignalRelay.child > 0 { kill(SignalRelay.child, number) }
            var byte: UInt8 = 1
            _ = write(SignalRelay.wakeFD, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }
}

/// glibc's `prctl` (variadic in C; only integer arguments are passed here).
@_silgen_name("prctl")
private func system_prctl(_ option: Int32, _ arg2: UInt, _ arg3: UInt, _ arg4: UInt, _ arg5: UInt) -> Int32
