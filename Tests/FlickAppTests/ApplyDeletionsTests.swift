import FlickApp
import FlickCore
import FlickStore
import Foundation
import Synchronization
import Testing

/// Apply Deletions as the window and `flick apply` run it: what the result
/// says when a file changed or went missing, another Flick moved one
/// first, or the run is cancelled mid-way.
@Suite struct ApplyDeletionsTests {
    static let files: [(String, Data?)] = [("a.mp4", Data(repeating: 1, count: 100)), ("b.mp4", Data(repeating: 2, count: 200)),
                                           ("c.mp4", Data(repeating: 3, count: 300))]

    private func run(_ fixture: AppFixture, between: any BetweenFiles = NoPause(), isCancelled: @escaping () -> Bool = { false })
        throws -> (ApplyDeletions.Plan, ApplyResult, [ApplyDeletions.Progress]) {
        let record = try fixture.store.folder(at: fixture.folder)
        let plan = try ApplyDeletions.plan(store: fixture.store, folder: record)
        let apply = ApplyDeletions(folder: record, storePath: fixture.store.path, environment: fixture.environment, between: between)
        var steps: [ApplyDeletions.Progress] = []
        let moves = apply.move(plan.items, progress: { steps.append($0) }, isCancelled: isCancelled)
        return (plan, apply.settle(moves, plan: plan, store: fixture.store), steps)
    }

    @Test func everyMarkedFileMovesAndEachStepIsReported() throws {
        let fixture = try AppFixture(Self.files)
        try fixture.decide([.delete, .like, .delete])
        let (plan, result, steps) = try run(fixture)
        #expect(plan.items.map(\.relativePath) == ["a.mp4", "c.mp4"])
        #expect(plan.bytes == 400)
        #expect(result.moves.moved.map(\.relativePath) == ["a.mp4", "c.mp4"])
        #expect(result.isComplete)
        #expect(fixture.names(fixture.trash) == ["a.mp4", "c.mp4"])
        let finished = steps.compactMap { if case .finished(let item, _, let done, let total) = $0 { "\(item.relativePath) \(done)/\(total)" } else { nil } }
        #expect(finished == ["a.mp4 1/2", "c.mp4 2/2"])
    }

    @Test func aFileChangedSinceItWasDecidedIsLeftAloneAndNamed() throws {
        let fixture = try AppFixture(Self.files)
        try fixture.decide([.delete, .delete, .delete])
        try Data(repeating: 9, count: 250).write(to: URL(fileURLWithPath: fixture.path("b.mp4")))
        let (_, result, _) = try run(fixture)
        #expect(result.failures == [FileFailure(path: "b.mp4", reason: .changed)])
        #expect(result.moves.moved.map(\.relativePath) == ["a.mp4", "c.mp4"])
        #expect(!result.isComplete)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path("b.mp4"))) == Data(repeating: 9, count: 250))
    }

    @Test func aFileMissingIsNamedAsGone() throws {
        let fixture = try AppFixture(Self.files)
        try fixture.decide([.delete, .delete, .delete])
        try FileManager.default.removeItem(atPath: fixture.path("c.mp4"))
        let (_, result, _) = try run(fixture)
        #expect(result.refused == [FileFailure(path: "c.mp4", reason: .gone)])
        #expect(result.moves.alreadyMoved.isEmpty)
        #expect(result.moves.moved.map(\.relativePath) == ["a.mp4", "b.mp4"])
    }

    @Test func aFileChangedBetweenTheCheckAndItsMoveStays() throws {
        let fixture = try AppFixture(Self.files)
        try fixture.decide([.delete, .delete, .delete])
        let path = fixture.path("b.mp4")
        let between = ActBetweenFiles(at: 1) { try? Data(repeating: 8, count: 200).write(to: URL(fileURLWithPath: path)) }
        let (_, result, _) = try run(fixture, between: between)
        #expect(result.moves.failures == [FileFailure(path: "b.mp4", reason: .changed)])
        #expect(result.moves.moved.map(\.relativePath) == ["a.mp4", "c.mp4"])
        #expect(fixture.names(fixture.folder) == ["b.mp4"])
    }

    @Test func aCancelMidWayStopsBeforeTheNextFileAndTheRestStayMarked() throws {
        let fixture = try AppFixture(Self.files)
        let (record, _) = try fixture.decide([.delete, .delete, .delete])
        let cancel = Atomic<Bool>(false)
        let between = ActBetweenFiles(at: 1) { cancel.store(true, ordering: .relaxed) }
        let (_, result, _) = try run(fixture, between: between, isCancelled: { cancel.load(ordering: .relaxed) })
        #expect(result.moves.cancelled)
        #expect(result.moves.moved.map(\.relativePath) == ["a.mp4"])
        #expect(result.notYetMoved == 2)
        #expect(!result.isComplete)
        #expect(try fixture.store.clipsToDelete(in: record).map(\.relativePath) == ["b.mp4", "c.mp4"])
        #expect(fixture.names(fixture.trash) == ["a.mp4"])
    }

    @Test func aFileAnotherFlickMovedFirstIsDoneNotAFailure() throws {
        let fixture = try AppFixture(Self.files)
        let (record, _) = try fixture.decide([.delete, .delete, nil])
        let storePath = fixture.store.path
        let environment = fixture.environment
        // Another Flick (its own plan and run) moves b.mp4 once a.mp4 has moved.
        let between = ActBetweenFiles(at: 1) {
            guard let other = try? Store(path: storePath), let plan = try? ApplyDeletions.plan(store: other, folder: record) else { return }
            let apply = ApplyDeletions(folder: record, storePath: storePath, environment: environment)
            _ = apply.move(plan.items.filter { $0.relativePath == "b.mp4" })
        }
        let (_, result, _) = try run(fixture, between: between)
        #expect(result.moves.moved.map(\.relativePath) == ["a.mp4"])
        #expect(result.moves.alreadyMoved.map(\.item.relativePath) == ["b.mp4"])
        #expect(result.failures.isEmpty)
        #expect(result.isComplete)
    }
}
