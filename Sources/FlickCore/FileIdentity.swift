import Foundation

/// Device, inode, size and modification time of a directory entry (the
/// link itself for a symlink): a rename keeps all four, so a renamed clip
/// keeps its decision, and a different file under the same name differs in
/// at least one, so it never inherits one.
public struct FileIdentity: Sendable, Hashable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int64
    /// Modification time, seconds since 1970 (the store keeps a REAL).
    public let mtime: Double

    /// How far two modification times may differ and still be the same
    /// file: a REAL keeps about 0.2 µs of a present-day time.
    public static let mtimeTolerance = 1e-6

    public init(device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0, mtime: Double = 0) {
        self.device = device
        self.inode = inode
        self.size = size
        self.mtime = mtime
    }

    /// The identity `stat`/`fstatat` reported.
    public init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                  mtime: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
    }

    /// Whether both name the same, unchanged file.
    public func isSameFile(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode && size == other.size && abs(mtime - other.mtime) < Self.mtimeTolerance
    }
}
