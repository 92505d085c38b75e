import Foundation

/// Device, inode, size and modification time of a directory entry (the
/// link itself for a symlink): a rename keeps all four, so a renamed clip
/// keeps its decision, and a different file under the same name differs in
/// at least one, so it never inherits one. A card's file system may give
/// a file another time when mounted again (`isCardRewrite`).
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

    /// The first time FAT and exFAT can store, 1980-01-01 00:00 (local
    /// time on the card: a day either side covers every time zone).
    public static let cardFirstTime: Double = 315_532_800
    /// Just after the last: 2107-12-31 23:59:58 (the year is 7 bits from 1980).
    public static let cardEndTime: Double = 4_354_819_200
    /// Every time zone's offset from UTC is within a day.
    static let timeZoneReach: Double = 86_400
    /// Time zones are whole quarter hours apart.
    static let timeZoneStep: Double = 900
    /// FAT keeps even seconds: a time comes back up to 2 s earlier.
    static let cardTimeStep: Double = 2

    /// Whether `found` is a time a FAT or exFAT card may give back for a
    /// file written at `stored` once it is mounted again: a whole second
    /// (what FAT, exFAT through FUSE and a clamped time show), and any, when
    /// `stored` is outside what the card can keep (before 1980 or after
    /// 2107: the driver clamps it, or wraps it); else `stored` moved by a
    /// whole number of quarter hours within a day (the card keeps local
    /// time, read in another time zone) and rounded to its 2 s step.
    /// Such a file is the same only with the same bytes: the caller
    /// compares fingerprints.
    public static func isCardRewrite(of stored: Double, as found: Double) -> Bool {
        // A card's times are whole seconds; a file written now elsewhere
        // (a copy put under the name) has its nanoseconds.
        guard found == found.rounded() else { return false }
        if stored < cardFirstTime + timeZoneReach || stored >= cardEndTime - timeZoneReach { return true }
        let shift = found - stored
        guard abs(shift) <= timeZoneReach + cardTimeStep else { return false }
        let zones = (shift / timeZoneStep).rounded()
        return abs(shift - zones * timeZoneStep) <= cardTimeStep
    }

    /// Whether both name the same, unchanged file.
    public func isSameFile(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode && size == other.size && abs(mtime - other.mtime) < Self.mtimeTolerance
    }
}
