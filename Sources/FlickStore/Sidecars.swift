import FlickCore
import Foundation

/// Decisions as XMP sidecars, for darktable, digiKam and every XMP reader:
/// `NAME.EXT.xmp` beside each decided clip, whose `xmp:Rating` is -1 for
/// "marked for deletion" (the reject value those apps share) and the
/// chosen rating (1…5) for "liked"; a skipped or undecided clip gets
/// nothing.
///
/// A sidecar that exists is edited in place (`XMPRating`): only the rating
/// changes. Before Flick first rates a clip, the store keeps what its
/// sidecar had (`SidecarRecord`: the old rating or none, whether the file
/// existed), so removing the decision restores it: the old rating is put
/// back, or the rating taken out — and a sidecar Flick created that still
/// holds only what Flick wrote is removed again. A sidecar whose rating
/// someone else changed since is left as it is. Every write goes to a
/// partial file in the same folder, renamed over the sidecar when complete
/// (the old file's permissions kept). A sidecar that is a link or not a
/// regular file is never written through.
///
/// Failures (a read-only card, a malformed sidecar) come back per file;
/// the decisions themselves are the store's and never depend on them.
///
/// Threading: any one thread at a time per `Store` value. In the app the
/// decisions' sidecars are written by `SidecarKeeper` on its own queue,
/// one clip at a time; on the command line, on the calling thread.
public enum Sidecars {
    /// The ratings `xmp:Rating` allows for a liked clip.
    public static let likeRatings = 1...5

    /// Held while one sidecar and its record change: a whole folder rated
    /// (Export Likes…) and a `SidecarKeeper` never edit one at once.
    private static let writing = NSLock()

