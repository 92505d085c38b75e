import FlickCore
import Foundation
import Synchronization

/// File-system work the window must not wait on: each job on a thread of
/// its own (not Swift's small shared pool, which a job stuck on a stalled
/// network share would hold forever), its result handed back to the
/// caller on the main thread. A job that never returns costs its thread,
/// never the main loop; quitting does not wait for it (`FlickApplication`
/// ends the process at once while one is still out).
///
///     let scanned = await OffMain.run { Result { try FolderScan.scan(url, …) } }
enum OffMain {
    private static let running = Atomic<Int>(0)

    /// Bytes of stack per job (a folder scan recurses per subfolder).
    private static let stackBytes = 8 << 20

    /// How many jobs have not returned yet.
    static var outstanding: Int { running.load(ordering: .relaxed) }

    /// Runs `work` on its own thread; returns its result.
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            start {
                continuation.resume(returning: work())
            }
        }
    }

    /// Runs `work` on its own thread; returns its result, or nil once
    /// `cancel` has been set for `grace` seconds without `work` returning
    /// (stuck on a file system that does not answer: it is left behind,
    /// and its result dropped when it comes).
    @MainActor
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T, cancel: CancelFlag, grace: Double) async -> T? {
        await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            let answer = Claim()
            start {
                let value = work()
                if answer.take() { continuation.resume(returning: value) }
            }
            Task { @MainActor in
                var cancelledAt: Double?
                while !answer.isTaken {
                    try? await Task.sleep(nanoseconds: cancelPollNanoseconds)
                    guard cancel.isSet else { continue }
                    let now = MonotonicSeconds.now
                    cancelledAt = cancelledAt ?? now
                    if let since = cancelledAt, now - since >= grace, answer.take() { continuation.resume(returning: nil) }
                }
            }
        }
    }

    /// Nanoseconds between two looks at a job's Cancel (a tenth of a second:
    /// well within the second a Cancel has to end it).
    private static let cancelPollNanoseconds: UInt64 = 100_000_000

    /// Seconds a cancelled job has to stop by itself before it is left
    /// behind (it looks at Cancel between files).
    static let cancelGrace = 0.3

    /// `work`'s result when it returns within `seconds`, else nil (it goes
    /// on by itself; its result is dropped). For a quick look, such as
    /// whether a folder exists, that the main thread may wait for briefly.
    static func within<T: Sendable>(_ seconds: Double, _ work: @escaping @Sendable () -> T) -> T? {
        let box = Slot<T>()
        let done = DispatchSemaphore(value: 0)
        start {
            let value = work()
            box.value = value
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.value
    }

    /// Each of `works` on its own thread, all at once; the results of
    /// those that returned within `seconds` (nil for the others).
    static func each<T: Sendable>(within seconds: Double, _ works: [@Sendable () -> T]) -> [T?] {
        let boxes = works.map { _ in Slot<T>() }
        let done = DispatchSemaphore(value: 0)
        for (work, box) in zip(works, boxes) {
            start {
                let value = work()
                box.value = value
                done.signal()
            }
        }
        let deadline = DispatchTime.now() + seconds
        for _ in works where done.wait(timeout: deadline) == .timedOut { break }
        return boxes.map(\.value)
    }

    /// Ends the process now with `status`, leaving the jobs still out: the
    /// display, the bus and the store are let go first (Linux keeps a
    /// process whose thread waits on an unanswered FUSE request, and its
    /// open files with it, until the request is answered).
    static func leave(status: Int32) -> Never {
        Log.info("quitting with \(outstanding) file-system job(s) still waiting", category: "app")
        let limit = Int32(min(max(sysconf(Int32(_SC_OPEN_MAX)), 3), 65536))
        for fd in 3..<limit { close(fd) }
        _exit(status)
    }

    private static func start(_ body: @escaping @Sendable () -> Void) {
        running.add(1, ordering: .relaxed)
        let thread = Thread {
            body()
            running.subtract(1, ordering: .relaxed)
        }
        thread.stackSize = stackBytes
        thread.start()
    }
}

/// A result handed from a job's thread to the one waiting for it.
private final class Slot<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?

    var value: T? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Who answers first: the job or its Cancel.
private final class Claim: Sendable {
    private let taken = Atomic<Bool>(false)

    var isTaken: Bool { taken.load(ordering: .relaxed) }

    /// True for the first caller only.
    func take() -> Bool { taken.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged }
}
