/// What a card shows: a playing video or a still photo.
public enum ClipKind: String, Sendable, Codable, CaseIterable {
    case video, photo

    /// File extensions Flick treats as videos (lowercased, no dot).
    public static let videoExtensions: Set<String> = [
        "mp4", "m4v", "mov", "mkv", "webm", "avi", "mpg", "mpeg", "ts", "mts", "m2ts",
        "3gp", "ogv", "wmv", "flv", "divx",
    ]

    /// File extensions Flick treats as photos.
    public static let photoExtensions: Set<String> = [
        "jpg", "jpeg", "png", "webp", "gif", "heic", "heif", "avif", "tif", "tiff", "bmp",
    ]

    /// The kind of a file name, or nil when Flick does not review it.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        if Self.videoExtensions.contains(ext) {
            self = .video
        } else if Self.photoExtensions.contains(ext) {
            self = .photo
        } else {
            return nil
        }
    }
}
