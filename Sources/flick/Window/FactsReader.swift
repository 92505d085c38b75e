import CGtk
import FlickCore
import FlickMedia
import Foundation

/// Reads durations and sizes (photos: their size) in the background for the cards near the top,
/// nearest first, and hands them to the model: a 10,000-clip folder costs
/// 40 discoveries, not 10,000, and the window follows the cursor. A clip
/// that cannot be read becomes a problem the card shows.
@MainActor
final class FactsReader {
    /// Cards ahead of the top whose duration and size are read in advance.
    static let window = 40

    private let model: ReviewModel
    private var task: Task<Void, Never>?
    /// Clip versions whose discovery has started (each is read once).
    private var attempted: Set<String> = []

    init(model: ReviewModel) {
        self.model = model
        model.observe { [unowned self] update in
            switch update {
            case .loaded(let keptTop):
                if !keptTop { restart() } else { readAhead() }
            case .outcome:
                readAhead()
            case .rolledBack, .facts, .playback:
                break
            }
        }
    }

    private func restart() {
        task?.cancel()
        task = nil
        attempted = []
        readAhead()
    }

    private func nextJob() -> (id: Int64, path: String, kind: ClipKind)? {
        let cursor = model.cursor
        let start = max(0, cursor - 1), end = min(model.count, cursor + Self.window)
        guard start < end else { return nil }
        for position in start..<end {
            let clip = model.clips[position]
            let key = "\(clip.id)/\(clip.version)"
            let facts = model.facts(at: position)
            let known = clip.kind == .video ? facts.duration != nil : facts.width != nil
            guard !known, !attempted.contains(key) else { continue }
            attempted.insert(key)
            return (clip.id, model.absolutePath(of: clip), clip.kind)
        }
        return nil
    }

    private func readAhead() {
        guard task == nil else { return }
        task = Task { @MainActor [weak self] in
            while !Task.isCancelled, let job = self?.nextJob() {
                let path = job.path, kind = job.kind
                let result = await Task.detached(priority: .utility) {
                    Result { () throws(MediaError) -> ClipInfo in
                        if kind == .photo { return try FactsReader.photoInfo(path: path) }
                        return try ClipDiscovery.discover(path: path)
                    }
                }.value
                guard let self, !Task.isCancelled else { return }
                switch result {
                case .success(let info):
                    model.setFacts(clipID: job.id, from: info)
                case .failure(let error):
                    // The card stays decidable and says why it cannot play.
                    model.setProblem(clipID: job.id, reason: ErrorText.media(error))
                    Log.warning("\(error)", category: "media")
                }
            }
            self?.task = nil
        }
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
                 soundOnly: info.isSoundOnly, sidesSwapped: info.orientation.swapsSides)
    }
}
