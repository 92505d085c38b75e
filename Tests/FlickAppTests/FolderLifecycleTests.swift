import FlickApp
import FlickCore
import FlickStore
import Foundation
import Testing

/// A wait the test releases: a scan or the reading delay held until the
/// test says, so which comes first is chosen, never timed.
@MainActor
final class Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    init(open: Bool = false) { isOpen = open }

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}

/// The folder's life on screen without a window: what the model shows
/// while a folder is read, once it is read, when another opening overtakes
/// it, when its files change and when it cannot be read.
@MainActor
@Suite struct FolderLifecycleTests {
    /// The lifecycle of `fixture`'s store; each scan waits for the gate
    /// `scanGates` gives it (by the scan's number, 0 first), the reading
    /// delay for `delay`. `screens` records each screen the model published.
    @MainActor private final class Harness {
        let model: ReviewModel
        let folders: FolderLifecycle
        var screens: [ReviewScreen] = []
        var scans = 0

        init(_ fixture: AppFixture, delay: Gate = Gate(open: true), scanGates: [Int: Gate] = [:]) {
            let sink = DecisionRecorder()
            let model = ReviewModel(sink: sink)
            self.model = model
            let counter = Counter()
            folders = FolderLifecycle(model: model, sink: sink, offMain: { work in
                let number = counter.next()
                await scanGates[number]?.wait()
                return await Task.detached { work() }.value
            }, wait: { _ in await delay.wait() }, openStore: { fixture.store })
            self.counter = counter
            model.onChange = { [unowned self] _ in screens.append(model.screen) }
        }

        private let counter: Counter
        var scanCount: Int { counter.count }
    }

    @MainActor final class Counter {
        var count = 0
        func next() -> Int {
            count += 1
            return count - 1
        }
    }

    @Test func aQuickScanGoesStraightToTheDeckWithoutSayingReading() async throws {
        let fixture = try AppFixture([("a.mp4", Data("a".utf8)), ("b.mp4", Data("b".utf8))])
        let delay = Gate()
        let harness = Harness(fixture, delay: delay)
        let opening = harness.folders.open(fixture.folder, recursive: false, order: .name, kinds: [.video], fallback: false)
        await opening.loaded.value
        #expect(harness.model.screen == .cards && harness.model.count == 2)
        delay.release()  // the 250 ms pass after the deck is on screen
        await opening.reading.value
        #expect(harness.model.screen == .cards)
        #expect(!harness.screens.contains { if case .reading = $0 { true } else { false } }, "no flash of Reading…: \(harness.screens)")
        harness.folders.closeFolder()
    }

    @Test func aScanThatOutlastsTheDelaySaysReadingThenShowsTheDeck() async throws {
        let fixture = try AppFixture([("a.mp4", Data("a".utf8))])
        let scan = Gate()
        let harness = Harness(fixture, scanGates: [0: scan])
        let opening = harness.folders.open(fixture.folder, recursive: false, order: .name, kinds: [.video], fallback: false)
        await opening.reading.value
        #expect(harness.model.screen == .reading(folder: fixture.folder.path))
        scan.release()
        await opening.loaded.value
        #expect(harness.model.screen == .cards && harness.model.count == 1)
        harness.folders.closeFolder()
    }

    @Test func aScanThatReturnsAfterAnotherFolderOpenedIsDropped() async throws {
        let fixture = try AppFixture([("a.mp4", Data("a".utf8)), ("b.mp4", Data("b".utf8))])
        let other = fixture.root.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("c".utf8).write(to: other.appendingPathComponent("c.mp4"))
        let first = Gate()
        let harness = Harness(fixture, scanGates: [0: first])
        let slow = harness.folders.open(fixture.folder, recursive: false, order: .name, kinds: [.video], fallback: false)
        let quick = harness.folders.open(other, recursive: false, order: .name, kinds: [.video], fallback: false)
        await quick.loaded.value
        first.release()
        await slow.loaded.value
        await slow.reading.value
        #expect(harness.model.folderState == .open(path: other.path), "the folder opened last stays on screen")
        #expect(harness.model.clips.map(\.name) == ["c.mp4"])
        #expect(harness.folders.folder?.url == other)
        harness.folders.closeFolder()
    }

