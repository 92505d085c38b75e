import CGObject
import Foundation
import GObjectKit
import Testing

/// The one-shot timer runs on GLib's default main context: its body comes
/// when the context is iterated (as the window's main loop does), once,
/// after the last `schedule`, and never after `cancel`.
@MainActor @Suite(.serialized) struct MainContextTimerTests {
    /// Iterates the default context until `done` or `seconds` pass.
    private func iterate(for seconds: Double, until done: () -> Bool = { false }) {
        let deadline = Date().addingTimeInterval(seconds)
        while !done(), Date() < deadline {
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(2_000)
        }
    }

    @Test func theBodyRunsOnceFromTheContextWithoutTheMainActorsQueue() {
        let timer = MainContextTimer()
        var runs = 0
        timer.schedule(milliseconds: 20) { runs += 1 }
        #expect(timer.isScheduled)
        // The test holds the main actor throughout: only the context runs the body.
        iterate(for: 5) { runs > 0 }
        #expect(runs == 1)
        #expect(!timer.isScheduled)
        iterate(for: 0.1)
        #expect(runs == 1, "once")
    }

    @Test func aLaterScheduleTakesThePlaceOfTheOneWaiting() {
        let timer = MainContextTimer()
        var ran: [String] = []
        timer.schedule(milliseconds: 20) { ran.append("first") }
        timer.schedule(milliseconds: 20) { ran.append("second") }
        iterate(for: 5) { !ran.isEmpty }
        iterate(for: 0.1)
        #expect(ran == ["second"])
    }

    @Test func aCancelledBodyNeverRuns() {
        let timer = MainContextTimer()
        var runs = 0
        timer.schedule(milliseconds: 10) { runs += 1 }
        timer.cancel()
        timer.cancel()  // again: nothing to remove, and GLib is not asked to
        iterate(for: 0.1)
        #expect(runs == 0)
        #expect(!timer.isScheduled)
    }
}
