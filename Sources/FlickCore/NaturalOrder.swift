import Foundation

/// File-name order as the Files app sorts: case-insensitive, with runs of
/// digits compared by their numeric value ("clip2" before "clip10").
public enum NaturalOrder {
    /// A name prepared once for many comparisons (sorting 10,000 names
    /// compares each about 14 times).
    public struct Key: Sendable {
        fileprivate let scalars: [UInt32]
        fileprivate let name: String

        public init(_ name: String) {
            self.name = name
            var scalars: [UInt32] = []
            NaturalOrder.appendKey(of: name, to: &scalars)
            self.scalars = scalars
        }
    }

    /// Appends the scalars `name` is compared by (lower-cased): ASCII names
    /// (nearly all of them) byte by byte, others through `lowercased()`.
    static func appendKey(of name: String, to scalars: inout [UInt32]) {
        let start = scalars.count
        for byte in name.utf8 {
            guard byte < 0x80 else {
                scalars.removeSubrange(start...)
                scalars += name.lowercased().unicodeScalars.map(\.value)
                return
            }
            scalars.append(UInt32(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte))
        }
    }

    /// Whether `lhs` sorts before `rhs`.
    public static func less(_ lhs: String, _ rhs: String) -> Bool {
        less(Key(lhs), Key(rhs))
    }

    public static func less(_ lhs: Key, _ rhs: Key) -> Bool {
        let order = lhs.scalars.withUnsafeBufferPointer { a in rhs.scalars.withUnsafeBufferPointer { b in compare(a, b) } }
        return order != 0 ? order < 0 : lhs.name < rhs.name // tie-break keeps the order total
    }

    /// Negative, zero or positive as `lhs` sorts before, with, or after `rhs`.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        let a = Key(lhs), b = Key(rhs)
        return a.scalars.withUnsafeBufferPointer { x in b.scalars.withUnsafeBufferPointer { y in compare(x, y) } }
    }

    /// Sorts `items` by the name `name` gives each, computing every key
    /// once. Each key is written as bytes that compare as plain bytes
    /// (`appendSortBytes`), the keys sit in one buffer and the sort moves
    /// indices: a comparison neither copies nor retains anything. The
    /// bytes every key starts with ("IMG_", "clip_") are skipped, and the
    /// next eight, read as one number, decide most comparisons alone.
    public static func sorted<T>(_ items: [T], by name: (T) -> String) -> [T] {
        var keys: [UInt8] = []
        var bounds: [Int] = [0]
        bounds.reserveCapacity(items.count + 1)
        let names = items.map(name)
        var scalars: [UInt32] = []
        for name in names {
            scalars.removeAll(keepingCapacity: true)
            appendKey(of: name, to: &scalars)
            appendSortBytes(of: scalars, to: &keys)
            bounds.append(keys.count)
        }
        var order = Array(names.indices)
        keys.withUnsafeBufferPointer { all in
            bounds.withUnsafeBufferPointer { bounds in
                // Every key's bytes after the ones all keys share.
                var common = order.isEmpty ? 0 : bounds[1]
                for index in order.dropFirst() {
                    let limit = min(common, bounds[index + 1] - bounds[index])
                    var length = 0
                    while length < limit && all[length] == all[bounds[index] + length] { length += 1 }
                    common = length
                }
                let tail = { (index: Int) in UnsafeBufferPointer(rebasing: all[(bounds[index] + common)..<bounds[index + 1]]) }
                // The first eight of them as a big-endian number, zeros past the end.
                let heads = order.map { index in
                    var head: UInt64 = 0
                    for byte in tail(index).prefix(8) { head = head << 8 | UInt64(byte) }
                    return head << (8 * UInt64(8 - min(8, tail(index).count)))
                }
                order.sort { i, j in
                    if heads[i] != heads[j] { return heads[i] < heads[j] }
                    let order = compareBytes(tail(i), tail(j))
                    return order != 0 ? order < 0 : names[i] < names[j]  // as `less`
                }
            }
        }
        return order.map { items[$0] }
    }

    /// Writes a key's scalars so that comparing the bytes of two keys
    /// orders them as `compare` does: a character is its UTF-8 (whose
    /// bytes order as the scalars do); a run of digits is "0" (so it sorts
    /// against a character as its digits would), then the count of its
    /// digits without leading zeros (four bytes, big-endian), then those
    /// digits. A key that is the start of another sorts first.
    static func appendSortBytes(of scalars: [UInt32], to bytes: inout [UInt8]) {
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard isDigit(scalar) else {
                if scalar < 0x80 {
                    bytes.append(UInt8(scalar))
                } else if let character = Unicode.Scalar(scalar) {
                    UTF8.encode(character) { bytes.append($0) }
                }
                index += 1
                continue
            }
            var end = index
            while end < scalars.count && isDigit(scalars[end]) { end += 1 }
            var start = index
            while start < end && scalars[start] == 0x30 { start += 1 }
            let count = UInt32(end - start)
            bytes.append(0x30)
            for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: count >> UInt32(shift))) }
            for digit in scalars[start..<end] { bytes.append(UInt8(digit)) }
            index = end
        }
    }

    private static func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    private static func compare(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>) -> Int {
        var i = 0, j = 0
        while i < a.count && j < b.count {
            let x = a[i], y = b[j]
            if isDigit(x) && isDigit(y) {
                var endA = i, endB = j
                while endA < a.count && isDigit(a[endA]) { endA += 1 }
                while endB < b.count && isDigit(b[endB]) { endB += 1 }
                // Leading zeros do not count; then the longer run is the larger number.
                var startA = i, startB = j
                while startA < endA && a[startA] == 0x30 { startA += 1 }
                while startB < endB && b[startB] == 0x30 { startB += 1 }
                if endA - startA != endB - startB { return (endA - startA) - (endB - startB) }
                while startA < endA {
                    if a[startA] != b[startB] { return a[startA] < b[startB] ? -1 : 1 }
                    startA += 1
                    startB += 1
                }
                i = endA
                j = endB
            } else {
                if x != y { return x < y ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        return (a.count - i) - (b.count - j)
    }

    private static func isDigit(_ s: UInt32) -> Bool { s >= 0x30 && s <= 0x39 }
}
