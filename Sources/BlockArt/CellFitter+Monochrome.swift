import Vocabulary
extension CellFitter {
    /// `none` colour mode: glyphs only, in the terminal's default colours (assumed light ink
    /// on a dark background). Each sub-pixel is ink when its Oklab lightness is over one
    /// half, after dithering over the sub-pixel grid; `ascii` picks a ramp level per cell.
    func fillMonochrome(_ cells: inout [Cell], image: SubpixelImage, grid: CellSize) {
        let symbols = options.symbols
        let px = symbols.pixelsPerCellX, py = symbols.pixelsPerCellY
        if symbols == .ascii {
            fillASCIIMonochrome(&cells, image: image, grid: grid)
            return
        }
        var lightness = image.lab.map(\.x)
        var ink = [Bool](repeating: false, count: lightness.count)
        quantizeLevels(&lightness, width: image.width, height: image.height, levels: 2) { index, level in
            ink[index] = level == 1
        }
        for cy in 0..<grid.rows {
            for cx in 0..<grid.columns {
                var pattern = 0
                for j in 0..<py {
                    for i in 0..<px where ink[(cy * py + j) * image.width + cx * px + i] {
                        pattern |= 1 << (j * px + i)
                    }
                }
                // `half` patterns are top and bottom: bits 0 and 1 already.
                cells[cy * grid.columns + cx] = Cell(glyph: symbols.glyph(forPattern: pattern))
            }
        }
    }

    private func fillASCIIMonochrome(_ cells: inout [Cell], image: SubpixelImage, grid: CellSize) {
        let ramp = SymbolSet.asciiRamp
        // One value per cell: the mean lightness of its two sub-pixels.
        var lightness = [Float](repeating: 0, count: grid.columns * grid.rows)
        for cy in 0..<grid.rows {
            for cx in 0..<grid.columns {
                let top = image.lab[(cy * 2) * image.width + cx].x
                let bottom = image.lab[(cy * 2 + 1) * image.width + cx].x
                lightness[cy * grid.columns + cx] = (top + bottom) / 2
            }
        }
        quantizeLevels(&lightness, width: grid.columns, height: grid.rows, levels: ramp.count) { index, level in
            cells[index] = Cell(glyph: ramp[level].glyph)
        }
    }

    /// Quantises values in 0…1 to `levels` evenly spaced levels with the configured dithering,
    /// reporting each position's level. Diffusion walks rows in serpentine order.
    func quantizeLevels(
        _ values: inout [Float], width: Int, height: Int, levels: Int, _ report: (Int, Int) -> Void
    ) {
        let top = Float(levels - 1)
        for y in 0..<height {
            let forward = options.dither != .diffusion || y % 2 == 0
            for step in 0..<width {
                let x = forward ? step : width - 1 - step
                let index = y * width + x
                var scaled = values[index] * top
                if options.dither == .ordered { scaled += Self.bayerOffset(x, y) }
                let level = Int(min(max(scaled.rounded(), 0), top))
                report(index, level)
                guard options.dither == .diffusion else { continue }
                let error = (values[index] * top - Float(level)) / top
                let ahead = forward ? 1 : -1
                func spread(_ x: Int, _ y: Int, _ weight: Float) {
                    guard x >= 0, x < width, y < height else { return }
                    values[y * width + x] += error * weight
                }
                spread(x + ahead, y, 7 / 16)
                spread(x - ahead, y + 1, 3 / 16)
                spread(x, y + 1, 5 / 16)
                spread(x + ahead, y + 1, 1 / 16)
            }
        }
    }
}
