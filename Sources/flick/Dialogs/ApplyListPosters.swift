import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// Posters for the Apply list's rows on screen, made lazily: a row asks
/// when the list binds it, the overview's poster is used when it has one,
/// and otherwise the still comes off the main thread from the shared
/// thumbnail cache (or is decoded once and stored there), one at a time,
/// newest request first. A request whose row scrolled away before its turn
/// is dropped, so scrolling past 2,000 files costs nothing for the rows
/// already gone.
@MainActor
final class ApplyListPosters {
    /// Stills kept in memory (about 90 KB each).
    static let keep = 100

    private let shared: (Int64) -> OpaquePointer?
    private var textures: [Int64: ObjectRef<OpaquePointer>] = [:]
    private var order: [Int64] = []
    private var pending: [(id: Int64, path: String)] = []
    private var attempted: Set<Int64> = []
    private var running = false
    /// Whether a clip is still on screen (a request for a recycled row is dropped).
    var isWanted: (Int64) -> Bool = { _ in true }
    /// A poster arrived for a clip.
    var onPoster: (Int64) -> Void = { _ in }

    /// `shared` gives a poster the overview already holds.
    init(shared: @escaping (Int64) -> OpaquePointer?) {
        self.shared = shared
    }

    func texture(for id: Int64) -> OpaquePointer? { shared(id) ?? textures[id]?.pointer }

    /// Asks for the poster of the file `id` at `path`.
    func request(_ id: Int64, path: String) {
        guard texture(for: id) == nil, !attempted.contains(id) else { return }
        pending.removeAll { $0.id == id }
        pending.append((id, path))
        startNext()
    }

    private func startNext() {
        guard !running else { return }
        while let job = pending.popLast() {
            guard isWanted(job.id) else { continue }
            attempted.insert(job.id)
            running = true
            let path = job.path
            Task { @MainActor [weak self] in
                let image = await Task.detached(priority: .utility) { Self.make(path: path) }.value
                self?.finish(job.id, image)
            }
            return
        }
    }

    private func finish(_ id: Int64, _ image: ImageSurface?) {
        running = false
        if let texture = image?.texture() {
            textures[id] = ObjectRef(taking: texture)
            order.append(id)
            if order.count > Self.keep { textures[order.removeFirst()] = nil }
            onPoster(id)
        }
        startNext()
    }

    /// Off the main thread: the cached still, or one decoded and cached.
    nonisolated private static func make(path: String) -> ImageSurface? {
        let box = TileBox(width: OverviewTile.posterWidth, height: OverviewTile.posterHeight)
        let name = (path as NSString).lastPathComponent
        if ClipKind(fileName: name) == .photo { return TileSurface.photo(path: path, in: box) }
        let frame: RawFrame? = ThumbnailCache.lookup(path) ?? {
            guard let frame = try? PosterFrame.render(path: path, maxSize: ThumbnailCache.size) else { return nil }
            ThumbnailCache.store(frame, for: path)
            return frame
        }()
        return frame.flatMap { TileSurface.fitting($0, in: box) }
    }
}
