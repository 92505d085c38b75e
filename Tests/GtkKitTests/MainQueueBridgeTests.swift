import CGtk
import Glibc
import GtkKit
import XCTest

/// The bridge is what lets `@MainActor` work run inside a GLib main loop.
/// XCTest runs these on the main thread with the Dispatch main queue not
/// drained, exactly as inside `g_application_run`.
final class MainQueueBridgeTests: XCTestCase {
    @MainActor final class Flag {
        var raised = false
    }

    /// Runs a fresh GLib main loop until `quit` is called or `timeoutMs` passes.
    @MainActor private static func runLoop(timeoutMs: UInt32, _ body: (@escaping @MainActor () -> Void) -> Void) {
        guard let loop = g_main_loop_new(nil, 0) else { return XCTFail("no main loop") }
        defer { g_main_loop_unref(loop) }
        let timeout = g_timeout_add(timeoutMs, { loop in
            g_main_loop_quit(OpaquePointer(loop))
            return 0
        }, UnsafeMutableRawPointer(loop))
        nonisolated(unsafe) let unsafeLoop = loop
        body { g_main_loop_quit(unsafeLoop) }
        g_main_loop_run(loop)
        _ = g_source_remove_by_user_data(UnsafeMutableRawPointer(loop))
        _ = timeout
    }

    func testMainActorTaskRunsOnlyWithTheBridge() {
        MainActor.assumeIsolated {
            MainQueueBridge.uninstall()
            let flag = Flag()
            Self.runLoop(timeoutMs: 300) { _ in
                Task { @MainActor in flag.raised = true }
            }
            XCTAssertFalse(flag.raised, "without the bridge the GLib loop never drains the main queue")

            MainQueueBridge.install()
            defer { MainQueueBridge.uninstall() }
            Self.runLoop(timeoutMs: 5_000) { quit in
                Task { @MainActor in
                    flag.raised = true
                    quit()
                }
            }
            XCTAssertTrue(flag.raised, "with the bridge a Task { @MainActor in } runs inside the GLib loop")
        }
    }

    func testDispatchMainAsyncAndAwaitMainActorRun() {
        MainActor.assumeIsolated {
            MainQueueBridge.install()
            defer { MainQueueBridge.uninstall() }
            let flag = Flag()
            Self.runLoop(timeoutMs: 5_000) { quit in
                Task.detached {
                    let value = await MainActor.run { 41 + 1 }
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated {
                            flag.raised = value == 42
                            quit()
                        }
                    }
                }
            }
            XCTAssertTrue(flag.raised)
        }
    }

    func testIdleBridgeDoesNotSpin() {
        MainActor.assumeIsolated {
            MainQueueBridge.install()
            defer { MainQueueBridge.uninstall() }
            let flag = Flag()
            let before = Self.cpuSeconds()
            // One task wakes the eventfd; afterwards the loop must sleep.
            Self.runLoop(timeoutMs: 1_000) { _ in
                Task { @MainActor in flag.raised = true }
            }
            let used = Self.cpuSeconds() - before
            XCTAssertTrue(flag.raised)
            XCTAssertLessThan(used, 0.5, "an unread eventfd would keep the loop busy for the whole second")
        }
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
