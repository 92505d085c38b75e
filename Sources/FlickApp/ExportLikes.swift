import FlickCore
import FlickMedia
import FlickStore
import Foundation

/// Export Likes, for the window and `flick export`: the liked clips
/// (`likes`, checked on disk) as a playlist, copies or hard links, one
/// stitched video, an MLT project and an OTIO timeline (`+Timelines`), and
/// the decisions as XMP ratings. Each form reports its progress, stops
/// when `isCancelled` says so (nothing partial is left) and returns what
/// it wrote and each clip it left out with why (`LeftOut`).
///
///     let likes = try ExportLikes.likes(of: clips, folder: record.path)
///     let export = ExportLikes(items: likes.items)
///     let stitched = export.stitch(to: checked.writingPath, replace: false, isCancelled: { stop.isSet })
///
/// Destinations come checked (`Export.checkDestination`): pass their
/// `writingPath`, the place checked. Threading: every form blocks on the
/// file system and GStreamer; call it off the main thread.
public struct ExportLikes: Sendable {
    /// The liked clips that can be exported, and those the check refused.
    public struct Likes: Sendable, Equatable {
        public let items: [FileItem]
        public let refused: [FileFailure]
    }

    /// How far a form has got: `fraction` of the whole, `done` of `total`
    /// files, and for copies the bytes written so far.
    public struct Progress: Sendable, Equatable {
        public let fraction: Double
        public let done: Int
        public let total: Int
        public let bytes: Int64?
    }

    /// What a stitch wrote: how many of the liked clips went in, and how.
    public struct Stitched: Sendable {
        public let outcome: ExportOutcome
        public let method: Stitcher.Method?
        public let joined: Int
        public let liked: Int
        /// Unreadable clips first, then photos, then clips of sound alone.
        public let leftOut: [LeftOut]
    }

    /// Files discovered at once between two looks at Cancel while a
    /// playlist reads durations: enough to keep every core busy.
    static let discoveryBatch = 8

    public let items: [FileItem]
    let between: any BetweenFiles

    /// `items`: the liked files, in deck order (`likes`); `between`
    /// pauses between two copies (tests).
    public init(items: [FileItem], between: any BetweenFiles = NoPause()) {
        self.items = items
        self.between = between
    }

    /// The liked clips of `clips`, each looked at on disk (call it off the
    /// main thread): those that can be exported, and each refused with why.
    /// A Live Photo with a liked half is liked whole: its other half comes
    /// with it, next to it (`livePhotoStills` then leaves the still out of
    /// a playlist, a stitched video and a timeline, where the video stands
    /// for it).
    public static func likes(of clips: [StoredClip], folder: String) throws(StoreError) -> Likes {
        let liked = clips.filter { $0.decision == .like }
        let keys = Set(liked.map { LivePhotoPairs.key($0.relativePath) })
        let files = clips.filter { keys.contains(LivePhotoPairs.key($0.relativePath)) }
            .map { LivePhotoPairs.File(clipID: $0.id, relativePath: $0.relativePath, folder: folder, kind: $0.kind) }
        let pairs = LivePhotoPairs.find(files, keys: keys)
        let likedIDs = Set(liked.map(\.id))
        let wholeIDs = likedIDs.union(pairs.filter { likedIDs.contains($0.stillID) || likedIDs.contains($0.videoID) }
            .flatMap { [$0.stillID, $0.videoID] })
        let checked = try FileOperations.check(clips.filter { wholeIDs.contains($0.id) }, folder: folder)
        return Likes(items: checked.items, refused: checked.refused)
    }

    /// The Live Photos among `items` (both halves liked or carried):
    /// copies take both, a playlist, a stitched video and a timeline the
    /// video. Reads a little of each pair's files (off the main thread).
    public func livePhotos() -> [LivePhotoPair] {
        let files = items.compactMap { item in
            ClipKind(fileName: item.relativePath).map {
                LivePhotoPairs.File(clipID: item.clipID, relativePath: item.relativePath, absolutePath: item.absolutePath, kind: $0)
            }
        }
        return LivePhotoPairs.find(files)
    }

    /// `items` but the stills of Live Photos: what a playlist, a stitched
    /// video and a timeline are made of.
    var sequence: [FileItem] {
        let stills = Set(livePhotos().map(\.stillID))
        return stills.isEmpty ? items : items.filter { !stills.contains($0.clipID) }
    }

    /// An M3U8 playlist of the likes with their durations (-1 where
    /// discovery can't tell). The outcome's count is the playlist's entries;
    /// `writing` hears when the durations are read and the file is written.
    public func playlist(to destination: String, replace: Bool, progress: (Progress) -> Void = { _ in },
                         writing: () -> Void = {}, isCancelled: () -> Bool = { false }) -> (outcome: ExportOutcome, entries: Int) {
        var entries: [(path: String, duration: Double?)] = []
        let items = sequence
        var start = 0
        while start < items.count {
            if isCancelled() { return (.cancelled, 0) }
            let batch = Array(items[start..<min(start + Self.discoveryBatch, items.count)])
            let infos = ClipDiscovery.discoverAll(paths: batch.map(\.absolutePath))
            for (item, info) in zip(batch, infos) {
                let isVideo = (ClipKind(fileName: item.relativePath) ?? .video) == .video
                entries.append((item.absolutePath, isVideo ? try? info.get().duration : nil))
            }
            start += batch.count
            progress(Progress(fraction: Double(start) / Double(items.count), done: start, total: items.count, bytes: nil))
        }
        if isCancelled() { return (.cancelled, 0) }
        writing()
        do {
            try Export.writePlaylist(entries, to: destination, replace: replace)
            return (.written, entries.count)
        } catch {
            return (.failed(error), 0)
        }
    }

