import FlickApp
import FlickCore
import FlickStore
import Testing
@testable import flick

/// Apply's structured result (FlickApp) as the review model gets it: the
/// figures the window shows, and a line for each file left where it was.
@MainActor
@Suite struct ResultWordsTests {
    private static func item(_ id: Int64, _ name: String, size: Int64) -> FileItem {
        FileItem(clipID: id, relativePath: name, absolutePath: "/clips/" + name, size: size)
    }

    private static func result() -> ApplyResult {
        var moves = MoveReport()
        moves.moved = [item(1, "a.mp4", size: 1_000_000), item(2, "b.mp4", size: 800_000)]
        moves.failures = [FileFailure(path: "usb/c.mp4", reason: .noTrash), FileFailure(path: "d.mp4", reason: .permissionDenied)]
        let held = PairHold(path: "IMG_1.HEIC", partner: "IMG_1.MOV", isStill: true, reason: .partnerLiked)
        return ApplyResult(moves: moves, refused: [FileFailure(path: "e.mp4", reason: .gone)], planned: 6, held: [held])
    }

    @Test func theModelGetsWhatMovedTheSpaceFreedAndEachFileThatStayed() {
        let applied = ResultWords.applied(Self.result(), folder: "/clips", to: .trash)
        #expect(applied.moved == 2 && applied.movedBytes == 1_800_000 && applied.freedBytes == 1_800_000)
        #expect(applied.notMoved.count == 4, "the refused file, both failures and the held half: \(applied.notMoved)")
        #expect(applied.notMoved.contains { $0.contains("e.mp4") && $0.contains("no longer there") })
        #expect(applied.notMoved.contains { $0.contains("IMG_1.HEIC stays") })
        #expect(applied.withoutTrash == ["usb/c.mp4"], "Flick Rejected is offered for the file with no Trash only")
        #expect(!applied.isComplete)
        #expect(ResultWords.moved(applied) == "Moved 2 files to the Trash, 1.8\u{a0}MB freed.")
    }

    @Test func intoTheRejectedFolderNothingIsFreedOrSaidFreed() {
        let applied = ResultWords.applied(Self.result(), folder: "/clips", to: .rejectedFolder)
        #expect(applied.freedBytes == 0)
        #expect(ResultWords.moved(applied) == "Moved 2 files to “Flick Rejected”.")
    }
}