    /// Why one sidecar could not be updated: the sidecar and the facts.
    /// The app words it (`ErrorText`); `description` is for logs.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public indirect enum Reason: Sendable, Equatable {
            /// Its text is not well-formed XMP.
            case invalidXMP(XMPRating.Malformed)
            /// The decision store could not remember the sidecar.
            case store(StoreError)
            case symlink
            case notRegular
            case tooLarge
            case errno(Int32)
        }

        /// The sidecar's absolute path.
        public let sidecar: String
        public let reason: Reason
        public var description: String { "\(RawPath.printable(sidecar)): \(reason)" }

        public init(sidecar: String, reason: Reason) {
            self.sidecar = sidecar
            self.reason = reason
        }
    }

    /// What bringing one sidecar in step did.
    public enum Change: Sendable, Equatable {
        /// Rated (a new or edited file).
        case written
        /// Given back what it held before Flick rated it (or removed).
        case restored
        /// Already in step, or nothing to do (skipped, never rated).
        case unchanged
    }

    /// What `update` did.
    public struct Report: Sendable {
        public var written = 0
        public var restored = 0
        public var failures: [Failure] = []
        /// Stopped by `isCancelled` before every clip was looked at.
        public var cancelled = false
        public init() {}

        /// Counts one sidecar's change.
        public mutating func count(_ change: Change) {
            switch change {
            case .written: written += 1
            case .restored: restored += 1
            case .unchanged: break
            }
        }
    }

    /// `/folder/sub/NAME.EXT.xmp` for the clip at `relativePath`.
    public static func path(of relativePath: String, in folder: String) -> String {
        folder + "/" + relativePath + ".xmp"
    }

    /// The rating a decision stands for; nil: none (skipped, undecided).
    public static func rating(for decision: Decision?, likeRating: Int) -> String? {
        switch decision {
        case .like: String(min(max(likeRating, likeRatings.lowerBound), likeRatings.upperBound))
        case .delete: "-1"
        case .skip, nil: nil
        }
    }

    /// Brings the sidecars of `clips` in step with their decisions: rates
    /// the decided ones, restores those Flick rated whose decision is gone.
    /// Reads every sidecar record of the folder once: for many clips (an
    /// export, the command line); one clip's change goes through
    /// `update(clipAt:to:folder:store:)`. `progress` hears how many clips
    /// were looked at of how many after each; `isCancelled` is asked
    /// before each (a sidecar is written whole or not at all).
    public static func update(_ clips: [StoredClip], folder: FolderRecord, store: Store, likeRating: Int,
                              progress: (_ done: Int, _ total: Int) -> Void = { _, _ in },
                              isCancelled: () -> Bool = { false }) -> Report {
        var report = Report()
        let records: [[UInt8]: SidecarRecord]
        do {
            records = try store.sidecarRecords(folder)
        } catch {
            report.failures.append(Failure(sidecar: folder.path, reason: .store(error)))
            return report
        }
        for (done, clip) in clips.enumerated() {
            if isCancelled() {
                report.cancelled = true
                break
            }
            defer { progress(done + 1, clips.count) }
            let wanted = rating(for: clip.decision, likeRating: likeRating)
            var record = records[RawPath.key(clip.relativePath)]
            guard wanted != nil || record != nil else { continue }
            writing.lock()
            defer { writing.unlock() }
            do throws(Failure) {
                // A keeper may have rated it since the records were read:
                // its record holds the rating from before Flick.
                if record == nil { record = try? store.sidecarRecord(path: clip.relativePath, folder: folder) }
                report.count(try bring(clip.relativePath, to: wanted, record: record, folder: folder, store: store))
            } catch {
                report.failures.append(error)
            }
        }
        return report
    }

    /// Brings the sidecar of the clip at `relativePath` in step with
    /// `wanted` (a rating from `rating(for:likeRating:)`; nil: none),
    /// reading only that clip's record: the cost does not grow with the
    /// folder. What `SidecarKeeper` does per decision.
    public static func update(clipAt relativePath: String, to wanted: String?, folder: FolderRecord,
                              store: Store) throws(Failure) -> Change {
        writing.lock()
        defer { writing.unlock() }
        let record: SidecarRecord?
        do {
            record = try store.sidecarRecord(path: relativePath, folder: folder)
        } catch {
            throw Failure(sidecar: path(of: relativePath, in: folder.path), reason: .store(error))
        }
        return try bring(relativePath, to: wanted, record: record, folder: folder, store: store)
    }

    /// Rates the sidecar when `wanted`, restores it when Flick rated it
    /// and the decision is gone; else leaves it.
    private static func bring(_ relativePath: String, to wanted: String?, record: SidecarRecord?, folder: FolderRecord,
                              store: Store) throws(Failure) -> Change {
        let sidecar = path(of: relativePath, in: folder.path)
        if let wanted {
            return try rate(sidecar, wanted, record: record, clip: relativePath, folder: folder, store: store) ? .written : .unchanged
        }
        guard let record else { return .unchanged }
        try restore(sidecar, record, clip: relativePath, folder: folder, store: store)
        return .restored
    }

    /// The undecided clips among `clips` whose sidecar rejects them
    /// (`xmp:Rating` -1) — set by another app, not by Flick. Read only.
    /// Only sidecars the folders list are opened: a folder of 100,000
    /// clips without sidecars costs one listing per folder.
    public static func rejected(_ clips: [StoredClip], folder: FolderRecord, store: Store) -> [StoredClip] {
        let undecided = clips.filter { $0.decision == nil }
        let present = sidecarNames(in: Set(undecided.map { ($0.relativePath as NSString).deletingLastPathComponent }), of: folder)
        guard !present.isEmpty else { return [] }
        let records = (try? store.sidecarRecords(folder)) ?? [:]
        return undecided.filter { clip in
            guard present.contains(RawPath.key(clip.relativePath + ".xmp")), records[RawPath.key(clip.relativePath)]?.written != "-1",
                  case .found(let text, _) = try? read(path(of: clip.relativePath, in: folder.path)) else { return false }
            return (try? XMPRating.rating(in: text)) == "-1"
        }
    }

    /// The relative paths (bytes) of the `.xmp` files in `directories` of `folder`.
    private static func sidecarNames(in directories: Set<String>, of folder: FolderRecord) -> Set<[UInt8]> {
        var names = Set<[UInt8]>()
        let suffix = Array(".xmp".utf8)
        for directory in directories {
            guard let dir = opendir(RawPath.c(directory.isEmpty ? folder.path : folder.path + "/" + directory)) else { continue }
            defer { closedir(dir) }
            let prefix = directory.isEmpty ? [] : RawPath.bytes(directory) + [UInt8(ascii: "/")]
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                if name.count > suffix.count, name.suffix(suffix.count).elementsEqual(suffix) { names.insert(prefix + name) }
            }
        }
        return names
    }

    // MARK: one sidecar

    /// Sets the rating; returns whether the file changed.
    private static func rate(_ sidecar: String, _ wanted: String, record: SidecarRecord?, clip: String,
                             folder: FolderRecord, store: Store) throws(Failure) -> Bool {
        let current = try read(sidecar)
        var text: [UInt8]?, mode: mode_t?
        if case .found(let found, let foundMode) = current { (text, mode) = (found, foundMode) }
        var had: String?
        if let text {
            do {
                had = try XMPRating.rating(in: text)
            } catch {
                throw Failure(sidecar: sidecar, reason: .invalidXMP(error))
            }
        }
        let fresh = record == nil
        let saved = record ?? SidecarRecord(original: had, existed: text != nil, written: wanted)
        try remember(SidecarRecord(original: saved.original, existed: saved.existed, written: wanted),
                     sidecar: sidecar, clip: clip, folder: folder, store: store)
        guard had != wanted else { return false }
        do throws(Failure) {
            let edited: [UInt8]
            if let text {
                do {
                    edited = try XMPRating.setting(wanted, in: text)
                } catch {
                    throw Failure(sidecar: sidecar, reason: .invalidXMP(error))
                }
            } else {
                edited = XMPRating.fresh(rating: wanted)
            }
            try write(edited, to: sidecar, mode: mode)
            return true
        } catch {
            // Nothing was written: nothing to restore later either.
            if fresh { try? store.forgetSidecar(path: clip, folder: folder) }
            throw error
        }
    }

    /// Puts back what the sidecar held before Flick rated it.
    private static func restore(_ sidecar: String, _ record: SidecarRecord, clip: String,
                                folder: FolderRecord, store: Store) throws(Failure) {
        guard case .found(let text, let mode) = try read(sidecar),
              let now = try? XMPRating.rating(in: text), now == record.written else {
            // Gone, or rated since by someone else: theirs now.
            try forget(sidecar, clip: clip, folder: folder, store: store)
            return
        }
        if !record.existed && text == XMPRating.fresh(rating: record.written) {
            // Flick's own file, holding nothing but Flick's rating.
            guard unlink(RawPath.c(sidecar)) == 0 || errno == ENOENT else { throw posix(sidecar, errno) }
        } else {
            let restored: [UInt8]
            do {
                restored = try XMPRating.setting(record.original, in: text)
            } catch {
                throw Failure(sidecar: sidecar, reason: .invalidXMP(error))
            }
            try write(restored, to: sidecar, mode: mode)
        }
        try forget(sidecar, clip: clip, folder: folder, store: store)
    }

    private static func remember(_ record: SidecarRecord, sidecar: String, clip: String,
                                 folder: FolderRecord, store: Store) throws(Failure) {
        do {
            try store.saveSidecar(record, path: clip, folder: folder)
        } catch {
            throw Failure(sidecar: sidecar, reason: .store(error))
        }
    }

    private static func forget(_ sidecar: String, clip: String, folder: FolderRecord, store: Store) throws(Failure) {
        do {
            try store.forgetSidecar(path: clip, folder: folder)
        } catch {
            throw Failure(sidecar: sidecar, reason: .store(error))
        }
    }
}
