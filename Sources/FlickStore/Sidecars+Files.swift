import FlickCore
import Foundation

/// One sidecar file: read without following a link or waiting on a FIFO,
/// written to a partial file beside it and renamed over it when complete,
/// so a sidecar is never seen half written (not even after a crash).
extension Sidecars {
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
