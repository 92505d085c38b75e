import FlickCore
import Foundation
import Synchronization
import Testing
@testable import FlickStore

/// "Keep XMP sidecars in step" as the window uses it: one clip's sidecar per
/// decision, written on the keeper's queue, never on the deciding thread.
/// A queue the test holds suspended shows what is written where and when.
@Suite struct SidecarKeeperTests {
    /// The failures a keeper reported.
    final class Reported: Sendable {
        let failures = Mutex<[Sidecars.Failure]>([])
        var all: [Sidecars.Failure] { failures.withLock { $0 } }
    }

    /// A fixture, its store and folder, the clip ids by name, and a keeper
    /// writing on `queue`.
    struct Setup {
        let fixture: Fixture
        let store: Store
        let folder: FolderRecord
        let ids: [String: Int64]
        let keeper: SidecarKeeper
        let reported = Reported()

        init(queue: DispatchQueue = DispatchQueue(label: "test.sidecars"), before: (Fixture) throws -> Void = { _ in }) throws {
            fixture = try Fixture()
            try before(fixture)
            store = try fixture.openStore()
            let (record, sync, _) = try fixture.open(store)
            folder = record
            ids = Dictionary(uniqueKeysWithValues: sync.clips.map { ($0.relativePath, $0.id) })
            let reported = reported
            keeper = SidecarKeeper(storePath: store.path, queue: queue) { found in reported.failures.withLock { $0 += found } }
        }

        func keep(_ decision: Decision?, _ name: String, likeRating: Int = 1) {
            guard let id = ids[name] else { Issue.record("no clip \(name)"); return }
            keeper.keep(decision, clipID: id, folder: folder, likeRating: likeRating)
        }

        func sidecar(_ name: String) -> String { fixture.path(name) + ".xmp" }
        func bytes(_ name: String) -> [UInt8]? { FileManager.default.contents(atPath: sidecar(name)).map(Array.init) }
        func rating(_ name: String) throws -> String? { try bytes(name).flatMap { try XMPRating.rating(in: $0) } }
    }

    /// A serial queue that runs nothing until the test resumes it.
    static func heldQueue() -> DispatchQueue {
        let queue = DispatchQueue(label: "test.sidecars.held")
        queue.suspend()
        return queue
    }

    @Test func aDecisionIsWrittenOnTheKeepersQueueForThatClipAlone() throws {
        let queue = Self.heldQueue()
        defer { queue.resume() }
        let setup = try Setup(queue: queue)
        // b is liked in the store but not handed over: its sidecar is none of this decision's business.
        _ = try setup.fixture.decide(.like, ["a.mp4", "b.mp4"], store: setup.store)
        setup.keep(.like, "a.mp4", likeRating: 4)
        #expect(setup.bytes("a.mp4") == nil, "written on the deciding thread")
        #expect(setup.keeper.close())
        #expect(try setup.rating("a.mp4") == "4")
        #expect(setup.bytes("b.mp4") == nil)
        #expect(try setup.store.sidecarRecords(setup.folder).count == 1)
        #expect(setup.reported.all.isEmpty)
    }

    @Test func changesOfOneClipBeforeItIsWrittenAreWrittenOnce() throws {
        let queue = Self.heldQueue()
        defer { queue.resume() }
        let setup = try Setup(queue: queue) { fixture in
            try Data(XMPRatingTests.attributeForm.utf8).write(to: URL(fileURLWithPath: fixture.path("a.mp4") + ".xmp"))
        }
        setup.keep(.delete, "a.mp4")
        setup.keep(.like, "a.mp4")
        setup.keep(.delete, "a.mp4")
        // Decided and undone before the queue ran: nothing to write at all.
        setup.keep(.like, "b.mp4")
        setup.keep(nil, "b.mp4")
        #expect(setup.keeper.close())
        #expect(setup.keeper.totals.written == 1 && setup.keeper.totals.restored == 0)
        #expect(try setup.rating("a.mp4") == "-1")
        #expect(setup.bytes("b.mp4") == nil)
    }

