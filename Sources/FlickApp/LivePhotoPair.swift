import FlickAnalysis
import FlickCore
import Foundation

/// A Live Photo among the files of one use case: its still and its video
/// (FlickAnalysis' `LivePhoto`: one of each under one name in one folder,
/// and where both carry Apple's content identifier, the same one). It is
/// one decision for both files: Apply moves both or neither, Export copies
/// both and a timeline or playlist takes the video.
public struct LivePhotoPair: Sendable, Equatable {
    /// The still and the video, relative to the reviewed folder.
    public let still: String
    public let video: String
    /// Their clip ids.
    public let stillID: Int64
    public let videoID: Int64
    /// Apply: the half that moves first (one marked for deletion), then
    /// the other.
    public let first: Int64
    public let second: Int64
    /// Apply: the half that is not marked itself and goes with its partner
    /// (nil when both are marked).
    public let companion: Int64?

    public init(still: String, video: String, stillID: Int64, videoID: Int64, first: Int64? = nil, companion: Int64? = nil) {
        self.still = still
        self.video = video
        self.stillID = stillID
        self.videoID = videoID
        self.first = first ?? stillID
        self.second = self.first == stillID ? videoID : stillID
        self.companion = companion
    }

    /// Whether `clipID` is one of its halves.
    public func contains(_ clipID: Int64) -> Bool { clipID == stillID || clipID == videoID }

    /// The other half of `clipID`'s (its path), nil if not a half.
    public func partner(of clipID: Int64) -> String? {
        clipID == stillID ? video : clipID == videoID ? still : nil
    }

    /// Whether `clipID` is the still.
    public func isStill(_ clipID: Int64) -> Bool { clipID == stillID }
}
