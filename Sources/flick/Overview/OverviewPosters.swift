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
/// the review model as facts. Textures for recent clips are kept.
@MainActor
final class OverviewPosters {
    /// Decoded posters kept in memory (about 90 KB each).
    static let keep = 400
    /// Jobs running at once (each may decode a clip).
    static let workers = 2

    private let model: ReviewModel
    private var textures: [Int64: ObjectRef<OpaquePointer>] = [:]
    private var order: [Int64] = []
    private var pending: [(id: Int64, path: String, kind: ClipKind, needsFacts: Bool)] = []
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

    func texture(for id: Int64) -> OpaquePointer? { textures[id]?.pointer }

    /// Asks for the poster (and duration) of the clip at `position`.
    func request(position: Int) {
        let clip = model.clips[position]
        let needsFacts = clip.kind == .video && model.facts(at: position).duration == nil && model.facts(at: position).problem == nil
        guard textures[clip.id] == nil || needsFacts, !attempted.contains(clip.id) else { return }
        pending.removeAll { $0.id == clip.id }
        pending.append((clip.id, model.absolutePath(of: clip), clip.kind, needsFacts))
        startJobs()
    }

    /// Forgets everything (another folder, or files changed).
    func reset() {
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
            let (path, kind, needsFacts) = (job.path, job.kind, job.needsFacts)
            Task { @MainActor [weak self] in
                let result = await Task.detached(priority: .utility) {
                    Self.make(path: path, kind: kind, needsFacts: needsFacts)
                }.value
                self?.finish(job.id, result)
            }
        }
    }

    private func finish(_ id: Int64, _ result: Made) {
        running -= 1
        if let info = result.info {
            model.setFacts(clipID: id, duration: info.duration, width: info.width, height: info.height, summary: info.summary)
        } else if let problem = result.problem {
            model.setProblem(clipID: id, reason: problem)
        }
        if let image = result.image, let texture = image.texture() {
            made += 1
            textures[id] = ObjectRef(taking: texture)
            order.append(id)
            if order.count > Self.keep { textures[order.removeFirst()] = nil }
            onPoster(id)
        }
        startJobs()
    }

    private struct Made: Sendable {
        var image: TileImage?
        var info: ClipInfo?
        var problem: String?
    }

    /// Off the main thread: the clip's facts if asked, and its still.
    nonisolated private static func make(path: String, kind: ClipKind, needsFacts: Bool) -> Made {
        var made = Made()
        if kind == .photo {
            made.image = TileImage.photo(path: path)
            return made
        }
        if needsFacts {
            do throws(MediaError) { made.info = try ClipDiscovery.discover(path: path) } catch { made.problem = error.description }
        }
        guard made.problem == nil else { return made }
        let frame: RawFrame? = ThumbnailCache.lookup(path) ?? {
            guard let frame = try? PosterFrame.render(path: path, maxSize: ThumbnailCache.size) else { return nil }
            ThumbnailCache.store(frame, for: path)
            return frame
        }()
        made.image = frame.map(TileImage.init(fitting:))
        return made
    }
}
