import CGtk
import FlickCore
import FlickMedia
import Foundation

/// Reads durations and sizes (photos: their size) in the background for the cards near the top,
/// nearest first, one at a time through the app's `MediaService`, and hands them to the model: a
/// 10,000-clip folder costs 40 discoveries, not 10,000, and the window follows the cursor. A clip
/// that cannot be read becomes a problem the card shows.
@MainActor
final class FactsReader {
    /// Cards ahead of the top whose duration and size are read in advance.
    static let window = 40

    /// A clip's facts, by version (a changed file is read again).
    static func key(_ clip: ReviewClip) -> MediaKey { MediaKey("facts", id: clip.id, version: clip.version) }

    private let model: ReviewModel
    private let service: MediaService
    /// The discovery waiting or running.
    private var current: MediaService.Ticket?

    init(model: ReviewModel, service: MediaService = .app) {
        self.model = model
        self.service = service
    }

    /// The reader's part of the render pass: a new deck or another card on
    /// top starts again from the top; a step or a rescan reads on.
    func render(_ change: ReviewChange) {
        if change.deck == .opened || change.cursor == .jumped {
            restart(forgetting: change.deck == .opened)
        } else if change.deck == .rescanned || change.step != nil {
            readAhead()
        }
    }

    /// Reads on from the new top, dropping the discovery under way; a
    /// folder opened reads every clip again (`forgetting` what was read).
    private func restart(forgetting: Bool) {
        if let current { service.cancel(current) }
        current = nil
        if forgetting { service.forget { $0.kind == "facts" } }
        readAhead()
    }

    /// Asks for the facts of the first clip in the window not known yet;
    /// ones the service already holds go to the model at once.
    private func readAhead() {
        guard current == nil else { return }
        let cursor = model.cursor
        let start = max(0, cursor - 1), end = min(model.count, cursor + Self.window)
        guard start < end else { return }
        for position in start..<end {
            let clip = model.clips[position]
            let facts = model.facts(at: position)
            let known = clip.kind == .video ? facts.duration != nil : facts.width != nil
            guard !known, facts.problem == nil else { continue }
            let key = Self.key(clip)
            if let stored = service.cached(key, as: ClipInfo.self) {
                model.apply(stored, clipID: clip.id)
                continue
            }
            let path = model.absolutePath(of: clip), kind = clip.kind, id = clip.id
            current = service.request(key) { () throws(MediaError) -> ClipInfo in
                try Self.read(path: path, kind: kind)
            } completion: { [weak self] result in
                guard let self else { return }
                current = nil
                model.apply(result, clipID: id)
                readAhead()
            }
            return
        }
    }

    /// Off the main thread: a clip's facts from discovery, a photo's from its header.
    nonisolated static func read(path: String, kind: ClipKind) throws(MediaError) -> ClipInfo {
        var info = kind == .photo ? try photoInfo(path: path) : try ClipDiscovery.discover(path: path)
        info.damage = FileDamage.check(path: path, isPhoto: kind == .photo)
        return info
    }

    /// A photo's size as shown (upright) from its header, without decoding
    /// it, so its card takes its shape.
    nonisolated static func photoInfo(path: String) throws(MediaError) -> ClipInfo {
        let size = try PhotoFile.info(path: path)
        return ClipInfo(width: size.width, height: size.height, hasVideo: true)
    }
}

extension ReviewModel {
    /// What discovery learned, as the card and the player bar show it
    /// ("0:08 · 1080×1920"; "0:12 · sound only" for a voice memo).
    func setFacts(clipID: Int64, from info: ClipInfo) {
        let summary = info.isSoundOnly ? [info.summary, tr("sound only")].filter { !$0.isEmpty }.joined(separator: " · ") : info.summary
        setFacts(clipID: clipID, duration: info.duration, width: info.width, height: info.height, summary: summary,
                 soundOnly: info.isSoundOnly, sidesSwapped: info.orientation.swapsSides,
                 damage: info.damage.map { Words.damage($0, duration: info.duration) })
    }

    /// A discovery's outcome: the clip's facts, or why it cannot be read
    /// (the card stays decidable and says why it cannot play).
    func apply(_ result: Result<ClipInfo, MediaError>, clipID: Int64) {
        switch result {
        case .success(let info):
            setFacts(clipID: clipID, from: info)
        case .failure(let error):
            let reason = ErrorText.media(error)
            setProblem(clipID: clipID, reason: reason)
            Log.warning(reason, category: "media")
        }
    }
}
