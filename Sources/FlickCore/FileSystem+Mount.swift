import Foundation

/// Which mount a file is reached through, and whether a folder is
/// immutable, from `statx` (Linux 5.8+ for the mount ID). A bind mount of
/// a folder shares its filesystem's device number with the rest of that
/// filesystem, so only the mount ID tells that a rename between the two
/// fails (EXDEV), and where that mount's top is.
///
/// Threading: stateless; any thread.
extension FileSystem {
    /// What `statx` says of one entry.
    public struct MountFacts: Sendable, Equatable {
        /// The mount's unique ID (as in /proc/self/mountinfo), or nil where
        /// the kernel does not say.
        public let mountID: UInt64?
        /// Whether the entry carries the immutable attribute (`chattr +i`).
        public let isImmutable: Bool
    }

    /// `statx` of `path` relative to `directory` (`AT_FDCWD` for a plain
    /// path; "" with `AT_EMPTY_PATH` for the descriptor itself), never
    /// following a final link. Nil with errno when it fails.
    public static func mountFacts(_ directory: Int32, _ path: String) -> MountFacts? {
        var buffer = [UInt8](repeating: 0, count: statxSize)
        let flags = AT_SYMLINK_NOFOLLOW | (path.isEmpty ? emptyPathFlag : 0)
        let result = buffer.withUnsafeMutableBytes { raw in
            RawPath.withCString(path) { system_statx(directory, $0, flags, mountIDMask, raw.baseAddress) }
        }
        guard result == 0 else { return nil }
        func load<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) -> T {
            buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
        }
        let returned = load(maskOffset, as: UInt32.self)
        let attributes = load(attributesOffset, as: UInt64.self)
        let known = load(attributesMaskOffset, as: UInt64.self)
        return MountFacts(mountID: returned & mountIDMask != 0 ? load(mountIDOffset, as: UInt64.self) : nil,
                          isImmutable: known & immutableAttribute != 0 && attributes & immutableAttribute != 0)
    }

    /// The top folder of the mount `directory` (a canonical path) is on:
    /// its highest ancestor on the same mount. Nil where the kernel gives
    /// no mount IDs.
    public static func mountTop(of directory: String) -> String? {
        guard let mount = mountFacts(AT_FDCWD, directory)?.mountID else { return nil }
        var current = directory
        while current != "/" && !current.isEmpty {
            let parent = (current as NSString).deletingLastPathComponent
            guard mountFacts(AT_FDCWD, parent.isEmpty ? "/" : parent)?.mountID == mount else { return current }
            current = parent.isEmpty ? "/" : parent
        }
        return "/"
    }

    /// `sizeof(struct statx)` of <linux/stat.h>.
    private static let statxSize = 256
    /// Byte offsets in `struct statx`.
    private static let maskOffset = 0, attributesOffset = 8, attributesMaskOffset = 56, mountIDOffset = 144
    /// STATX_MNT_ID.
    private static let mountIDMask: UInt32 = 0x1000
    /// STATX_ATTR_IMMUTABLE.
    private static let immutableAttribute: UInt64 = 0x10
    /// AT_EMPTY_PATH of <fcntl.h>.
    private static let emptyPathFlag: Int32 = 0x1000
}

/// glibc's `statx` (since 2.28), declared here because Swift's Glibc
/// module is built without `_GNU_SOURCE`.
@_silgen_name("statx")
private func system_statx(_ directory: CInt, _ path: UnsafePointer<CChar>, _ flags: CInt, _ mask: CUnsignedInt,
                          _ buffer: UnsafeMutableRawPointer?) -> CInt
