import FlickCore
import Foundation

/// A test hook until the decision store lands: with `FLICK_STATE_FILE` set,
/// the review state is written there as JSON after every action
/// (`{"cursor": N, "decisions": [{"path": …, "decision": "like"|null}]}`).
enum StateHook {
    static let path = ProcessInfo.processInfo.environment["FLICK_STATE_FILE"]

    static func write(_ session: ReviewSession, clips: [ScannedClip]) {
        guard let path else { return }
        let decisions: [[String: Any]] = zip(clips, session.deck.decisions).map { clip, decision in
            ["path": clip.relativePath, "decision": decision?.rawValue ?? NSNull()]
        }
        let object: [String: Any] = ["cursor": session.deck.cursor, "decisions": decisions, "undo": session.history.count]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        let temporary = path + ".tmp"
        if FileManager.default.createFile(atPath: temporary, contents: data) {
            _ = rename(temporary, path)
        }
    }
}
