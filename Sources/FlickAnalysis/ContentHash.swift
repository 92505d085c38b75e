import CGst
import FlickCore
import Foundation

/// A whole file's SHA-256, for telling exact copies apart from files that
/// only share a size. Read in large blocks through one descriptor.
///
/// Threading: stateless; any thread.
enum ContentHash {
    /// Bytes read at a time.
    static let blockBytes = 1 << 20

    /// The hex SHA-256 of the regular file at `path`, or nil when it
    /// cannot be read to its end; `cancelled` is asked between blocks.
    static func of(path: String, cancelled: () -> Bool = { false }) -> String? {
        let fd = open(RawPath.c(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return nil }
        defer { g_checksum_free(checksum) }
        var buffer = [UInt8](repeating: 0, count: blockBytes)
        while true {
            if cancelled() { return nil }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, blockBytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            buffer.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, gssize(count)) }
        }
        guard let hex = g_checksum_get_string(checksum) else { return nil }
        return String(cString: hex)
    }
}
