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
        // One decode per clip at a time: every show() asks again for the
        // cards beneath, and a fast run of decisions would queue a decode
        // per card per step, which the pool works through long after.
        guard posterJobs[id] == nil else { return }
        let job = Task.detached(priority: .utility) { () -> Result<(RawFrame, Bool), MediaError>? in
            // The card left before its turn (see `cancelPoster`): nothing to do.
            guard !Task.isCancelled else { return nil }
            if let cached = ThumbnailCache.lookup(path) { return .success((cached, true)) }
            guard !Task.isCancelled else { return nil }
            return Result { () throws(MediaError) in
                let frame = try PosterFrame.render(path: path, maxSize: ThumbnailCache.size)
                ThumbnailCache.store(frame, for: path)
                return (frame, false)
            }
        }
        posterJobs[id] = job
        Task { @MainActor [weak self] in
            let result = await job.value
            guard let self else { return }
            if posterJobs[id] == job { posterJobs[id] = nil }
            guard let result else { return }
            switch result {
            case .success(let (frame, cached)):
                if cached { Self.postersFromCache += 1 } else { Self.postersDecoded += 1 }
                posters[id] = frame
                posterOrder.append(id)
                if posterOrder.count > Self.posterCacheSize { posters[posterOrder.removeFirst()] = nil }
                cards[id]?.setPoster(frame)
                onStateChange()
            case .failure(.noPicture):
                break  // sound alone: the card shows its sound sign (from its facts)
            case .failure(let error):
                model.setProblem(clipID: id, reason: ErrorText.describe(error))
            }
        }
    }

    /// Drops the poster decode of a card that left the stack, unless it
    /// has started (a queued one then ends at once).
    func cancelPoster(for clipID: Int64) {
        posterJobs.removeValue(forKey: clipID)?.cancel()
    }
}
