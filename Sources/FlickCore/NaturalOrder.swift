/// File-name order as the Files app sorts: case-insensitive, with runs of
/// digits compared by their numeric value ("clip2" before "clip10").
public enum NaturalOrder {
    /// Whether `lhs` sorts before `rhs`.
    public static func less(_ lhs: String, _ rhs: String) -> Bool {
        let order = compare(lhs, rhs)
        return order != 0 ? order < 0 : lhs < rhs // tie-break keeps the order total
    }

    /// Negative, zero or positive as `lhs` sorts before, with, or after `rhs`.
    public static func compare(_ lhs: String, _ rhs: String) -> Int {
        var a = Array(lhs.lowercased().unicodeScalars)[...]
        var b = Array(rhs.lowercased().unicodeScalars)[...]
        while let x = a.first, let y = b.first {
            if isDigit(x) && isDigit(y) {
                let runA = a.prefix(while: isDigit), runB = b.prefix(while: isDigit)
                a = a.dropFirst(runA.count)
                b = b.dropFirst(runB.count)
                let order = compareNumbers(runA, runB)
                if order != 0 { return order }
            } else {
                if x != y { return x.value < y.value ? -1 : 1 }
                a = a.dropFirst()
                b = b.dropFirst()
            }
        }
        return a.count - b.count
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }

    private static func compareNumbers(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Int {
        let a = a.drop { $0 == "0" }, b = b.drop { $0 == "0" }
        if a.count != b.count { return a.count - b.count }
        for (x, y) in zip(a, b) where x != y { return x.value < y.value ? -1 : 1 }
        return 0
    }
}
