import Foundation
import Testing
@testable import FlickMedia

@Suite struct LRUCacheTests {
    @Test func theLeastRecentlyUsedGoesFirst() {
        var cache = LRUCache<String, Int>(capacity: 3)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        cache.insert(3, for: "c")
        #expect(cache.value(for: "a") == 1)  // a is now the most recent
        #expect(cache.insert(4, for: "d") == "b")
        #expect(cache.peek("b") == nil)
        #expect(cache.keysByRecency == ["d", "a", "c"])
        #expect(cache.insert(5, for: "e") == "c")
        #expect(cache.keysByRecency == ["e", "d", "a"])
    }

    @Test func peekingLeavesTheOrder() {
        var cache = LRUCache<Int, Int>(capacity: 2)
        cache.insert(1, for: 1)
        cache.insert(2, for: 2)
        #expect(cache.peek(1) == 1)
        #expect(cache.insert(3, for: 3) == 1)
    }

    @Test func storingAgainReplacesAndRefreshes() {
        var cache = LRUCache<Int, String>(capacity: 2)
        cache.insert("one", for: 1)
        cache.insert("two", for: 2)
        #expect(cache.insert("uno", for: 1) == nil)
        #expect(cache.count == 2)
        #expect(cache.insert("three", for: 3) == 2)
        #expect(cache.peek(1) == "uno")
    }

    @Test func removedKeysFreeTheirPlace() {
        var cache = LRUCache<Int, Int>(capacity: 3)
        for key in 0..<3 { cache.insert(key, for: key) }
        cache.removeValue(for: 1)
        cache.removeAll { $0 == 2 }
        #expect(cache.count == 1)
        #expect(cache.insert(10, for: 10) == nil)
        #expect(cache.insert(11, for: 11) == nil)
        #expect(cache.insert(12, for: 12) == 0)
        #expect(cache.keysByRecency == [12, 11, 10])
    }

    /// A value forgotten is freed at once, not kept in a free slot.
    @Test func aForgottenValueIsReleased() {
        final class Box {}
        var cache = LRUCache<Int, Box>(capacity: 1)
        weak var first: Box?
        do {
            let box = Box()
            first = box
            cache.insert(box, for: 1)
        }
        #expect(first != nil)
        cache.insert(Box(), for: 2)
        #expect(first == nil)
    }

    /// Evicting from a full cache of 200,000 costs the same per step as
    /// from one of 2,000 (an array's `removeFirst` would make the large
    /// one about a hundred times slower per step).
    @Test func evictionDoesNotGrowWithTheCount() {
        func secondsPerStep(capacity: Int) -> Double {
            var cache = LRUCache<Int, Int>(capacity: capacity)
            for key in 0..<capacity { cache.insert(key, for: key) }
            let steps = 200_000
            let start = DispatchTime.now().uptimeNanoseconds
            for key in capacity..<(capacity + steps) {
                _ = cache.value(for: key - capacity / 2)
                cache.insert(key, for: key)
            }
            #expect(cache.count == capacity)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(steps)
        }
        let small = secondsPerStep(capacity: 2_000), large = secondsPerStep(capacity: 200_000)
        #expect(large < small * 10, "per step: \(small) ns with 2,000, \(large) ns with 200,000")
    }
}
