/// Hands out ncurses colour-pair numbers on demand and reuses them, least recently used first.
///
/// Pair 0 is the terminal default and never allocated. When every pair in
/// `1...capacity` is taken, the pair used longest ago is redefined (so pairs
/// drawn in the current frame go last).
///
/// ```swift
/// var pairs = ColorPairAllocator(capacity: 255)
/// let (pair, isNew) = pairs.pair(foreground: 196, background: -1)
/// if isNew { init_extended_pair(pair, 196, -1) }
/// ```
public struct ColorPairAllocator: Sendable {
    /// A foreground/background colour combination (ncurses colour numbers, -1 for default).
    public struct Key: Hashable, Sendable {
        /// Foreground colour number.
        public var foreground: Int32
        /// Background colour number.
        public var background: Int32
    }

    /// The highest pair number handed out.
    public let capacity: Int32
    private var pairsByKey: [Key: Int32] = [:]
    private var keysByPair: [Int32: Key] = [:]
    private var lastUse: [Int32: UInt64] = [:]
    private var clock: UInt64 = 0
    /// How many pairs were redefined because the table was full.
    public private(set) var evictions = 0

    /// Creates an allocator for pairs `1...capacity`.
    public init(capacity: Int32) {
        self.capacity = max(0, capacity)
    }

    /// Pairs currently defined.
    public var count: Int { pairsByKey.count }

    /// The pair for `foreground` on `background`, and whether it must be (re)defined with ncurses.
    public mutating func pair(foreground: Int32, background: Int32) -> (pair: Int32, isNew: Bool) {
        if foreground == -1, background == -1 { return (0, false) }
        clock += 1
        let key = Key(foreground: foreground, background: background)
        if let existing = pairsByKey[key] {
            lastUse[existing] = clock
            return (existing, false)
        }
        guard capacity > 0 else { return (0, false) }
        let pair: Int32
        if pairsByKey.count < Int(capacity) {
            pair = Int32(pairsByKey.count) + 1
        } else {
            pair = leastRecentlyUsed()
            if let old = keysByPair[pair] { pairsByKey[old] = nil }
            evictions += 1
        }
        pairsByKey[key] = pair
        keysByPair[pair] = key
        lastUse[pair] = clock
        return (pair, true)
    }

    /// Forgets every pair (after the terminal's colours were reset).
    public mutating func reset() {
        pairsByKey.removeAll()
        keysByPair.removeAll()
        lastUse.removeAll()
    }

    private func leastRecentlyUsed() -> Int32 {
        var oldestPair: Int32 = 1
        var oldestUse = UInt64.max
        for (pair, use) in lastUse where use < oldestUse {
            oldestPair = pair
            oldestUse = use
        }
        return oldestPair
    }
}
