/// A fixed number of values by key, the least recently used one going
/// first when a new one needs its place. Every operation is O(1): the
/// entries live in one array, chained most-recent-first by index, and a
/// dictionary finds a key's slot; an evicted entry's slot is reused.
///
/// Not thread-safe: its owner keeps it on one thread (`MediaService` on the
/// main actor).
public struct LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var key: Key
        /// Nil in a free slot, so a forgotten value is freed at once.
        var value: Value?
        var newer: Int?
        var older: Int?
    }

    public let capacity: Int
    private var entries: [Entry] = []
    private var slots: [Key: Int] = [:]
    private var free: [Int] = []
    private var newest: Int?
    private var oldest: Int?

    /// Keeps at most `capacity` values (at least one).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    public var count: Int { slots.count }

    /// The value for `key`, which becomes the most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        touch(slot)
        return entries[slot].value
    }

    /// The value for `key`, leaving the order as it is.
    public func peek(_ key: Key) -> Value? {
        slots[key].flatMap { entries[$0].value }
    }

    /// Stores `value` as the most recently used; returns the key evicted
    /// to make room, if one was.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key) -> Key? {
        if let slot = slots[key] {
            entries[slot].value = value
            touch(slot)
            return nil
        }
        var evicted: Key?
        if slots.count >= capacity, let last = oldest {
            evicted = entries[last].key
            remove(slot: last)
        }
        let entry = Entry(key: key, value: value, newer: nil, older: newest)
        let slot: Int
        if let reused = free.popLast() {
            entries[reused] = entry
            slot = reused
        } else {
            entries.append(entry)
            slot = entries.count - 1
        }
        if let newest { entries[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
        slots[key] = slot
        return evicted
    }

    /// Forgets `key`'s value.
    public mutating func removeValue(for key: Key) {
        guard let slot = slots[key] else { return }
        remove(slot: slot)
    }

    /// Forgets every value whose key matches (O(n)).
    public mutating func removeAll(where matches: (Key) -> Bool) {
        for key in slots.keys.filter(matches) { removeValue(for: key) }
    }

    /// The keys from the most to the least recently used (O(n); for tests).
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        var slot = newest
        while let current = slot {
            keys.append(entries[current].key)
            slot = entries[current].older
        }
        return keys
    }

    private mutating func touch(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        entries[slot].older = newest
        entries[slot].newer = nil
        if let newest { entries[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (entries[slot].newer, entries[slot].older)
        if let newer { entries[newer].older = older } else { newest = older }
        if let older { entries[older].newer = newer } else { oldest = newer }
    }

    private mutating func remove(slot: Int) {
        unlink(slot)
        slots[entries[slot].key] = nil
        entries[slot].value = nil
        free.append(slot)
    }
}
