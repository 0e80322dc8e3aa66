import TestSupport

/// Files damaged the ways damage happens, made from whole ones deterministically: a download or
/// copy cut short, a bad sector (a run of zeros), bytes flipped in transit or on a card.
enum Damage {
    /// The first `share` of the bytes, as a download or copy interrupted leaves them.
    static func cut(_ bytes: [UInt8], at share: Double) -> [UInt8] {
        Array(bytes.prefix(Int(Double(bytes.count) * share)))
    }

    /// `length` bytes zeroed from `share` of the way in, as a bad sector reads.
    static func zeroed(_ bytes: [UInt8], at share: Double, length: Int) -> [UInt8] {
        var damaged = bytes
        let start = Int(Double(bytes.count) * share)
        for index in start..<min(bytes.count, start + length) { damaged[index] = 0 }
        return damaged
    }

    /// `count` bytes past `from` (the header kept) with one bit flipped each, places from `seed`.
    static func flipped(_ bytes: [UInt8], count: Int, from: Int, seed: UInt64) -> [UInt8] {
        var damaged = bytes
        var generator = SplitMix64(seed: seed)
        for _ in 0..<count {
            let index = from + Int(generator.next() % UInt64(bytes.count - from))
            damaged[index] ^= UInt8(1) << (generator.next() % 8)
        }
        return damaged
    }
}
