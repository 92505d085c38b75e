import FlickCore
import Foundation
import Testing
@testable import FlickStore

/// Sidecars follow decisions, and give back what they held when a decision goes.
@Suite struct SidecarTests {
    func sidecar(_ fixture: Fixture, _ name: String) -> String { fixture.path(name) + ".xmp" }

    func contents(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    func update(_ fixture: Fixture, _ store: Store, likeRating: Int = 1) throws -> Sidecars.Report {
        let (record, sync, _) = try fixture.open(store)
        return Sidecars.update(sync.clips, folder: record, store: store, likeRating: likeRating)
    }

    @Test func decidedClipsGetRatingsAndSkippedOnesNothing() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        var (folder, _, session) = try fixture.open(store)
        try store.perform(.like, on: &session, folder: folder)
        try store.perform(.delete, on: &session, folder: folder)
        try store.perform(.skip, on: &session, folder: folder)
        let report = try update(fixture, store, likeRating: 4)
        #expect(report.written == 2 && report.failures.isEmpty)
        #expect(try XMPRating.rating(in: Array((contents(sidecar(fixture, "a.mp4")) ?? "").utf8)) == "4")
        #expect(try XMPRating.rating(in: Array((contents(sidecar(fixture, "b.mp4")) ?? "").utf8)) == "-1")
        #expect(contents(sidecar(fixture, "c.jpg")) == nil)
        // Undone: the sidecar Flick created (holding only its rating) goes again.
        try store.perform(.undo, on: &session, folder: folder)
        try store.perform(.undo, on: &session, folder: folder)
        _ = try update(fixture, store)
        #expect(contents(sidecar(fixture, "b.mp4")) == nil)
        #expect(contents(sidecar(fixture, "a.mp4")) != nil)
        folder = try fixture.decide(.skip, ["a.mp4"], store: store)
        _ = try update(fixture, store)
        #expect(contents(sidecar(fixture, "a.mp4")) == nil)
    }

    @Test func cancelStopsBetweenTwoSidecarsAndProgressCountsEachClip() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        _ = try fixture.decide(.like, ["a.mp4", "b.mp4", "c.jpg"], store: store)
        let (record, sync, _) = try fixture.open(store)
        var steps: [[Int]] = []
        let report = Sidecars.update(sync.clips, folder: record, store: store, likeRating: 1,
                                     progress: { steps.append([$0, $1]) }, isCancelled: { steps.count == 2 })
        #expect(steps == [[1, 4], [2, 4]])
        #expect(report.cancelled && report.written == 2 && report.failures.isEmpty)
        #expect(contents(sidecar(fixture, "b.mp4")) != nil)
        #expect(contents(sidecar(fixture, "c.jpg")) == nil)
        let rest = Sidecars.update(sync.clips, folder: record, store: store, likeRating: 1)
        #expect(!rest.cancelled && rest.written == 1)
    }

    @Test func anExistingSidecarIsMergedAndRestored() throws {
        let fixture = try Fixture()
        let original = XMPRatingTests.attributeForm
        try Data(original.utf8).write(to: URL(fileURLWithPath: sidecar(fixture, "a.mp4")))
        chmod(sidecar(fixture, "a.mp4"), 0o640)
        let store = try fixture.openStore()
        _ = try fixture.decide(.delete, ["a.mp4"], store: store)
        #expect(try update(fixture, store).written == 1)
        #expect(contents(sidecar(fixture, "a.mp4")) == original.replacingOccurrences(of: "xmp:Rating=\"3\"", with: "xmp:Rating=\"-1\""))
        var info = stat()
        stat(sidecar(fixture, "a.mp4"), &info)
        #expect(info.st_mode & 0o777 == 0o640)
        _ = try fixture.decide(.like, ["a.mp4"], store: store)
        _ = try update(fixture, store)
        _ = try fixture.decide(.skip, ["a.mp4"], store: store)
        #expect(try update(fixture, store).restored == 1)
        #expect(contents(sidecar(fixture, "a.mp4")) == original)
    }

    @Test func aRatingChangedElsewhereIsNotRestoredOver() throws {
        let fixture = try Fixture()
        let store = try fixture.openStore()
        _ = try fixture.decide(.delete, ["a.mp4"], store: store)
        _ = try update(fixture, store)
        let changed = String(decoding: XMPRating.fresh(rating: "5"), as: UTF8.self)
        try Data(changed.utf8).write(to: URL(fileURLWithPath: sidecar(fixture, "a.mp4")))
        _ = try fixture.decide(.skip, ["a.mp4"], store: store)
        _ = try update(fixture, store)
        #expect(contents(sidecar(fixture, "a.mp4")) == changed)
    }

    @Test func aMalformedSidecarIsReportedAndLeftAlone() throws {
        let fixture = try Fixture()
        try Data("<x:xmpmeta><rdf:RDF>".utf8).write(to: URL(fileURLWithPath: sidecar(fixture, "a.mp4")))
        let store = try fixture.openStore()
        _ = try fixture.decide(.like, ["a.mp4"], store: store)
        let report = try update(fixture, store)
        #expect(report.failures.map(\.sidecar) == [sidecar(fixture, "a.mp4")])
        #expect(report.failures.map(\.reason) == [.invalidXMP(.unclosed("rdf:RDF"))])
        #expect(contents(sidecar(fixture, "a.mp4")) == "<x:xmpmeta><rdf:RDF>")
        #expect(try store.sidecarRecords(try fixture.open(store).0).isEmpty)
    }

    @Test func rejectsFromAnotherAppAreFoundForUndecidedClipsOnly() throws {
        let fixture = try Fixture()
        for name in ["a.mp4", "b.mp4"] {
            try Data(XMPRating.fresh(rating: "-1")).write(to: URL(fileURLWithPath: sidecar(fixture, name)))
        }
        try Data(XMPRating.fresh(rating: "2")).write(to: URL(fileURLWithPath: sidecar(fixture, "c.jpg")))
        let store = try fixture.openStore()
        _ = try fixture.decide(.like, ["b.mp4"], store: store)
        let (record, sync, _) = try fixture.open(store)
        #expect(Sidecars.rejected(sync.clips, folder: record, store: store).map(\.relativePath) == ["a.mp4"])
    }
}
