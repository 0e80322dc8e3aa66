import Testing

@testable import TerminalScreen

/// The colour pairs of a full table: the one used longest ago is redefined, whatever the order
/// of uses, as a picture's cells ask for thousands of combinations.
@Suite("ColorPairAllocator: least recently used first")
struct ColorPairAllocatorTests {
    /// The rule written out plainly: the pair whose last use is oldest goes.
    private struct Reference {
        var capacity: Int32
        var pairs: [ColorPairAllocator.Key: Int32] = [:]
        var lastUse: [Int32: Int] = [:]
        var clock = 0

        mutating func pair(_ key: ColorPairAllocator.Key) -> (pair: Int32, isNew: Bool) {
            clock += 1
            if let pair = pairs[key] {
                lastUse[pair] = clock
                return (pair, false)
            }
            let pair = pairs.count < Int(capacity) ? Int32(pairs.count) + 1 : lastUse.min { $0.value < $1.value }!.key
            pairs = pairs.filter { $0.value != pair }
            pairs[key] = pair
            lastUse[pair] = clock
            return (pair, true)
        }
    }

    @Test func aFullTableGivesUpThePairUsedLongestAgo() {
        // Given a table of 50 pairs and 20,000 uses of 120 combinations, some used again and again
        var allocator = ColorPairAllocator(capacity: 50)
        var reference = Reference(capacity: 50)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Int32(truncatingIfNeeded: (state >> 33) % 160)
            // A quarter of the uses from 8 favourite combinations, as a picture's common colours.
            let key = ColorPairAllocator.Key(foreground: value < 40 ? value % 8 : value, background: 7)

            // When each asks for its pair
            let got = allocator.pair(foreground: key.foreground, background: key.background)

            // Then it is the pair the plain rule gives, new exactly when the rule says
            let expected = reference.pair(key)
            #expect(got == expected)
            if got != expected { return }
        }
        #expect(allocator.count == 50)
        #expect(allocator.evictions > 1000)
    }

    @Test func afterAResetPairsStartAgainFromOne() {
        // Given a full table of 2 pairs, one evicted
        var pairs = ColorPairAllocator(capacity: 2)
        _ = pairs.pair(foreground: 1, background: 2)
        _ = pairs.pair(foreground: 3, background: 4)
        #expect(pairs.pair(foreground: 5, background: 6) == (1, true))

        // When it is reset (the terminal's colours were)
        pairs.reset()

        // Then every combination is new again, from pair 1, and the order of use starts afresh
        #expect(pairs.count == 0)
        #expect(pairs.pair(foreground: 3, background: 4) == (1, true))
        #expect(pairs.pair(foreground: 5, background: 6) == (2, true))
        #expect(pairs.pair(foreground: 3, background: 4) == (1, false))
        #expect(pairs.pair(foreground: 7, background: 8) == (2, true))
    }
}
