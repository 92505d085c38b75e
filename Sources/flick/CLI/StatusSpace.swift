import FlickCore
import FlickStore
import Foundation

/// The space of `flick status`: each clip's size in bytes and the totals,
/// in all, marked for deletion and liked. Sizes come from the scan that
/// has just listed the folder (`fstatat`, in deck order); a clip the scan
/// does not line up with is looked up again; a file that is gone counts 0.
struct StatusSpace {
    /// Each clip's size in bytes, by deck position.
    let bytes: [Int64]
    let total: Int64
    let marked: Int64
    let liked: Int64

    init(clips: [StoredClip], scanned: [ScannedClip], root: String) {
        var directory: Int32?
        defer { if let directory, directory >= 0 { close(directory) } }
        bytes = clips.indices.map { index in
            let clip = clips[index]
            if index < scanned.count, RawPath.same(scanned[index].relativePath, clip.relativePath) { return scanned[index].contentSize }
            let folder = directory ?? open(RawPath.c(root), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            directory = folder
            let base = folder >= 0 ? folder : AT_FDCWD
            let path = folder >= 0 ? clip.relativePath : root + "/" + clip.relativePath
            var info = stat()
            return RawPath.withCString(path, { fstatat(base, $0, &info, 0) }) == 0 ? Int64(info.st_size) : 0
        }
        total = bytes.reduce(0, +)
        marked = zip(clips, bytes).reduce(0) { $0 + ($1.0.decision == .delete ? $1.1 : 0) }
        liked = zip(clips, bytes).reduce(0) { $0 + ($1.0.decision == .like ? $1.1 : 0) }
    }

    /// "5.2 MB in all · 1.8 MB marked for deletion · 700.0 kB liked", each
    /// size in the window's words (`FileSize.words`, "0 bytes" for none).
    var line: String {
        "\(FileSize.words(total)) in all · \(FileSize.words(marked)) marked for deletion · \(FileSize.words(liked)) liked"
    }
}
