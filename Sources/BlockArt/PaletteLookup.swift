/// Nearest-colour lookups for one render: a table over the palette's grid whose entries are
/// found the first time a colour lands in them, then read back with no search.
///
/// Not thread-safe; each render makes its own (the table is about 60 KB).
final class PaletteLookup {
    private let palette: Palette
    private var table: [UInt16]

    init(_ palette: Palette) {
        self.palette = palette
        table = [UInt16](repeating: .max, count: palette.gridSize)
    }

    /// The palette index nearest to an sRGB colour (channels 0…255, clamped, fractional allowed).
    @inline(__always)
    func index(of rgb: SIMD3<Float>) -> UInt8 {
        let slot = palette.slot(of: rgb)
        let cached = table[slot]
        if cached != .max { return UInt8(truncatingIfNeeded: cached) }
        let index = palette.nearestIndex(slot: slot)
        table[slot] = UInt16(index)
        return index
    }
}
