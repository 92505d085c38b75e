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
/// Threading: main thread in the app (it uses the store); any one thread
/// on the command line.
public enum Sidecars {
    /// The ratings `xmp:Rating` allows for a liked clip.
    public static let likeRatings = 1...5

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
    }

    /// What `update` did.
    public struct Report: Sendable {
        public var written = 0
        public var restored = 0
        public var failures: [Failure] = []
        public init() {}
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
    public static func update(_ clips: [StoredClip], folder: FolderRecord, store: Store, likeRating: Int) -> Report {
        var report = Report()
        let records: [[UInt8]: SidecarRecord]
        do {
            records = try store.sidecarRecords(folder)
        } catch {
            report.failures.append(Failure(sidecar: folder.path, reason: .store(error)))
            return report
        }
        for clip in clips {
            let wanted = rating(for: clip.decision, likeRating: likeRating)
            let record = records[RawPath.key(clip.relativePath)]
            guard wanted != nil || record != nil else { continue }
            let sidecar = path(of: clip.relativePath, in: folder.path)
            do throws(Failure) {
                if let wanted {
                    if try rate(sidecar, wanted, record: record, clip: clip, folder: folder, store: store) { report.written += 1 }
                } else if let record {
                    try restore(sidecar, record, clip: clip, folder: folder, store: store)
                    report.restored += 1
                }
            } catch {
                report.failures.append(error)
            }
        }
        return report
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
    private static func rate(_ sidecar: String, _ wanted: String, record: SidecarRecord?, clip: StoredClip,
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
            if fresh { try? store.forgetSidecar(path: clip.relativePath, folder: folder) }
            throw error
        }
    }

    /// Puts back what the sidecar held before Flick rated it.
    private static func restore(_ sidecar: String, _ record: SidecarRecord, clip: StoredClip,
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

    private static func remember(_ record: SidecarRecord, sidecar: String, clip: StoredClip,
                                 folder: FolderRecord, store: Store) throws(Failure) {
        do {
            try store.saveSidecar(record, path: clip.relativePath, folder: folder)
        } catch {
            throw Failure(sidecar: sidecar, reason: .store(error))
        }
    }

    private static func forget(_ sidecar: String, clip: StoredClip, folder: FolderRecord, store: Store) throws(Failure) {
        do {
            try store.forgetSidecar(path: clip.relativePath, folder: folder)
        } catch {
            throw Failure(sidecar: sidecar, reason: .store(error))
        }
    }

    // MARK: files

    /// Sidecars are small; a bigger file is not one Flick will edit.
    static let maximumBytes = 16 << 20

    enum Found {
        case missing
        case found([UInt8], mode_t)
    }

    /// The sidecar's bytes, without following a link or waiting on a FIFO.
    static func read(_ sidecar: String) throws(Failure) -> Found {
        let fd = open(RawPath.c(sidecar), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return .missing
            case ELOOP: throw Failure(sidecar: sidecar, reason: .symlink)
            default: throw posix(sidecar, errno)
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw posix(sidecar, errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw Failure(sidecar: sidecar, reason: .notRegular) }
        guard info.st_size <= maximumBytes else { throw Failure(sidecar: sidecar, reason: .tooLarge) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress?.advanced(by: done), $0.count - done) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw posix(sidecar, errno) }
            if count == 0 { break }
            done += count
        }
        return .found(Array(bytes.prefix(done)), info.st_mode & 0o7777)
    }

    /// Writes `bytes` to a partial file beside `sidecar` and renames it over.
    static func write(_ bytes: [UInt8], to sidecar: String, mode: mode_t?) throws(Failure) {
        let directory = (sidecar as NSString).deletingLastPathComponent
        let fd: Int32, partial: String
        switch PartialFile.create(in: directory) {
        case .success(let created): (partial, fd) = created
        case .failure(let error): throw posix(sidecar, error.code)
        }
        var failure: Int32 = 0
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if written != bytes.count { failure = written < 0 ? errno : EIO }
        if failure == 0, let mode, fchmod(fd, mode) != 0 { failure = errno }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0 { failure = PartialFile.commit(partial, to: sidecar, replace: true) }
        if failure != 0 {
            PartialFile.discard(partial)
            throw posix(sidecar, failure)
        }
    }

    static func posix(_ sidecar: String, _ code: Int32) -> Failure {
        Failure(sidecar: sidecar, reason: .errno(code))
    }
}
