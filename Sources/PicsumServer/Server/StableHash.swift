/// A small, stable (run-to-run and platform-independent) hash: FNV-1a folded through SplitMix64.
///
/// Swift's `Hasher` is seeded per process, so it cannot make decisions that must repeat.
struct StableHash {
    private(set) var state: UInt64

    init(seed: UInt64 = 0) {
        state = 0xcbf2_9ce4_8422_2325 ^ Self.mix(seed)
    }

    mutating func combine(_ value: UInt64) {
        state = Self.mix(state ^ value)
    }

    mutating func combine(_ value: Int) {
        combine(UInt64(bitPattern: Int64(value)))
    }

    mutating func combine(_ text: String) {
        for byte in text.utf8 {
            state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        combine(UInt64(text.utf8.count))
    }

    /// The hash value.
    var value: UInt64 { Self.mix(state) }

    /// A number in [0, 1) drawn from the hash and `stream` (independent per stream).
    func unit(_ stream: UInt64) -> Double {
        Double(Self.mix(state &+ stream &* 0x9e37_79b9_7f4a_7c15) >> 11) / Double(UInt64(1) << 53)
    }

    /// A number in 0..<bound drawn from the hash and `stream`.
    func below(_ bound: Int, stream: UInt64) -> Int {
        precondition(bound > 0)
        return Int(Self.mix(state &+ stream &* 0x9e37_79b9_7f4a_7c15) % UInt64(bound))
    }

    /// SplitMix64's finaliser.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
