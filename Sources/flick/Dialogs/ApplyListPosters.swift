import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// Posters for the Apply list's rows on screen, through the app's
/// `MediaService`: a row asks when the list binds it and gets the
/// overview's still of the clip (the same key), made off the main thread
/// when there is none yet — from the shared thumbnail cache, or decoded
/// once and stored there — newest request first. A request whose row
/// scrolled away before its turn is dropped, so scrolling past 2,000 files
/// costs nothing for the rows already gone.
@MainActor
final class ApplyListPosters {
    private let shared: (Int64) -> OpaquePointer?
    private let service: MediaService
    /// Whether a clip is still on screen (a request for a recycled row is dropped).
    var isWanted: (Int64) -> Bool = { _ in true }
    /// A poster arrived for a clip.
    var onPoster: (Int64) -> Void = { _ in }

    /// `shared` gives a poster the overview already holds.
    init(shared: @escaping (Int64) -> OpaquePointer?, service: MediaService = .app) {
        self.shared = shared
        self.service = service
    }

    func texture(for id: Int64) -> OpaquePointer? {
        shared(id) ?? service.value(OverviewPosters.key(id), as: ImageSurface.self)?.sharedTexture
    }

    /// Asks for the poster of the file `id` at `path`.
    func request(_ id: Int64, path: String) {
        let key = OverviewPosters.key(id)
        guard service.cached(key, as: ImageSurface.self) == nil else { return }
        let box = TileBox(width: OverviewTile.posterWidth, height: OverviewTile.posterHeight), service = service
        service.request(key, wanted: { [weak self] in self?.isWanted(id) ?? false }) { () throws(MediaError) -> ImageSurface in
            let kind = ClipKind(fileName: (path as NSString).lastPathComponent) ?? .video
            return try OverviewPosters.still(path: path, kind: kind, box: box, service: service)
        } completion: { [weak self] result in
            guard let self, case .success = result else { return }
            onPoster(id)
        }
    }
}
