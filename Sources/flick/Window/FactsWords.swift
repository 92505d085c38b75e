import FlickApp
import FlickCore
import FlickMedia
import Foundation

/// The window's facts reader: FlickApp's, reading photos through PhotoFile
/// and wording what it found into the model.
typealias FactsReader = ClipFactsReader

extension ClipFactsReader {
    /// The reader of the app's MediaService, wording into `model`.
    convenience init(model: ReviewModel, service: MediaService = .app) {
        self.init(model: model, service: service, read: { path, kind throws(MediaError) in try Self.read(path: path, kind: kind) },
                  deliver: { [unowned model] result, id in model.apply(result, clipID: id) })
    }

    /// Off the main thread: a clip's facts from discovery, a photo's from its header.
    nonisolated static func read(path: String, kind: ClipKind) throws(MediaError) -> ClipInfo {
        try read(path: path, kind: kind, photoSize: { path throws(MediaError) in try PhotoFile.info(path: path) })
    }
}

extension ReviewModel {
    /// What discovery learned, as the card and the player bar show it
    /// ("0:08 · 1080×1920"; "0:12 · sound only" for a voice memo).
    func setFacts(clipID: Int64, from info: ClipInfo) {
        let summary = info.isSoundOnly ? [info.summary, tr("sound only")].filter { !$0.isEmpty }.joined(separator: " · ") : info.summary
        setFacts(clipID: clipID, duration: info.duration, width: info.width, height: info.height, summary: summary,
                 soundOnly: info.isSoundOnly, sidesSwapped: info.orientation.swapsSides,
                 damage: info.damage.map { Words.damage($0, duration: info.duration) })
    }

    /// A discovery's outcome: the clip's facts, or why it cannot be read
    /// (the card stays decidable and says why it cannot play).
    func apply(_ result: Result<ClipInfo, MediaError>, clipID: Int64) {
        switch result {
        case .success(let info):
            setFacts(clipID: clipID, from: info)
        case .failure(let error):
            let reason = ErrorText.media(error)
            setProblem(clipID: clipID, reason: reason)
            Log.warning(reason, category: "media")
        }
    }
}
