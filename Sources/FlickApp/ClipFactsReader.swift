import FlickCore
import FlickMedia
import Foundation

/// Reads durations and sizes (photos: their size) in the background for the cards near the top,
/// nearest first, one at a time through a `MediaService`, and hands each outcome to `deliver`
/// (the window words it into the model): a 10,000-clip folder costs 40 discoveries, not 10,000,
/// and the reading follows the cursor. No GTK: a photo's size comes from `photoSize`.
@MainActor
public final class ClipFactsReader {
    /// Cards ahead of the top whose duration and size are read in advance.
    public static let window = 40

    /// A photo's size as shown (upright), read without decoding the photo.
    public typealias PhotoSize = @Sendable (String) throws(MediaError) -> (width: Int, height: Int)
    /// What a read found about the clip with this id (facts, or why it cannot be read).
    public typealias Deliver = @MainActor (Result<ClipInfo, MediaError>, Int64) -> Void

    /// A clip's facts, by version (a changed file is read again).
    public static func key(_ clip: ReviewClip) -> MediaKey { MediaKey("facts", id: clip.id, version: clip.version) }

    private let model: ReviewModel
    private let service: MediaService
    private let read: @Sendable (String, ClipKind) throws(MediaError) -> ClipInfo
    private let deliver: Deliver
    /// The discovery waiting or running.
    private var current: MediaService.Ticket?

    /// `read` finds one clip's facts off the main thread (the app passes
    /// `read(path:kind:photoSize:)` with its photo reader).
    public init(model: ReviewModel, service: MediaService, read: @escaping @Sendable (String, ClipKind) throws(MediaError) -> ClipInfo,
                deliver: @escaping Deliver) {
        self.model = model
        self.service = service
        self.read = read
        self.deliver = deliver
    }

    /// The reader's part of the render pass: a new deck or another card on
    /// top starts again from the top; a step or a rescan reads on.
    public func render(_ change: ReviewChange) {
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
    /// ones the service already holds are delivered at once.
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
                deliver(stored, clip.id)
                continue
            }
            let path = model.absolutePath(of: clip), kind = clip.kind, id = clip.id, read = read
            current = service.request(key) { () throws(MediaError) -> ClipInfo in
                try read(path, kind)
            } completion: { [weak self] result in
                guard let self else { return }
                current = nil
                deliver(result, id)
                readAhead()
            }
            return
        }
    }

    /// Off the main thread: a clip's facts from discovery, a photo's size
    /// from `photoSize`; either with what is damaged in the file.
    public nonisolated static func read(path: String, kind: ClipKind, photoSize: PhotoSize) throws(MediaError) -> ClipInfo {
        var info: ClipInfo
        if kind == .photo {
            let size = try photoSize(path)
            info = ClipInfo(width: size.width, height: size.height, hasVideo: true)
        } else {
            info = try ClipDiscovery.discover(path: path)
        }
        info.damage = FileDamage.check(path: path, isPhoto: kind == .photo)
        return info
    }
}
