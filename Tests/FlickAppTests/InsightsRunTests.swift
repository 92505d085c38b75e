import FlickApp
import FlickCore
import FlickStore
import Foundation
import Testing

/// Stacks and suggestions found in the background for the deck a model
/// holds, handed to the model as the window gets them.
@MainActor
@Suite struct InsightsRunTests {
    private final class NoSink: DecisionSink {
        func record(_ outcome: ActionOutcome, session: ReviewSession) throws {}
        func rememberProblem(clipID: Int64, reason: String?) throws {}
    }

    /// A model holding the fixture's folder, as the window opens it.
    private func model(of fixture: AppFixture) throws -> ReviewModel {
        let folder = try ReviewedFolder(url: fixture.folder, recursive: false, order: .name, kinds: [.video], store: fixture.store)
        defer { folder.close() }
        let (sync, session) = try folder.load()
        let model = ReviewModel(sink: NoSink())
        model.load(clips: sync.clips.map(ReviewedFolder.reviewClip), session: session, folder: folder.record.path)
        return model
    }

    /// Waits, on the main actor, until the run has ended.
    private func finished(_ model: ReviewModel) async -> DeckInsights.Progress {
        while true {
            switch model.insights.progress {
            case .idle, .running: try? await Task.sleep(nanoseconds: 10_000_000)
            case let progress: return progress
            }
        }
    }

    @Test func anExactCopyIsOneStackAndItsExtraCopyIsSuggestedWithNothingDecided() async throws {
        let fixture = try AppFixture([("beach_rally_01.mp4", nil), ("final_point.webm", nil)])
        try FileManager.default.copyItem(atPath: fixture.path("beach_rally_01.mp4"), toPath: fixture.path("beach_rally_01 copy.mp4"))
        let model = try model(of: fixture)
        var published: [ReviewChange] = []
        model.onChange = { published.append($0) }
        let byName = Dictionary(uniqueKeysWithValues: model.clips.map { ($0.name, $0.id) })
        let original = try #require(byName["beach_rally_01.mp4"])
        let copy = try #require(byName["beach_rally_01 copy.mp4"])
        let other = try #require(byName["final_point.webm"])
        let run = InsightsRun(model: model, storePath: fixture.store.path)
        run.start(folder: fixture.folder.path, options: .init())

        #expect(await finished(model) == .done)
        let copies = try #require(model.insights.group(of: original))
        #expect(copies.kind == .copy)
        #expect(copies.members == [original, copy], "the original first: the card shows it on top")
        #expect(model.top?.id == original)
        #expect(model.insights.group(of: other) == nil)
        #expect(model.insights.suggestions(of: copy) == [.copy])
        #expect(model.insights.suggestions(of: original) == [])
        let size = try Data(contentsOf: fixture.folder.appendingPathComponent("final_point.webm")).count
        #expect(model.insights.bytes(of: other) == Int64(size))
        #expect(published.allSatisfy { $0.insights && $0.deck == nil && !$0.decisions })
        #expect(model.session.deck.decisions == [nil, nil, nil])
    }

    @Test func stacksTurnedOffLeaveEveryFileAloneButStillSuggest() async throws {
        let fixture = try AppFixture([("beach_rally_01.mp4", nil)])
        try FileManager.default.copyItem(atPath: fixture.path("beach_rally_01.mp4"), toPath: fixture.path("beach_rally_01 copy.mp4"))
        let model = try model(of: fixture)
        let run = InsightsRun(model: model, storePath: fixture.store.path)
        run.start(folder: fixture.folder.path, options: .init(stacks: false))

        #expect(await finished(model) == .done)
        #expect(model.insights.groups.isEmpty)
        #expect(model.insights.suggestions.values.map { $0 } == [[.copy]])
    }

    @Test func aStoreThatCannotBeOpenedEndsTheRunInTheCallersWords() async throws {
        let fixture = try AppFixture([("beach_rally_01.mp4", nil)])
        let model = try model(of: fixture)
        let run = InsightsRun(model: model, storePath: fixture.root.appendingPathComponent("missing/dir/flick.db").path,
                              describe: { _ in "the store is gone" })
        run.start(folder: fixture.folder.path, options: .init())

        #expect(await finished(model) == .failed(reason: "the store is gone"))
        let first = try #require(model.clips.first)
        #expect(model.insights.bytes(of: first.id) != nil)
    }
}
