import CGtk
import FlickCore
import FlickMedia
import Foundation
import GtkKit

extension MediaService {
    /// The app's one service for posters, tile stills and facts: enough for
    /// the overview's tiles on screen and around them, the stack's cards and
    /// the facts read ahead (a tile's still is about 100 KB).
    static let app = MediaService(capacity: 600, workers: 2)

    /// The stack's poster of a clip, as decoded (at most `ThumbnailCache.size`).
    static func posterKey(_ clipID: Int64) -> MediaKey { MediaKey("poster", id: clipID) }
}

/// Poster frames for the cards beneath the live ones, through the app's
/// `MediaService`: from memory, the shared thumbnail cache, or decoded off
/// the main thread (then stored in both).
extension CardStackView {
    func requestPoster(for card: CardView) {
        let id = card.clipID, path = card.path
        // Every show() asks again for the cards beneath: one request per card.
        guard posterJobs[id] == nil else { return }
        let service = MediaService.app
        let ticket = service.request(MediaService.posterKey(id)) { () throws(MediaError) -> RawFrame in
            try service.poster(path: path)
        } completion: { [weak self] result in
            guard let self else { return }
            posterJobs[id] = nil
            switch result {
            case .success(let frame):
                cards[id]?.setPoster(frame)
                onStateChange()
            case .failure(.noPicture):
                break  // sound alone: the card shows its sound sign (from its facts)
            case .failure(let error):
                model.setProblem(clipID: id, reason: ErrorText.describe(error))
            }
        }
        if let ticket { posterJobs[id] = ticket }
    }

    /// Drops the poster request of a card that left the stack (a render
    /// already running finishes and is kept for later).
    func cancelPoster(for clipID: Int64) {
        if let ticket = posterJobs.removeValue(forKey: clipID) { MediaService.app.cancel(ticket) }
    }
}