    /// The likes copied (or hard-linked, with `link`) into `directory`,
    /// keeping their relative paths, never over a file: what was written,
    /// each file that could not be, and whether it was cancelled.
    public func copies(into directory: String, link: Bool, progress: (Progress) -> Void = { _ in },
                       isCancelled: () -> Bool = { false }) -> MoveReport {
        // How many files were done when `bytes` were: the copies go in deck order.
        let ends = items.reduce(into: [Int64]()) { $0.append(($0.last ?? 0) + $1.size) }
        return Export.copy(items, to: directory, link: link,
                           progress: { done, total in
                               let files = ends.prefix { $0 <= done }.count
                               progress(Progress(fraction: Double(done) / Double(max(total, 1)), done: files, total: items.count, bytes: done))
                               if done < total { between.pause(after: files, of: items.count) }
                           },
                           isCancelled: isCancelled)
    }

    /// The liked videos joined into one (`size`: its frame, else the most
    /// common size of the clips). A clip discovery can't read, a photo and
    /// a clip of sound alone are left out and named; the rest are joined.
    /// `leavingOut` hears what is left out before the joining starts.
    public func stitch(to destination: String, size: (width: Int, height: Int)? = nil, replace: Bool,
                       leavingOut: ([LeftOut]) -> Void = { _ in }, progress: (Progress) -> Void = { _ in },
                       isCancelled: () -> Bool = { false }) -> Stitched {
        let items = sequence
        let videos = items.filter { ClipKind(fileName: $0.relativePath) == .video }
        var clips: [Stitcher.Clip] = []
        var unreadable: [LeftOut] = []
        for (item, result) in zip(videos, ClipDiscovery.discoverAll(paths: videos.map(\.absolutePath))) {
            switch result {
            case .success(let info): clips.append(Stitcher.Clip(path: item.absolutePath, info: info))
            case .failure(let error): unreadable.append(LeftOut(path: item.absolutePath, relativePath: item.relativePath, reason: .unreadable(error)))
            }
        }
        let (withPicture, soundOnly) = Stitcher.withPicture(clips)
        let relative = Dictionary(videos.map { ($0.absolutePath, $0.relativePath) }, uniquingKeysWith: { first, _ in first })
        let photos = items.filter { ClipKind(fileName: $0.relativePath) == .photo }
            .map { LeftOut(path: $0.absolutePath, relativePath: $0.relativePath, reason: .photo) }
        let silent = soundOnly.map { LeftOut(path: $0.path, relativePath: relative[$0.path] ?? $0.path, reason: .noPicture) }
        let leftOut = unreadable + photos + silent
        leavingOut(leftOut)
        let total = withPicture.count
        guard total > 0 else { return Stitched(outcome: .nothingToWrite, method: nil, joined: 0, liked: items.count, leftOut: leftOut) }
        do {
            let method = try Stitcher.run(withPicture, to: destination, size: size, replace: replace,
                                          progress: { progress(Progress(fraction: $0, done: 0, total: total, bytes: nil)) },
                                          isCancelled: isCancelled)
            return Stitched(outcome: .written, method: method, joined: total, liked: items.count, leftOut: leftOut)
        } catch {
            let outcome: ExportOutcome = error == .cancelled ? .cancelled : .failed(error)
            return Stitched(outcome: outcome, method: nil, joined: 0, liked: items.count, leftOut: leftOut)
        }
    }

    /// Rates every decided clip of `clips` in its XMP sidecar (-1 marked
    /// for deletion, `likeRating` liked) and restores those whose decision
    /// is gone; each sidecar that could not be written is named with why.
    public static func rateSidecars(_ clips: [StoredClip], folder: FolderRecord, store: Store, likeRating: Int) -> Sidecars.Report {
        Sidecars.update(clips, folder: folder, store: store, likeRating: likeRating)
    }

    /// `rateSidecars` off the main thread, through a view of the store at
    /// `storePath` of its own (a `Store` stays on the thread that opened
    /// it); `progress` hears after each clip, `isCancelled` is asked
    /// before each. A store that cannot be opened is the report's failure.
    public static func rateSidecars(_ clips: [StoredClip], folder: FolderRecord, storePath: String, likeRating: Int,
                                    progress: (Progress) -> Void, isCancelled: () -> Bool) -> Sidecars.Report {
        let store: Store
        do {
            store = try Store(path: storePath)
        } catch {
            var report = Sidecars.Report()
            report.failures.append(Sidecars.Failure(sidecar: folder.path, reason: .store(error)))
            return report
        }
        return Sidecars.update(clips, folder: folder, store: store, likeRating: likeRating, progress: { done, total in
            progress(Progress(fraction: Double(done) / Double(max(1, total)), done: done, total: total, bytes: nil))
        }, isCancelled: isCancelled)
    }
}
