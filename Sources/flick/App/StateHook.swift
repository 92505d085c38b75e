import FlickCore
import FlickStore
import FlickMedia
import Foundation

/// A test hook: with `FLICK_STATE_FILE` set, the window's review state —
/// including the top card, which the store does not keep — is written there
/// as JSON after every action
/// (`{"cursor": N, "undo": N, "decisions": [{"path": …, "decision": "like"|null}], …}`).
///
/// Writes are coalesced to one per main-loop turn, so a burst of keys on a
/// big deck costs one snapshot, not one per key.
@MainActor
enum StateHook {
    static let path = ProcessInfo.processInfo.environment["FLICK_STATE_FILE"]
    private static var latest: (() -> Snapshot)?

    static func write(_ session: ReviewSession, clips: [StoredClip], stack: CardStackView) {
        guard path != nil else { return }
        let scheduled = latest != nil
        latest = {
            Snapshot(cursor: session.deck.cursor, undo: session.history.count,
                     decisions: zip(clips, session.deck.decisions).map { .init(path: $0.relativePath, decision: $1?.rawValue) },
                     playing: stack.topCard?.isPlaying ?? false, muted: stack.muted, topMuted: stack.topCard?.isMuted,
                     pipelines: VideoPlayer.livePipelines.now, maxPipelines: VideoPlayer.livePipelines.most,
                     postersCached: CardStackView.postersFromCache, postersDecoded: CardStackView.postersDecoded)
        }
        if !scheduled { Task { @MainActor in flush() } }
    }

    private static func flush() {
        guard let path, let snapshot = latest?() else { return }
        latest = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(snapshot) else { return }
        let temporary = path + ".tmp"
        // A test hook: no fsync, only an atomic rename for readers.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written == data.count { _ = rename(temporary, path) }
    }

    private struct Snapshot: Encodable {
        struct Entry: Encodable {
            let path: String
            let decision: String?
            enum CodingKeys: CodingKey { case path, decision }
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(path, forKey: .path)
                try container.encode(decision, forKey: .decision)  // null, not absent
            }
        }
        let cursor: Int
        let undo: Int
        let decisions: [Entry]
        let playing: Bool
        let muted: Bool
        let topMuted: Bool?
        let pipelines: Int
        let maxPipelines: Int
        let postersCached: Int
        let postersDecoded: Int

        enum CodingKeys: String, CodingKey {
            case cursor, undo, decisions, playing, muted, pipelines
            case topMuted = "top_muted", maxPipelines = "max_pipelines"
            case postersCached = "posters_cached", postersDecoded = "posters_decoded"
        }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(cursor, forKey: .cursor)
            try container.encode(undo, forKey: .undo)
            try container.encode(decisions, forKey: .decisions)
            try container.encode(playing, forKey: .playing)
            try container.encode(muted, forKey: .muted)
            try container.encode(topMuted, forKey: .topMuted)  // null when no card is on top
            try container.encode(pipelines, forKey: .pipelines)
            try container.encode(maxPipelines, forKey: .maxPipelines)
            try container.encode(postersCached, forKey: .postersCached)
            try container.encode(postersDecoded, forKey: .postersDecoded)
        }
    }
}
