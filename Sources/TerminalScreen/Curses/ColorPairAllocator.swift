/// Hands out ncurses colour-pair numbers on demand and reuses them, least recently used first.
///
/// Pair 0 is the terminal default and never allocated. When every pair in
/// `1...capacity` is taken, the pair used longest ago is redefined (so pairs
/// drawn in the current frame go last). ncurses pays for each redefinition with a pass over
/// the whole screen, so ``CursesScreen`` starts a new generation instead (``fits(_:)``,
/// ``reset()``) when a frame's new colours would not fit: every pair at once.
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
    /// Per pair number (index 0 unused): its combination.
    private var keysByPair: [Key] = [Key(foreground: -1, background: -1)]
    /// The pairs in order of use, a list linked through the pair numbers: index 0 is its anchor,
    /// `newer[0]` the pair used longest ago, `older[0]` the last one used. A use moves a pair to
    /// the end and an eviction takes the front, each in constant time (a full table of tens of
    /// thousands of pairs is not searched for every new colour of a picture's cells).
    private var newer: [Int32] = [0]
    private var older: [Int32] = [0]
    /// How many pairs were redefined because the table was full.
    public private(set) var evictions = 0

    /// Creates an allocator for pairs `1...capacity`.
    public init(capacity: Int32) {
        self.capacity = max(0, capacity)
    }

    /// Pairs currently defined.
    public var count: Int { pairsByKey.count }
    /// How many times every pair was let go at once (``reset()``) to make room for a frame.
    public private(set) var generations = 0

    /// Whether the pair of `foreground` on `background` is defined now.
    public func contains(foreground: Int32, background: Int32) -> Bool {
        (foreground == -1 && background == -1) || pairsByKey[Key(foreground: foreground, background: background)] != nil
    }

    /// Whether `newPairs` more combinations fit without redefining a pair in use.
    public func fits(_ newPairs: Int) -> Bool {
        capacity == 0 || count + newPairs <= Int(capacity)
    }

    /// The pair for `foreground` on `background`, and whether it must be (re)defined with ncurses.
    public mutating func pair(foreground: Int32, background: Int32) -> (pair: Int32, isNew: Bool) {
        if foreground == -1, background == -1 { return (0, false) }
        let key = Key(foreground: foreground, background: background)
        if let existing = pairsByKey[key] {
            unlink(existing)
            append(existing)
            return (existing, false)
        }
        guard capacity > 0 else { return (0, false) }
        let pair: Int32
        if pairsByKey.count < Int(capacity) {
            pair = Int32(pairsByKey.count) + 1
            if Int(pair) < keysByPair.count {
                keysByPair[Int(pair)] = key
            } else {
                keysByPair.append(key)
                newer.append(0)
                older.append(0)
            }
        } else {
            pair = newer[0]
            unlink(pair)
            pairsByKey[keysByPair[Int(pair)]] = nil
            keysByPair[Int(pair)] = key
            evictions += 1
        }
        pairsByKey[key] = pair
        append(pair)
        return (pair, true)
    }

    /// Forgets every pair (after the terminal's colours were reset), and counts a generation.
    public mutating func reset() {
        pairsByKey.removeAll()
        newer[0] = 0
        older[0] = 0
        generations += 1
    }

    /// Takes `pair` out of the order of use.
    private mutating func unlink(_ pair: Int32) {
        let (before, after) = (older[Int(pair)], newer[Int(pair)])
        newer[Int(before)] = after
        older[Int(after)] = before
    }

    /// Puts `pair` at the end of the order of use (the last used).
    private mutating func append(_ pair: Int32) {
        let last = older[0]
        newer[Int(last)] = pair
        older[Int(pair)] = last
        newer[Int(pair)] = 0
        older[0] = pair
    }
}
