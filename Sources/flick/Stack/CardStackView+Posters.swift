import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

/// Poster frames for the cards beneath the live ones: from the shared
/// thumbnail cache, or decoded off the main thread (then cached), and kept
/// for a few cards by clip id.
extension CardStackView {
    func requestPoster(for card: CardView) {
        if let frame = posters[card.clipID] {
            card.setPoster(frame)
            return
        }
        let path = card.path
        let id = card.clipID
        Task { @MainActor [weak self] in
            let result = await Task.detached(priority: .utility) { () -> Result<(RawFrame, Bool), MediaError> in
                if let cached = ThumbnailCache.lookup(path) { return .success((cached, true)) }
                return Result { () throws(MediaError) in
                    let frame = try PosterFrame.render(path: path, maxSize: ThumbnailCache.size)
                    ThumbnailCache.store(frame, for: path)
                    return (frame, false)
                }
            }.value
            guard let self else { return }
            switch result {
            case .success(let (frame, cached)):
                if cached { Self.postersFromCache += 1 } else { Self.postersDecoded += 1 }
                posters[id] = frame
                posterOrder.append(id)
                if posterOrder.count > Self.posterCacheSize { posters[posterOrder.removeFirst()] = nil }
                cards[id]?.setPoster(frame)
                onStateChange()
            case .failure(let error):
                model.setProblem(clipID: id, reason: error.description)
            }
        }
    }
}
