import FlickMedia
import FlickStore

/// A liked clip an export left out, and why; the callers word it.
public struct LeftOut: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// Discovery could not read it (damaged, no decoder, not a video…).
        case unreadable(MediaError)
        /// A video whose length is unknown: a timeline can't place it.
        case lengthUnknown
        /// A photo: a stitched video joins moving pictures only.
        case photo
        /// Sound without a picture: a stitched video's picture would wait for it.
        case noPicture
        /// Its name or format can't go in an MLT project (the OTIO one keeps it).
        case notInMLT(Timeline.MLTRefusal)
    }

    /// The clip's path as the export read it (absolute).
    public let path: String
    /// The clip's path inside the reviewed folder.
    public let relativePath: String
    public let reason: Reason

    public init(path: String, relativePath: String, reason: Reason) {
        self.path = path
        self.relativePath = relativePath
        self.reason = reason
    }
}
