/// A least-recently-used cache bounded by total cost and by count.
///
/// Eviction scans for the oldest entry: O(n), which is fine for the few hundred
/// representations a test or demo server holds, and keeps the structure obvious.
struct CostLimitedLRU<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var value: Value
        var cost: Int
        var lastUse: UInt64
    }

    let costLimit: Int
    let countLimit: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var totalCost = 0

    init(costLimit: Int, countLimit: Int) {
        self.costLimit = costLimit
        self.countLimit = countLimit
    }

    var count: Int { entries.count }

    /// The value for `key`, marking it as just used.
    mutating func value(for key: Key) -> Value? {
        guard entries[key] != nil else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return entries[key]?.value
    }

    /// Stores `value`, then evicts the least recently used entries until within both limits.
    /// A value costlier than the whole limit is not stored.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
        guard cost <= costLimit, countLimit > 0 else { return }
        clock += 1
        entries[key] = Entry(value: value, cost: cost, lastUse: clock)
        totalCost += cost
        while totalCost > costLimit || entries.count > countLimit {
            guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { break }
            entries.removeValue(forKey: oldest.key)
            totalCost -= oldest.value.cost
        }
    }
}
