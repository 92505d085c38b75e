import FlickCore
import FlickStore
import FlickMedia
import Foundation

/// A test hook: with `FLICK_STATE_FILE` set, the review model's state —
/// including the top card, which the store does not keep — is written there
/// as JSON after every change
/// (`{"cursor": N, "undo": N, "decisions": [{"path": …, "decision": "like"|null}], …}`).
///
/// Writes are coalesced to one per main-loop turn, so a burst of keys on a
/// big deck costs one snapshot, not one per key; the decisions (100,000 on
/// a big folder) are written straight into bytes, and only again after the
/// model changed, not for every tick of the playing clip.
@MainActor
enum StateHook {
    static let path = ProcessInfo.processInfo.environment["FLICK_STATE_FILE"]
    private static var latest: (() -> Snapshot)?
    /// How many more times to look again while the pipeline has not yet
    /// reached the state the model asks for ("playing" is the pipeline's
    /// real state, which follows the request a moment later).
    private static var settleChecks = 0
    /// How many times the model took a new deck or a changed scan of it.
    private static var loads = 0
    /// Writes a snapshot now (set by `follow`).
    private static var poke: (@MainActor () -> Void)?
    private static var playedOnce = false
    /// The decisions array as JSON, until the model changes.
    private static var decisionsJSON: [UInt8]?
    /// The overview's part of the snapshot (set by the window).
    static var overview: (@MainActor () -> OverviewState)?
    /// The Apply confirmation's, while it is open.
    static var applyList: (@MainActor () -> ApplyListState)?

    /// The overview as tests see it: shown, filter, tiles, selection (deck
    /// positions), the clip previewing, posters made.
    struct OverviewState: Encodable {
        let shown: Bool
        let filter: String
        let tiles: Int
        let selected: [Int]
        let preview: String?
        let posters: Int
    }

    /// The Apply confirmation as tests see it: its heading and body (the
    /// totals), how many files it lists and how many stay checked, the file
    /// whose check has the focus, the rows the list made, posters shown.
    struct ApplyListState: Encodable {
        let heading: String
        let body: String
        let files: Int
        let checked: Int
        let focus: String?
        let rows: Int
        let posters: Int
    }

    /// The hook's part of the render pass.
    static func render(_ change: ReviewChange) {
        guard path != nil else { return }
        if change.deck != nil || change.cursor == .jumped || (change.decisions && change.step == nil) { loads += 1 }
        decisionsJSON = nil
        poke?()
    }

    /// Something the model does not publish changed (the overview's
    /// selection, preview or page): write a snapshot.
    static func changed() { poke?() }

    /// Writes a snapshot after every change of `model` (called last in the
    /// window's render pass, so the status line is current), and while the
    /// top pipeline catches up with a play or pause.
    static func follow(_ model: ReviewModel, page: ReviewPage) {
        guard path != nil else { return }
        let snapshot: @MainActor () -> Void = { write(model, page: page) }
        poke = snapshot
        page.stack.onStateChange = snapshot
        page.player.onTiming = snapshot
    }

    private static func write(_ model: ReviewModel, page: ReviewPage) {
        let stack = page.stack
        let player = page.player
        let scheduled = latest != nil
        latest = {
            let session = model.session
            return Snapshot(cursor: session.deck.cursor, undo: session.history.count,
                            playing: stack.topCard?.isPlaying ?? false, muted: model.playback.muted, topMuted: stack.topCard?.isMuted,
                            pipelines: VideoPlayer.livePipelines.now, maxPipelines: VideoPlayer.livePipelines.most,
                            postersCached: MediaService.app.stats.postersFromThumbnails, postersDecoded: MediaService.app.stats.postersDecoded,
                            status: page.status, toast: model.undoOffer?.name, loads: loads,
                            card: stack.topCard.map { [Int($0.laidOutSize.width), Int($0.laidOutSize.height)] },
                            position: player.timing.position, duration: player.timing.duration,
                            rate: player.timing.rate, speed: model.playback.rate, paused: model.playback.paused,
                            fullscreen: page.isFullscreen, fullscreenButton: player.fullscreenButtonCentre,
                            overview: overview?(), applyList: applyList?())
        }
        settleChecks = 200  // up to 10 s for a pipeline to start or stop
        if !scheduled { Task { @MainActor in flush(model, stack: stack) } }
    }

