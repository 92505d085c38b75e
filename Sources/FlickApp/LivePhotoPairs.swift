import FlickAnalysis
import FlickCore
import Foundation

/// Finding Live Photos among a use case's files: by name first (no file
/// read), then `LivePhoto.pairs` for those that share a name (it reads a
/// few hundred KiB of each to compare content identifiers).
enum LivePhotoPairs {
    /// One file as the finder sees it.
    struct File {
        let clipID: Int64
        let relativePath: String
        let absolutePath: String
        let kind: ClipKind

        init(clipID: Int64, relativePath: String, folder: String, kind: ClipKind) {
            self.init(clipID: clipID, relativePath: relativePath, absolutePath: folder + "/" + relativePath, kind: kind)
        }

        init(clipID: Int64, relativePath: String, absolutePath: String, kind: ClipKind) {
            self.clipID = clipID
            self.relativePath = relativePath
            self.absolutePath = absolutePath
            self.kind = kind
        }
    }

    /// "dcim/img_0001": what the two halves of a Live Photo share (the
    /// name but for its extension, case ignored).
    static func key(_ relativePath: String) -> String {
        (relativePath as NSString).deletingPathExtension.lowercased()
    }

    /// The pairs among `files` whose name key is in `keys` (all when nil),
    /// in the order of their stills in `files`.
    static func find(_ files: [File], keys: Set<String>? = nil) -> [LivePhotoPair] {
        let candidates = files.filter { keys?.contains(key($0.relativePath)) ?? true }
        guard candidates.count > 1 else { return [] }
        let items = candidates.map {
            AnalysisItem(path: $0.absolutePath, kind: $0.kind,
                         identity: FileIdentity(device: 0, inode: 0, size: 0, mtime: 0))
        }
        return LivePhoto.pairs(items).map { still, video in
            LivePhotoPair(still: candidates[still].relativePath, video: candidates[video].relativePath,
                          stillID: candidates[still].clipID, videoID: candidates[video].clipID)
        }
    }
}
