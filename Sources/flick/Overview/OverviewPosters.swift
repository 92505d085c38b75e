import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// Posters and durations for the tiles on screen, through the app's
/// `MediaService`: a tile asks when the grid binds it; the work runs off
/// the main thread, a few at a time, newest request first, so scrolling
/// past a thousand tiles costs nothing for the ones already gone (a request
/// whose tile was recycled before its turn is dropped). Stills come from
/// the shared thumbnail cache, or are decoded once and stored there, then
/// shrunk off the main thread to the tile's poster box, as a cairo surface
/// the tile draws as it is; durations go to the review model as facts.
@MainActor
final class OverviewPosters {
    /// A tile's still (an `ImageSurface` fitted to its poster box).
    static func key(_ clipID: Int64) -> MediaKey { MediaKey("tile", id: clipID) }

    private let model: ReviewModel
    private let service: MediaService
    /// Whether a clip is still on screen (a request for a recycled tile is dropped).
    var isWanted: (Int64) -> Bool = { _ in true }
    /// A poster arrived for a clip.
    var onPoster: (Int64) -> Void = { _ in }

    init(model: ReviewModel, service: MediaService = .app) {
        self.model = model
        self.service = service
    }

    func image(for id: Int64) -> ImageSurface? { service.value(Self.key(id), as: ImageSurface.self) }

    /// The poster as a texture, for a GtkPicture (the Apply list's rows);
    /// it shares the still's pixels and lives as long as the still.
    func texture(for id: Int64) -> OpaquePointer? { image(for: id)?.sharedTexture }

    /// Asks for the poster (and duration) of the clip at `position`, made
    /// to fit `box` (the tile's poster box in pixels).
    func request(position: Int, box: TileBox) {
        let clip = model.clips[position]
        let facts = model.facts(at: position)
        if clip.kind == .video, facts.duration == nil, facts.problem == nil {
            requestFacts(clip, path: model.absolutePath(of: clip))
        }
        requestStill(clip, path: model.absolutePath(of: clip), box: box)
    }

    /// Forgets every still (another folder, or files changed).
    func reset() {
        service.forget { $0.kind == Self.key(0).kind }
    }

    private func requestFacts(_ clip: ReviewClip, path: String) {
        let id = clip.id, kind = clip.kind
        // Read already (the model has what it learned): not again.
        guard service.cached(FactsReader.key(clip), as: ClipInfo.self) == nil else { return }
        service.request(FactsReader.key(clip), wanted: { [weak self] in self?.isWanted(id) ?? false }) { () throws(MediaError) -> ClipInfo in
            try FactsReader.read(path: path, kind: kind)
        } completion: { [weak self] result in
            self?.model.apply(result, clipID: id)
        }
    }

    private func requestStill(_ clip: ReviewClip, path: String, box: TileBox) {
        let id = clip.id, kind = clip.kind, service = service
        // Made (or found unmakeable) already: the tile was given it when bound.
        guard service.cached(Self.key(id), as: ImageSurface.self) == nil else { return }
        service.request(Self.key(id), wanted: { [weak self] in self?.isWanted(id) ?? false }) { () throws(MediaError) -> ImageSurface in
            try Self.still(path: path, kind: kind, box: box, service: service)
        } completion: { [weak self] result in
            guard let self, case .success = result else { return }
            onPoster(id)
        }
    }

    /// Off the main thread: the clip's still fitted to `box` (a photo
    /// upright, a clip's poster from the thumbnail cache or decoded).
    nonisolated static func still(path: String, kind: ClipKind, box: TileBox, service: MediaService) throws(MediaError) -> ImageSurface {
        let image = kind == .photo ? TileSurface.photo(path: path, in: box)
                                   : TileSurface.fitting(try service.poster(path: path), in: box)
        guard let image else { throw .noPicture(file: RawPath.display((path as NSString).lastPathComponent)) }
        return image
    }
}
