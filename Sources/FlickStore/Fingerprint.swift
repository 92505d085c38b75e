import FlickCore
import Foundation

/// What a file's bytes look like, in a few dozen characters: its size and a
/// 128-bit hash of its first and last 64 KiB (a symlink: of its target
/// text). A decision keeps the fingerprint of the file the user saw, so it
/// follows those bytes when the device number or inode changes under them
/// (a card on another loop or USB device, a FAT file system whose inode
/// numbers follow lookup order) and never passes to another file that
/// happens to take the old device and inode numbers.
///
/// What it cannot tell apart: two files of the same size whose first and
/// last 64 KiB are the same and differ only in between (for a video, an
/// edit in the middle that keeps the size).
///
/// Threading: stateless; any thread.
enum Fingerprint {
    /// Bytes read from each end of the file.
    static let edgeBytes = 64 * 1024

    /// The fingerprint of the entry `name` in the folder `parent`, which
    /// must still be the file `info` describes (the same inode: checked on
    /// the descriptor read from); nil when it cannot be read. Opened
    /// without following a link and without blocking (a FIFO is never
    /// waited on).
    static func of(parent: Int32, name: [CChar], info: stat) -> String? {
        if (info.st_mode & S_IFMT) == S_IFLNK {
            var target = [UInt8](repeating: 0, count: Int(PATH_MAX))
            let count = target.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { readlinkat(parent, name, UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self), buffer.count) } ?? -1
            }
            guard count >= 0 else { return nil }
            return format(size: Int64(count), hash: Hash128(Array(target.prefix(count))))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let fd = openat(parent, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var now = stat()
        guard fstat(fd, &now) == 0, now.st_dev == info.st_dev, now.st_ino == info.st_ino else { return nil }
        return of(held: fd, info: now)
    }

    /// The fingerprint of the file open at `fd`, which `info` (its `fstat`)
    /// describes: a regular file opened for reading, or a symlink opened
    /// as the link itself (`O_PATH|O_NOFOLLOW`). Read only through `fd`.
    static func of(held fd: Int32, info: stat) -> String? {
        if (info.st_mode & S_IFMT) == S_IFLNK {
            var target = [UInt8](repeating: 0, count: Int(PATH_MAX))
            let count = target.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { readlinkat(fd, "", UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self), buffer.count) } ?? -1
            }
            guard count >= 0 else { return nil }
            return format(size: Int64(count), hash: Hash128(Array(target.prefix(count))))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int64(info.st_size)
        var hash = Hash128()
        guard read(fd, at: 0, count: Int(min(size, Int64(edgeBytes))), into: &hash) else { return nil }
        if size > Int64(edgeBytes) {
            let tail = max(Int64(edgeBytes), size - Int64(edgeBytes))
            guard read(fd, at: tail, count: Int(size - tail), into: &hash) else { return nil }
        }
        return format(size: size, hash: hash)
    }

    /// The fingerprint of `relativePath` below `folder` (walked without
    /// following links) while it is still the file `identity` describes;
    /// nil when it is gone, another file, or cannot be read.
    static func of(_ relativePath: String, in folder: NoFollowDirectory, ifStill identity: FileIdentity) -> String? {
        guard case .success(let entry) = folder.lookup(relativePath), entry.identity.isSameFile(as: identity) else { return nil }
        return of(parent: entry.parent, name: entry.name, info: entry.info)
    }

    private static func read(_ fd: Int32, at offset: Int64, count: Int, into hash: inout Hash128) -> Bool {
        guard count > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress.map { $0 + done }, count - done, off_t(offset) + off_t(done)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return false }
            done += got
        }
        hash.add(buffer)
        return true
    }

    private static func format(size: Int64, hash: Hash128) -> String {
        "f1:\(size):" + hash.hex
    }
}

/// Two independent 64-bit FNV-1a-style lanes over 8-byte words: not
/// cryptographic (nobody forges a clip to steal its decision), but far
/// from colliding by chance on two different videos.
struct Hash128 {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x8422_2325_cbf2_9ce4
    private var length: UInt64 = 0

    init() {}

    init(_ bytes: [UInt8]) {
        add(bytes)
    }

    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var index = 0
            while index + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                mix(word)
                index += 8
            }
            if index < raw.count {
                var word: UInt64 = 0
                for (shift, byte) in raw[index...].enumerated() { word |= UInt64(byte) << (8 * UInt64(shift)) }
                mix(word ^ 0x80)
            }
        }
        length &+= UInt64(bytes.count)
    }

    private mutating func mix(_ word: UInt64) {
        a = (a ^ word) &* 0x0000_0100_0000_01b3
        b = (b ^ (word &+ 0x9e37_79b9_7f4a_7c15)) &* 0xff51_afd7_ed55_8ccd
        b ^= b >> 29
    }

    var hex: String {
        let final = (a ^ length) &* 0x0000_0100_0000_01b3
        return String(final, radix: 16).leftPadded(16) + String(b ^ (length &* 0xc4ce_b9fe_1a85_ec53), radix: 16).leftPadded(16)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
