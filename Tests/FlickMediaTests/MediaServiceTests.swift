import Foundation
import Synchronization
import Testing
@testable import FlickMedia

/// Renders that wait until a test lets them go, counting how many run at once.
final class RenderGate: Sendable {
    private struct State {
        var open: Set<Int64> = []
        var running = 0
        var mostRunning = 0
        var started: [Int64] = []
    }
    private let state = Mutex(State())

    /// A render of `id` that blocks until `release(id)`.
    func render(_ id: Int64) -> MediaService.Render<Int> {
        { [self] () throws(MediaError) -> Int in
            state.withLock {
                $0.running += 1
                $0.mostRunning = max($0.mostRunning, $0.running)
                $0.started.append(id)
            }
            while !state.withLock({ $0.open.contains(id) }) { usleep(1_000) }
            state.withLock { $0.running -= 1 }
            if id < 0 { throw .timedOut(file: "clip \(id)") }
            return Int(id) * 10
        }
    }

    func release(_ id: Int64) { state.withLock { _ = $0.open.insert(id) } }
    var running: Int { state.withLock { $0.running } }
    var mostRunning: Int { state.withLock { $0.mostRunning } }
    var started: [Int64] { state.withLock { $0.started } }
}

/// Waits on the main actor (letting completions run) until `condition`, up to 10 s.
@MainActor
func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

@MainActor
@Suite struct MediaServiceTests {
    private func key(_ id: Int64) -> MediaKey { MediaKey("test", id: id) }

    @Test func neverMoreRendersAtOnceThanWorkers() async {
        let service = MediaService(capacity: 100, workers: 2)
        let gate = RenderGate()
        var done: [Int64: Int] = [:]
        for id in Int64(1)...6 {
            service.request(key(id), render: gate.render(id)) { done[id] = try? $0.get() }
        }
        // Held: the pool handed out two renders and keeps the rest; only a
        // finished render (on this actor, which has not yielded) starts another.
        #expect(service.stats.running == 2 && service.stats.mostRunning == 2)
        #expect(await eventually { gate.running == 2 })
        #expect(Set(gate.started) == [1, 2])
        // A worker comes free: the newest request waiting runs next.
        gate.release(1)
        #expect(await eventually { gate.started.count == 3 })
        #expect(gate.started.last == 6)
        #expect(gate.running == 2)
        for id in Int64(1)...6 { gate.release(id) }
        #expect(await eventually { done.count == 6 })
        #expect(gate.mostRunning == 2)
        #expect(service.stats.mostRunning == 2)
        #expect(done[3] == 30)
    }

    @Test func requestsForOneKeyShareOneRender() async {
        let service = MediaService(capacity: 10, workers: 2)
        let gate = RenderGate()
        var answers: [Int] = []
        for _ in 0..<3 {
            service.request(key(7), render: gate.render(7)) { answers.append((try? $0.get()) ?? -1) }
        }
        #expect(await eventually { gate.running == 1 })
        // One more while it renders joins it too.
        service.request(key(7), render: gate.render(7)) { answers.append((try? $0.get()) ?? -1) }
        gate.release(7)
        #expect(await eventually { answers.count == 4 })
        #expect(answers == [70, 70, 70, 70])
        #expect(gate.started == [7])
        #expect(service.stats.rendered == 1)
    }

    @Test func aStoredResultComesAtOnceWithoutRendering() async {
        let service = MediaService(capacity: 10, workers: 1)
        let gate = RenderGate()
        gate.release(3)
        var first: Int?
        service.request(key(3), render: gate.render(3)) { first = try? $0.get() }
        #expect(await eventually { first == 30 })
        var second: Int?
        let ticket = service.request(key(3), render: gate.render(3)) { second = try? $0.get() }
        #expect(ticket == nil)
        #expect(second == 30)
        #expect(gate.started == [3])
        #expect(service.stats.fromMemory == 1)
    }

    @Test func failuresAreStoredAndNotRenderedAgain() async {
        let service = MediaService(capacity: 10, workers: 1)
        let gate = RenderGate()
        gate.release(-1)
        var failed = false
        service.request(key(-1), render: gate.render(-1)) { failed = (try? $0.get()) == nil }
        #expect(await eventually { failed })
        #expect(service.cached(key(-1), as: Int.self) != nil)
        #expect(service.value(key(-1), as: Int.self) == nil)
        service.forget { $0.id == -1 }
        #expect(service.cached(key(-1), as: Int.self) == nil)
    }

    @Test func aCancelledRequestNeverCompletesAndItsJobNeverStarts() async {
        let service = MediaService(capacity: 10, workers: 1)
        let gate = RenderGate()
        var done: [Int64] = []
        service.request(key(1), render: gate.render(1)) { _ in done.append(1) }
        #expect(await eventually { gate.running == 1 })
        let ticket = service.request(key(2), render: gate.render(2)) { _ in done.append(2) }
        service.request(key(3), render: gate.render(3)) { _ in done.append(3) }
        #expect(ticket != nil)
        if let ticket { service.cancel(ticket) }
        for id in Int64(1)...3 { gate.release(id) }
        #expect(await eventually { done.count == 2 })
        // One worker, and a request made now: it completes after job 2
        // would have (had it not been dropped, it would have started as 3
        // finished, before this request was made).
        gate.release(4)
        service.request(key(4), render: gate.render(4)) { _ in done.append(4) }
        #expect(await eventually { done.last == 4 })
        #expect(done == [1, 3, 4])
        #expect(!gate.started.contains(2))
    }

    @Test func cancellingOneOfTwoRequestersKeepsTheJob() async {
        let service = MediaService(capacity: 10, workers: 1)
        let gate = RenderGate()
        service.request(key(1), render: gate.render(1)) { _ in }
        #expect(await eventually { gate.running == 1 })
        var answers: [String] = []
        let first = service.request(key(2), render: gate.render(2)) { _ in answers.append("first") }
        service.request(key(2), render: gate.render(2)) { _ in answers.append("second") }
        if let first { service.cancel(first) }
        gate.release(1)
        gate.release(2)
        #expect(await eventually { answers.count == 1 })
        #expect(answers == ["second"])
    }

    @Test func aRequestNoLongerWantedWhenItsTurnComesIsDropped() async {
        let service = MediaService(capacity: 10, workers: 1)
        let gate = RenderGate()
        service.request(key(1), render: gate.render(1)) { _ in }
        #expect(await eventually { gate.running == 1 })
        var onScreen = true
        var done = false
        service.request(key(2), wanted: { onScreen }, render: gate.render(2)) { _ in done = true }
        onScreen = false  // its tile scrolled away
        gate.release(1)
        gate.release(2)
        #expect(await eventually { service.stats.running == 0 && service.stats.rendered == 1 })
        // One worker, and a request made now: it completes after job 2
        // would have (had it run, it would have started as 1 finished).
        gate.release(3)
        var later = false
        service.request(key(3), render: gate.render(3)) { _ in later = true }
        #expect(await eventually { later })
        #expect(!done)
        #expect(gate.started == [1, 3])
    }

    @Test func theCacheKeepsItsCapacity() async {
        let service = MediaService(capacity: 2, workers: 2)
        let gate = RenderGate()
        var done = 0
        for id in Int64(1)...3 {
            gate.release(id)
            service.request(key(id), render: gate.render(id)) { _ in done += 1 }
            #expect(await eventually { done == Int(id) })
        }
        #expect(service.value(key(1), as: Int.self) == nil)
        #expect(service.value(key(2), as: Int.self) == 20)
        #expect(service.value(key(3), as: Int.self) == 30)
    }
}
