import Testing
@testable import FlickCore

/// The render pass never re-enters: what the window asks of the model while
/// it renders (a poster that failed, facts already cached, a decision) is
/// queued, applied once the pass ends, and rendered in a pass of its own.
@MainActor
@Suite struct ReviewModelRenderPassTests {
    /// Records each pass's start and end, and how deep passes nest.
    private final class Passes {
        var log: [String] = []
        var depth = 0
        var deepest = 0
    }

    private static func model() -> ReviewModel {
        let model = ReviewModel(sink: KeepingSink())
        let clips = (1...3).map { ReviewClip(id: Int64($0), relativePath: "c\($0).mp4", name: "c\($0).mp4", kind: .video) }
        model.load(clips: clips, session: ReviewSession(deck: Deck(ids: clips.map(\.id))))
        return model
    }

    private static func name(_ change: ReviewChange) -> String {
        if change.deck == .opened { return "opened" }
        if let id = change.facts { return "facts \(id)" }
        if let step = change.step { return "step \(step)" }
        return "other"
    }

    /// `during` runs inside the pass named `pass`, once.
    private static func follow(_ model: ReviewModel, _ passes: Passes, during pass: String, _ during: @escaping @MainActor () -> Void) {
        var done = false
        model.onChange = { change in
            let name = Self.name(change)
            passes.depth += 1
            passes.deepest = max(passes.deepest, passes.depth)
            passes.log.append("begin \(name)")
            if name == pass, !done {
                done = true
                during()
            }
            passes.log.append("end \(name)")
            passes.depth -= 1
        }
    }

    @Test func aProblemFoundDuringARenderPassIsAppliedAfterItInAPassOfItsOwn() {
        let model = Self.model()
        let passes = Passes()
        var problemDuringPass: String?
        Self.follow(model, passes, during: "opened") {
            model.setProblem(clipID: 1, reason: "broken")  // as the stack does when a poster fails
            problemDuringPass = model.facts(at: 0).problem
        }
        model.load(clips: model.clips, session: ReviewSession(deck: Deck(ids: model.clips.map(\.id))))
        #expect(passes.log == ["begin opened", "end opened", "begin facts 1", "end facts 1"])
        #expect(passes.deepest == 1, "no pass runs inside another")
        #expect(problemDuringPass == nil, "the model does not change under the pass that reads it")
        #expect(model.facts(at: 0).problem == "broken")
        #expect(!model.isRendering)
    }

    @Test func requestsMadeDuringOnePassRunInTheirOrderEachInAPassOfItsOwn() {
        let model = Self.model()
        let passes = Passes()
        var performed: ReviewModel.Performed?
        Self.follow(model, passes, during: "opened") {
            model.setFacts(clipID: 2, duration: 8, summary: "0:08")  // as the facts reader does with a cached result
            performed = model.perform(.like)
            model.setProblem(clipID: 3, reason: "broken")
        }
        model.load(clips: model.clips, session: ReviewSession(deck: Deck(ids: model.clips.map(\.id))))
        #expect(performed == .queued, "a decision asked during a pass is not taken inside it")
        let liked = Self.name(ReviewChange(cursor: .stepped(.decided(position: 0, decision: .like))))
        #expect(passes.log == ["begin opened", "end opened", "begin facts 2", "end facts 2",
                               "begin \(liked)", "end \(liked)", "begin facts 3", "end facts 3"])
        #expect(passes.deepest == 1)
        #expect(model.decision(at: 0) == .like && model.facts(at: 1).duration == 8 && model.facts(at: 2).problem == "broken")
    }

    @Test func aRequestMadeInAQueuedPassWaitsForThatPassToo() {
        let model = Self.model()
        let passes = Passes()
        var chained = false
        var done = false
        model.onChange = { change in
            passes.depth += 1
            passes.deepest = max(passes.deepest, passes.depth)
            passes.log.append(Self.name(change))
            if change.deck == .opened, !done {
                done = true
                model.setProblem(clipID: 1, reason: "broken")
            } else if change.facts == 1, !chained {
                chained = true
                model.setProblem(clipID: 2, reason: "broken too")  // asked in the queued pass
                #expect(model.facts(at: 1).problem == nil)
            }
            passes.depth -= 1
        }
        model.load(clips: model.clips, session: ReviewSession(deck: Deck(ids: model.clips.map(\.id))))
        #expect(passes.log == ["opened", "facts 1", "facts 2"])
        #expect(passes.deepest == 1)
    }
}
