import Testing
@testable import FlickCore

@Suite struct DebounceTests {
    @Test func nothingIsDueBeforeAnEvent() {
        var debounce = Debounce(quiet: 0.5, longest: 2)
        #expect(debounce.due == nil)
        let taken = debounce.take(at: 100)
        #expect(!taken)
    }

    @Test func oneEventIsServedAfterTheQuietTime() {
        var debounce = Debounce(quiet: 0.5, longest: 2)
        debounce.note(at: 10)
        #expect(debounce.due == 10.5)
        let early = debounce.take(at: 10.4), onTime = debounce.take(at: 10.5), again = debounce.take(at: 11)
        #expect(!early)
        #expect(onTime)
        #expect(!again, "served: nothing owed until the next event")
        #expect(debounce.due == nil)
    }

    @Test func eachNewEventPostponesTheWorkWhileTheBurstIsShort() {
        var debounce = Debounce(quiet: 0.5, longest: 2)
        debounce.note(at: 10)
        debounce.note(at: 10.3)
        #expect(abs((debounce.due ?? 0) - 10.8) < 1e-9)
    }

    @Test func aSteadyStreamIsServedAtLeastEveryLongestTime() {
        var debounce = Debounce(quiet: 0.5, longest: 2)
        var served: [Double] = []
        // An event every 50 ms for 5 s (a key held down), checked every 10 ms.
        for step in 0...700 {
            let time = 10 + Double(step) * 0.01
            if step % 5 == 0 && step <= 500 { debounce.note(at: time) }
            if debounce.take(at: time) { served.append(time) }
        }
        // Two seconds after the first event, two seconds after the first one
        // after that, and half a second after the last.
        let expected = [12.0, 14.05, 15.5]
        #expect(served.count == expected.count, "\(served)")
        #expect(zip(served, expected).allSatisfy { abs($0 - $1) < 0.015 }, "\(served)")
    }

    @Test func anEventOutOfOrderNeverBringsTheWorkForward() {
        var debounce = Debounce(quiet: 0.5, longest: 2)
        debounce.note(at: 10)
        debounce.note(at: 10.4)
        debounce.note(at: 10.2)
        #expect(abs((debounce.due ?? 0) - 10.9) < 1e-9)
    }
}
