import DequeModule

/// A least-recently-used store bounded by total cost and entry count, as a pure value.
///
/// Reads and writes mark an entry as recently used; inserting beyond either limit evicts from the
/// least recently used end. Access order lives in a log with lazy deletion, so every operation
/// is amortised O(1).
struct LRUState<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var cost: Int
        var stamp: Int
    }

    let costLimit: Int
    let countLimit: Int
    private var entries: [Key: Entry] = [:]
    private var log: Deque<(key: Key, stamp: Int)> = []
    private var clock = 0
    private(set) var totalCost = 0

    init(costLimit: Int, countLimit: Int) {
        self.costLimit = max(0, costLimit)
        self.countLimit = max(0, countLimit)
    }

    var count: Int { entries.count }

    /// The value for `key`, marking it recently used.
    mutating func value(for key: Key) -> Value? {
        guard var entry = entries[key] else { return nil }
        entry.stamp = tick()
        entries[key] = entry
        log.append((key, entry.stamp))
        compactIfNeeded()
        return entry.value
    }

    /// Inserts or replaces a value; returns the keys evicted to make room (oldest first).
    @discardableResult
    mutating func insert(_ value: Value, for key: Key, cost: Int) -> [Key] {
        removeValue(for: key)
        guard cost <= costLimit, countLimit > 0 else { return [] }
        let stamp = tick()
        entries[key] = Entry(value: value, cost: cost, stamp: stamp)
        log.append((key, stamp))
        totalCost += cost
        var evicted: [Key] = []
        while totalCost > costLimit || entries.count > countLimit, let oldest = popOldest() {
            evicted.append(oldest)
        }
        compactIfNeeded()
        return evicted
    }

    /// Removes a value.
    mutating func removeValue(for key: Key) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        totalCost -= entry.cost
    }

    mutating func removeAll() {
        entries = [:]
        log = []
        totalCost = 0
    }

    /// Keys from least to most recently used.
    var keysByRecency: [Key] {
        entries.sorted { $0.value.stamp < $1.value.stamp }.map(\.key)
    }

    private mutating func tick() -> Int {
        clock += 1
        return clock
    }

    private mutating func popOldest() -> Key? {
        while let (key, stamp) = log.popFirst() {
            guard let entry = entries[key], entry.stamp == stamp else { continue }
            entries[key] = nil
            totalCost -= entry.cost
            return key
        }
        return nil
    }

    private mutating func compactIfNeeded() {
        guard log.count > 2 * entries.count + 32 else { return }
        log = Deque(entries.map { (key: $0.key, stamp: $0.value.stamp) }.sorted { $0.stamp < $1.stamp })
    }
}
