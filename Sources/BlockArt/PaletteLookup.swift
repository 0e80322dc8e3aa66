/// Nearest-colour lookups for one render: a table over the palette's grid whose entries are
/// found the first time a colour lands in them, then read back with no search.
///
/// Not thread-safe: one render uses it at a time. A renderer hands the table it filled to
/// its next render (see `BlockArtRenderer`), so the searches are paid once per renderer.
final class PaletteLookup {
    private let palette: Palette
    /// Grid entry → palette index, or `.max` while not yet searched (about 60 KB).
    private(set) var table: [UInt16]

    /// A lookup starting from `table` (a previous render's, for the same palette) or empty.
    init(_ palette: Palette, table: [UInt16]? = nil) {
        self.palette = palette
        if let table, table.count == palette.gridSize {
            self.table = table
        } else {
            self.table = [UInt16](repeating: .max, count: palette.gridSize)
        }
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