    private static func flush(_ model: ReviewModel, stack: CardStackView) {
        guard let path, let snapshot = latest?() else { return }
        if snapshot.playing && !playedOnce {
            playedOnce = true
            Log.phase("the top card plays")
        }
        let wanted = stack.topCard?.isVideo == true && model.playback.shouldPlay && model.facts(at: model.cursor).problem == nil
        if snapshot.playing != wanted, settleChecks > 0 {
            settleChecks -= 1
            Task { @MainActor in
                try? await Task.sleep(for: .milliseconds(50))
                flush(model, stack: stack)
            }
        } else {
            latest = nil
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let rest = try? encoder.encode(snapshot), rest.first == UInt8(ascii: "{") else { return }
        let decisions = decisionsJSON ?? decisionsArray(model)
        decisionsJSON = decisions
        var data = Array("{\"decisions\":".utf8)
        data.reserveCapacity(data.count + decisions.count + rest.count + 1)
        data += decisions
        data.append(UInt8(ascii: ","))
        data += rest.dropFirst()
        let temporary = path + ".tmp"
        // A test hook: no fsync, only an atomic rename for readers.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written == data.count { _ = rename(temporary, path) }
    }

    /// `[{"decision": "like"|null, "path": …}, …]` in deck order.
    private static func decisionsArray(_ model: ReviewModel) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(2 + model.clips.count * 48)
        for (index, (clip, decision)) in zip(model.clips, model.session.deck.decisions).enumerated() {
            bytes.append(contentsOf: (index > 0 ? ",{\"decision\":" : "{\"decision\":").utf8)
            if let decision { JSONText.append(string: decision.rawValue, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
            bytes.append(contentsOf: ",\"path\":".utf8)
            JSONText.append(string: clip.relativePath, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// Everything but the decisions (written by `decisionsArray`).
    private struct Snapshot: Encodable {
        let cursor: Int
        let undo: Int
        let playing: Bool
        let muted: Bool
        let topMuted: Bool?
        let pipelines: Int
        let maxPipelines: Int
        let postersCached: Int
        let postersDecoded: Int
        let status: String
        /// The clip the Undo toast names, if one shows.
        let toast: String?
        let loads: Int
        /// The top card's laid-out size [width, height] (px).
        let card: [Int]?
        /// The top clip's pipeline: position and duration (s), and the rate it reports.
        let position: Double?
        let duration: Double?
        let rate: Double?
        /// The speed asked for, and whether the user paused.
        let speed: Double
        let paused: Bool
        let fullscreen: Bool
        /// The player bar's fullscreen button, [x, y] in the window.
        let fullscreenButton: [Int]?
        let overview: OverviewState?
        let applyList: ApplyListState?

        enum CodingKeys: String, CodingKey {
            case cursor, undo, playing, muted, pipelines, status, toast, loads
            case card, position, duration, rate, speed, paused, fullscreen, overview
            case applyList = "apply_list"
            case fullscreenButton = "fullscreen_button"
            case topMuted = "top_muted", maxPipelines = "max_pipelines"
            case postersCached = "posters_cached", postersDecoded = "posters_decoded"
        }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(cursor, forKey: .cursor)
            try container.encode(undo, forKey: .undo)
            try container.encode(playing, forKey: .playing)
            try container.encode(muted, forKey: .muted)
            try container.encode(topMuted, forKey: .topMuted)  // null when no card is on top
            try container.encode(pipelines, forKey: .pipelines)
            try container.encode(maxPipelines, forKey: .maxPipelines)
            try container.encode(postersCached, forKey: .postersCached)
            try container.encode(postersDecoded, forKey: .postersDecoded)
            try container.encode(status, forKey: .status)
            try container.encode(toast, forKey: .toast)
            try container.encode(loads, forKey: .loads)
            try container.encode(card, forKey: .card)
            try container.encode(position, forKey: .position)
            try container.encode(duration, forKey: .duration)
            try container.encode(rate, forKey: .rate)
            try container.encode(speed, forKey: .speed)
            try container.encode(paused, forKey: .paused)
            try container.encode(fullscreen, forKey: .fullscreen)
            try container.encode(fullscreenButton, forKey: .fullscreenButton)
            try container.encode(overview, forKey: .overview)
            try container.encode(applyList, forKey: .applyList)
        }
    }
}
