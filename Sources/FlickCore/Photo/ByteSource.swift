import Foundation

/// Random access to bytes, as the photo header parsers read them: a file
/// (`FileBytes`) or, in tests, an array. A read past the end returns fewer
/// bytes (none at all past it), never an error.
public protocol ByteSource {
    /// Up to `count` bytes from `offset` on.
    func bytes(at offset: Int, count: Int) -> [UInt8]
}

extension Array: ByteSource where Element == UInt8 {
    public func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0, offset < self.count else { return [] }
        return Array(self[offset..<Swift.min(self.count, offset + Swift.min(count, self.count - offset))])
    }
}

/// A view of another source from `base` on (a TIFF block inside a JPEG or
/// WebP file counts its offsets from its own start).
struct OffsetBytes<Source: ByteSource>: ByteSource {
    let source: Source
    let base: Int

    func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0 else { return [] }
        let (start, overflow) = base.addingReportingOverflow(offset)
        return overflow ? [] : source.bytes(at: start, count: count)
    }
}

/// A regular file opened for reading (never a FIFO or device: opening one
/// could block forever). Closed when the value goes away.
public final class FileBytes: ByteSource {
    /// Why a file cannot be read (the app words it).
    public enum Failure: Error, Equatable, Sendable, CaseIterable {
        case gone, notRegular, permissionDenied, empty, unreadable
    }

    private let descriptor: Int32
    public let size: Int

    public init(path: String) throws(Failure) {
        let fd = open(RawPath.c(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .gone
            case EACCES, EPERM: throw .permissionDenied
            default: throw .unreadable
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .notRegular
        }
        guard info.st_size > 0 else {
            close(fd)
            throw .empty
        }
        descriptor = fd
        size = Int(info.st_size)
    }

    deinit { close(descriptor) }

    public func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let wanted = min(count, size - offset)
        var buffer = [UInt8](repeating: 0, count: wanted)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(offset)) }
        guard read > 0 else { return [] }
        if read < wanted { buffer.removeLast(wanted - read) }
        return buffer
    }
}