    @Test func anotherFolderOpensWhileTheStoreChangedUnderTheFirstOnesUnwrittenRows() async throws {
        let fixture = try AppFixture([("a.mp4", Data("a".utf8)), ("b.mp4", Data("b".utf8))])
        let other = fixture.root.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("c".utf8).write(to: other.appendingPathComponent("c.mp4"))
        let harness = Harness(fixture)
        await harness.folders.open(fixture.folder, recursive: false, order: .name, kinds: [.video], fallback: false).loaded.value
        #expect(fixture.store.hasDeferredSync, "the first load leaves its new rows for later")
        // Another connection commits (the analysis, a second Flick) before those rows are written.
        let elsewhere = try Store(path: fixture.store.path)
        let third = fixture.root.appendingPathComponent("third")
        try FileManager.default.createDirectory(at: third, withIntermediateDirectories: true)
        try Data("d".utf8).write(to: third.appendingPathComponent("d.mp4"))
        _ = try elsewhere.sync(try elsewhere.folder(at: third), with: FolderScan.scan(third))
        await harness.folders.open(other, recursive: false, order: .name, kinds: [.video], fallback: false).loaded.value
        #expect(harness.model.screen == .cards, "the second folder opens: \(harness.model.screen)")
        #expect(harness.model.clips.map(\.name) == ["c.mp4"])
        // The first folder's files get their rows when it opens again.
        await harness.folders.open(fixture.folder, recursive: false, order: .name, kinds: [.video], fallback: false).loaded.value
        #expect(harness.model.clips.map(\.name) == ["a.mp4", "b.mp4"])
        try fixture.store.finishDeferredSync()
        let record = try fixture.store.folder(at: fixture.folder)
        #expect(try fixture.store.sync(record, with: FolderScan.scan(fixture.folder)).added == 0)
        harness.folders.closeFolder()
    }

    @Test func namedChangesAreFollowedWithoutARescanAndAnUnnamedOneRescans() async throws {
        let fixture = try AppFixture([("a.mp4", Data("a".utf8)), ("b.mp4", Data("b".utf8))])
        let harness = Harness(fixture)
        await harness.folders.open(fixture.folder, recursive: false, order: .name, kinds: [.video], fallback: false).loaded.value
        #expect(harness.scanCount == 1)
        try Data("c".utf8).write(to: fixture.folder.appendingPathComponent("c.mp4"))
        #expect(harness.folders.folderChanged(["c.mp4"]) == nil)
        #expect(harness.model.clips.map(\.name) == ["a.mp4", "b.mp4", "c.mp4"])
        #expect(harness.scanCount == 1, "a named file costs no scan")
        try Data("d".utf8).write(to: fixture.folder.appendingPathComponent("d.mp4"))
        let rescan = try #require(harness.folders.folderChanged(nil))
        await rescan.value
        #expect(harness.scanCount == 2)
        #expect(harness.model.clips.map(\.name) == ["a.mp4", "b.mp4", "c.mp4", "d.mp4"])
        harness.folders.closeFolder()
    }

    @Test func aFolderThatCannotBeListedFailsInTheCallersWordsAndClosingShowsTheStart() async throws {
        let fixture = try AppFixture([])
        let harness = Harness(fixture)
        harness.folders.describe = { "worded: \(type(of: $0))" }
        let gone = fixture.root.appendingPathComponent("gone")
        await harness.folders.open(gone, recursive: false, order: .name, kinds: [.video], fallback: false).loaded.value
        #expect(harness.model.screen == .failed(reason: "worded: FolderError"))
        #expect(harness.folders.folder == nil)
        harness.folders.closeFolder()
        #expect(harness.model.screen == .start)
    }

    @Test func closingLetsTheFolderGoBeforeTheStartPageShows() async throws {
        let fixture = try AppFixture([("a.mp4", Data("a".utf8))])
        let harness = Harness(fixture)
        await harness.folders.open(fixture.folder, recursive: false, order: .name, kinds: [.video], fallback: false).loaded.value
        var seen: (folder: ReviewedFolder?, screen: ReviewScreen)?
        harness.folders.closeFolder { seen = (harness.folders.folder, harness.model.screen) }
        #expect(seen?.folder == nil, "the recent folders are listed with the closed one among them")
        #expect(seen?.screen == .cards, "before the start page shows")
        #expect(harness.model.screen == .start)
    }
}

/// Which recent folder opens: at start the last one while it is there;
/// from the menu, a gone one refused while a folder is on screen.
@Suite struct RecentFoldersTests {
    private static func problem(_ url: URL) -> FolderError? { url.path.hasPrefix("/gone") ? .notFound(path: url.path) : nil }

    @Test func theLastFolderReopensOnlyWhileItIsThere() {
        #expect(RecentFolders.toReopen(["/there", "/gone/b"], problem: Self.problem) == URL(fileURLWithPath: "/there", isDirectory: true))
        #expect(RecentFolders.toReopen(["/gone/a", "/there"], problem: Self.problem) == nil, "a missing last folder: the start page")
        #expect(RecentFolders.toReopen([], problem: Self.problem) == nil)
    }

    @Test func aMissingRecentFolderIsRefusedOnlyWhileAnotherFolderIsOnScreen() {
        #expect(RecentFolders.choose("/gone/a", folderOpen: true, problem: Self.problem) == .refuse(.notFound(path: "/gone/a")))
        #expect(RecentFolders.choose("/gone/a", folderOpen: false, problem: Self.problem) == .open(URL(fileURLWithPath: "/gone/a", isDirectory: true)),
                "with nothing on screen the failed page says why")
        #expect(RecentFolders.choose("/there", folderOpen: true, problem: Self.problem) == .open(URL(fileURLWithPath: "/there", isDirectory: true)))
    }
}
