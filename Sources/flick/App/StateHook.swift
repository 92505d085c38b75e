import FlickCore
import FlickStore
import FlickMedia
import Foundation

/// A test hook: with `FLICK_STATE_FILE` set, the window's review state —
/// including the top card, which the store does not keep — is written there
/// as JSON after every action
/// (`{"cursor": N, "undo": N, "decisions": [{"path": …, "decision": "like"|null}]}`).
enum StateHook {
    static let path = ProcessInfo.processInfo.environment["FLICK_STATE_FILE"]

    @MainActor
    static func write(_ session: ReviewSession, clips: [StoredClip], stack: CardStackView) {
        guard let path else { return }
        let decisions: [[String: Any]] = zip(clips, session.deck.decisions).map { clip, decision in
            ["path": clip.relativePath, "decision": decision?.rawValue ?? NSNull()]
        }
        let object: [String: Any] = ["cursor": session.deck.cursor, "decisions": decisions, "undo": session.history.count,
                                     "playing": stack.topCard?.isPlaying ?? false, "muted": stack.muted,
                                     "top_muted": stack.topCard?.isMuted ?? NSNull(),
                                     "pipelines": VideoPlayer.livePipelines.now, "max_pipelines": VideoPlayer.livePipelines.most,
                                     "posters_cached": CardStackView.postersFromCache, "posters_decoded": CardStackView.postersDecoded]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        let temporary = path + ".tmp"
        if FileManager.default.createFile(atPath: temporary, contents: data) {
            _ = rename(temporary, path)
        }
    }
}