    @Test func anUndoGivesTheSidecarBackWhatItHeld() throws {
        let setup = try Setup { fixture in
            try Data(XMPRatingTests.attributeForm.utf8).write(to: URL(fileURLWithPath: fixture.path("a.mp4") + ".xmp"))
        }
        setup.keep(.delete, "a.mp4")
        setup.keep(.like, "b.mp4")
        setup.keeper.flush()
        #expect(try setup.rating("a.mp4") == "-1")
        #expect(try setup.rating("b.mp4") == "1")
        setup.keep(nil, "a.mp4")
        setup.keep(.skip, "b.mp4")
        setup.keeper.flush()
        #expect(setup.bytes("a.mp4") == Array(XMPRatingTests.attributeForm.utf8))
        #expect(setup.bytes("b.mp4") == nil, "the sidecar Flick made stays")
        #expect(try setup.store.sidecarRecords(setup.folder).isEmpty)
        #expect(setup.keeper.totals.written == 2 && setup.keeper.totals.restored == 2)
    }

    @Test func aSidecarThatCannotBeWrittenIsReportedWithItsName() throws {
        let setup = try Setup { fixture in
            try Data("<x:xmpmeta><rdf:RDF>".utf8).write(to: URL(fileURLWithPath: fixture.path("a.mp4") + ".xmp"))
            try FileManager.default.createSymbolicLink(atPath: fixture.path("b.mp4") + ".xmp", withDestinationPath: fixture.path("c.jpg"))
        }
        setup.keep(.like, "a.mp4")
        setup.keep(.delete, "b.mp4")
        setup.keep(.like, "d.webm")
        setup.keeper.flush()
        #expect(setup.reported.all.map(\.sidecar) == [setup.sidecar("a.mp4"), setup.sidecar("b.mp4")])
        #expect(setup.reported.all.map(\.reason) == [.invalidXMP(.unclosed("rdf:RDF")), .symlink])
        #expect(setup.bytes("a.mp4") == Array("<x:xmpmeta><rdf:RDF>".utf8))
        // The others are written all the same.
        #expect(try setup.rating("d.webm") == "1")
    }

    @Test func closingWritesWhatIsQueuedAndTakesNoMore() throws {
        let queue = Self.heldQueue()
        defer { queue.resume() }
        let setup = try Setup(queue: queue)
        setup.keep(.like, "a.mp4")
        setup.keep(.delete, "b.mp4")
        setup.keep(.like, "c.jpg")
        #expect(setup.keeper.close(waitingAtMost: 60))
        #expect(try ["a.mp4", "b.mp4", "c.jpg"].map(setup.rating) == ["1", "-1", "1"])
        setup.keep(.like, "d.webm")
        setup.keeper.flush()
        #expect(setup.bytes("d.webm") == nil)
        // No partial file is left beside the sidecars.
        #expect(setup.fixture.names(setup.fixture.folder).filter { !$0.hasSuffix(".xmp") } == ["a.mp4", "b.mp4", "c.jpg", "d.webm"])
    }

    @Test func aFolderIsBroughtInStepBehindTheDecisionsMadeMeanwhile() throws {
        let queue = Self.heldQueue()
        defer { queue.resume() }
        let setup = try Setup(queue: queue)
        _ = try setup.fixture.decide(.like, ["a.mp4", "b.mp4"], store: setup.store)
        _ = try setup.fixture.decide(.delete, ["c.jpg"], store: setup.store)
        setup.keeper.keepFolder(setup.folder, likeRating: 2)
        // Decided again after the folder was handed over: this one wins.
        setup.keep(.delete, "a.mp4", likeRating: 2)
        #expect(setup.bytes("b.mp4") == nil)
        #expect(setup.keeper.close())
        #expect(try ["a.mp4", "b.mp4", "c.jpg"].map(setup.rating) == ["-1", "2", "-1"])
        #expect(setup.bytes("d.webm") == nil)
        #expect(setup.keeper.totals.written == 3)
    }

    @Test func decisionsAreWrittenBeforeTheRestOfAFolder() {
        var queue = SidecarQueue()
        let folder = FolderRecord(id: 1, path: "/v")
        for id in Int64(1)...3 { queue.inStep(.init(clipID: id, folder: folder, wanted: "1", relativePath: "\(id)")) }
        queue.decided(.init(clipID: 3, folder: folder, wanted: "-1", relativePath: nil))
        queue.decided(.init(clipID: 9, folder: folder, wanted: nil, relativePath: nil))
        queue.decided(.init(clipID: 3, folder: folder, wanted: "5", relativePath: nil))
        var order: [(Int64, String?)] = []
        while let change = queue.next() { order.append((change.clipID, change.wanted)) }
        #expect(order.map(\.0) == [3, 9, 1, 2])
        #expect(order.map(\.1) == ["5", nil, "1", "1"])
        #expect(queue.isEmpty)
    }
}
