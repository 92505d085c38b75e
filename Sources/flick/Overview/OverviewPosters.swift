import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// Posters and durations for the tiles on screen, made lazily: a tile asks
/// when the grid binds it, and the work runs off the main thread, two at a
/// time, nearest request last in first out — so scrolling past a thousand
/// tiles costs nothing for the ones already gone (a job whose tile was
/// recycled before it started is dropped). Stills come from the shared
/// thumbnail cache, or are decoded once and stored there; durations go to
/// the review model as facts. Each still is shrunk off the main thread to
/// the tile's poster box, as a cairo surface the tile draws as it is; the
/// stills of recent clips are kept.
@MainActor
final class OverviewPosters {
    /// Posters kept in memory (about 100 KB each).
    static let keep = 400
    /// Jobs running at once (each may decode a clip).
    static let workers = 2

    private let model: ReviewModel
    private var images: [Int64: ImageSurface] = [:]
    private var textures: [Int64: ObjectRef<OpaquePointer>] = [:]
    private var order: [Int64] = []
    private var pending: [(id: Int64, path: String, kind: ClipKind, needsFacts: Bool, box: TileBox)] = []
    private var running = 0
    private var attempted: Set<Int64> = []
    /// Whether a clip is still on screen (a job for a recycled tile is dropped).
    var isWanted: (Int64) -> Bool = { _ in true }
    /// A poster arrived for a clip.
    var onPoster: (Int64) -> Void = { _ in }
    /// Posters made so far (for the state hook).
    private(set) var made = 0

    init(model: ReviewModel) {
        self.model = model
    }

    func image(for id: Int64) -> ImageSurface? { images[id] }

    /// The poster as a texture, for a GtkPicture (the Apply list's rows);
    /// made once from the surface, kept as long as it is.
    func texture(for id: Int64) -> OpaquePointer? {
        if let texture = textures[id] { return texture.pointer }
        guard let texture = images[id]?.texture() else { return nil }
        textures[id] = ObjectRef(taking: texture)
        return texture
    }

    /// Asks for the poster (and duration) of the clip at `position`, made
    /// to fit `box` (the tile's poster box in pixels).
    func request(position: Int, box: TileBox) {
        let clip = model.clips[position]
        let needsFacts = clip.kind == .video && model.facts(at: position).duration == nil && model.facts(at: position).problem == nil
        guard images[clip.id] == nil || needsFacts, !attempted.contains(clip.id) else { return }
        pending.removeAll { $0.id == clip.id }
        pending.append((clip.id, model.absolutePath(of: clip), clip.kind, needsFacts, box))
        startJobs()
    }

    /// Forgets everything (another folder, or files changed).
    func reset() {
        images = [:]
        textures = [:]
        order = []
        pending = []
        attempted = []
    }

    private func startJobs() {
        while running < Self.workers, let job = pending.popLast() {
            guard isWanted(job.id) else { continue }
            attempted.insert(job.id)
            running += 1
            let (path, kind, needsFacts, box) = (job.path, job.kind, job.needsFacts, job.box)
            Task { @MainActor [weak self] in
                let result = await Task.detached(priority: .utility) {
                    Self.make(path: path, kind: kind, needsFacts: needsFacts, box: box)
                }.value
                self?.finish(job.id, result)
            }
        }
    }

    private func finish(_ id: Int64, _ result: Made) {
        running -= 1
        if let info = result.info {
            model.setFacts(clipID: id, from: info)
        } else if let problem = result.problem {
            model.setProblem(clipID: id, reason: problem)
        }
        if let image = result.image {
            made += 1
            images[id] = image
            textures[id] = nil
            order.append(id)
            if order.count > Self.keep {
                let old = order.removeFirst()
                images[old] = nil
                textures[old] = nil
            }
            onPoster(id)
        }
        startJobs()
    }

    private struct Made: Sendable {
        var image: ImageSurface?
        var info: ClipInfo?
        var problem: String?
    }

    /// Off the main thread: the clip's facts if asked, and its still.
    nonisolated private static func make(path: String, kind: ClipKind, needsFacts: Bool, box: TileBox) -> Made {
        var made = Made()
        if kind == .photo {
            made.image = TileSurface.photo(path: path, in: box)
            return made
        }
        if needsFacts {
            do throws(MediaError) { made.info = try ClipDiscovery.discover(path: path) } catch { made.problem = ErrorText.media(error) }
        }
        guard made.problem == nil else { return made }
        let frame: RawFrame? = ThumbnailCache.lookup(path) ?? {
            guard let frame = try? PosterFrame.render(path: path, maxSize: ThumbnailCache.size) else { return nil }
            ThumbnailCache.store(frame, for: path)
            return frame
        }()
        made.image = frame.flatMap { TileSurface.fitting($0, in: box) }
        return made
    }
}
