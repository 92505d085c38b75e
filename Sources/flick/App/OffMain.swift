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
