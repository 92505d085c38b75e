import Testing
@testable import FlickCore

/// What Apply and Export end with comes back through the model, as a
/// decision does: `finished` records it and publishes it once, with its
/// figures, in a render pass of its own (never inside another).
@MainActor
@Suite struct ReviewModelResultTests {
    private static func model() -> ReviewModel {
        let model = ReviewModel(sink: KeepingSink())
        let clips = (1...3).map { ReviewClip(id: Int64($0), relativePath: "c\($0).mp4", name: "c\($0).mp4", kind: .video) }
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))), folder: "/clips")
        return model
    }

    private static let applied = AppliedFiles(folder: "/clips", place: .trash, moved: 3, movedBytes: 1_800_000_000, alreadyMoved: 1,
                                              notMoved: ["c4.mp4: permission denied"], withoutTrash: [])

    @Test func applyingPublishesWhatMovedWhatStayedAndTheSpaceFreedOnce() {
        let model = Self.model()
        var changes: [ReviewChange] = []
        model.onChange = { changes.append($0) }
        model.finished(.applied(Self.applied))
        #expect(changes.count == 1)
        guard case .applied(let shown)? = changes.first?.result else {
            Issue.record("no Apply result published: \(changes)")
            return
        }
        #expect(shown.moved == 3 && shown.freedBytes == 1_800_000_000 && shown.alreadyMoved == 1)
        #expect(shown.notMoved == ["c4.mp4: permission denied"])
        #expect(!shown.isComplete, "a file that stayed needs the user's attention: a dialog, not a toast")
        #expect(model.lastResult == .applied(Self.applied))
        #expect(changes.first?.touchesDeck == false, "a result redraws no card")
        // Shown once: the next change carries no result.
        model.perform(.like)
        #expect(changes.count == 2 && changes[1].result == nil)
    }

    @Test func filesMovedIntoTheRejectedFolderFreeNothing() {
        var applied = Self.applied
        applied.place = .rejectedFolder
        #expect(applied.freedBytes == 0, "the files stay on the same disk")
        #expect(applied.movedBytes == 1_800_000_000)
    }

    @Test func anExportIsPublishedWithWhatItWroteAndWhatItLeftOut() {
        let model = Self.model()
        var results: [UseCaseResult?] = []
        model.onChange = { results.append($0.result) }
        let exported = ExportedLikes(form: .video, destination: "/out/likes.mp4", written: 2, saved: "Saved one video of 2 of the 3 liked clips",
                                     leftOut: ["b.png is a photo, left out of the stitched video"])
        model.finished(.exported(exported))
        model.finished(.notStarted(NotStarted(.exportLikes)))
        #expect(results == [.exported(exported), .notStarted(NotStarted(.exportLikes))])
        #expect(model.lastResult == .notStarted(NotStarted(.exportLikes)))
    }

    @Test func aResultFinishedDuringARenderPassIsShownAfterItInAPassOfItsOwn() {
        let model = Self.model()
        var log: [String] = []
        var depth = 0, deepest = 0
        var resultDuringPass: UseCaseResult?
        var asked = false
        model.onChange = { change in
            depth += 1
            deepest = max(deepest, depth)
            let name = change.result != nil ? "result" : change.step != nil ? "step" : "other"
            log.append("begin \(name)")
            if name == "step", !asked {
                asked = true
                model.finished(.applied(Self.applied))  // as Apply's end arriving while a decision renders
                resultDuringPass = model.lastResult
            }
            log.append("end \(name)")
            depth -= 1
        }
        model.perform(.like)
        #expect(log == ["begin step", "end step", "begin result", "end result"])
        #expect(deepest == 1, "no pass runs inside another")
        #expect(resultDuringPass == nil, "the model does not change under the pass that reads it")
        #expect(model.lastResult == .applied(Self.applied))
    }

    @Test func anotherDeckDropsTheLastResult() {
        let model = Self.model()
        model.finished(.applied(Self.applied))
        model.load(clips: [], session: ReviewSession(deck: Deck(count: 0)), folder: "/other")
        #expect(model.lastResult == nil)
    }
}
