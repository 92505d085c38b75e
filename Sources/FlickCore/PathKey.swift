/// A dictionary or set key for a path that tells every byte apart, as
/// `RawPath.key(_:)` does, without copying the name: it hashes and compares
/// the String's UTF-8, which stands for exactly one name (see `RawPath`).
/// NFC and NFD spellings of a name are two keys.
///
/// ```swift
/// var rowByPath: [PathKey: Int] = [:]
/// rowByPath[PathKey("cafe\u{301}.mp4")] = 1
/// rowByPath[PathKey("caf\u{E9}.mp4")]  // nil: another file
/// ```
public struct PathKey: Hashable, Sendable {
    public let path: String

    public init(_ path: String) {
        self.path = path
    }

    public static func == (lhs: PathKey, rhs: PathKey) -> Bool {
        RawPath.same(lhs.path, rhs.path)
    }

    public func hash(into hasher: inout Hasher) {
        // One call over the contiguous UTF-8 (a native String's storage);
        // a bridged one is copied first so both hash alike.
        let hashed: Void? = path.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            Array(path.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
