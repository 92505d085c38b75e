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
            scalars = name.lowercased().unicodeScalars.map(\.value)
        }
    }

    /// Whether `lhs` sorts before `rhs`.
    public static func less(_ lhs: String, _ rhs: String) -> Bool {
        less(Key(lhs), Key(rhs))
    }

    public static func less(_ lhs: Key, _ rhs: Key) -> Bool {
        let order = compare(lhs.scalars, rhs.scalars)
        return order != 0 ? order < 0 : lhs.name < rhs.name // tie-break keeps the order total
    }

    /// Negative, zero or positive as `lhs` sorts before, with, or after `rhs`.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        compare(Key(lhs).scalars, Key(rhs).scalars)
    }

    /// Sorts `items` by the name `name` gives each, computing every key once.
    public static func sorted<T>(_ items: [T], by name: (T) -> String) -> [T] {
        items.map { (Key(name($0)), $0) }.sorted { less($0.0, $1.0) }.map(\.1)
    }

    private static func compare(_ a: [UInt32], _ b: [UInt32]) -> Int {
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
