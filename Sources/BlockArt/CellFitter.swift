import Vocabulary

/// Turns sub-pixels into cells for one set of options: the per-cell search, quantising and
/// dithering. Internal; `BlockArtRenderer` is the public face.
struct CellFitter {
    let options: BlockArtOptions
    /// Nearest-colour lookups for quantised modes, memoised for this render.
    let palette: PaletteLookup?

    /// A fitter; `paletteTable` is a lookup table a previous render of the same options filled.
    init(options: BlockArtOptions, paletteTable: [UInt16]? = nil) {
        self.options = options
        self.palette = Palette.forMode(options.colors).map { PaletteLookup($0, table: paletteTable) }
    }

    /// Bayer 4×4 thresholds, 0–15.
    static let bayer4: [Float] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// Bayer threshold in −0.5…0.5 at a position.
    @inline(__always)
    static func bayerOffset(_ x: Int, _ y: Int) -> Float {
        (bayer4[(y & 3) * 4 + (x & 3)] + 0.5) / 16 - 0.5
    }

    /// Amplitude of ordered dithering, in sRGB units: about one palette step.
    private var orderedAmplitude: Float {
        options.colors == .ansi16 ? 96 : 36
    }

    /// The cells for `image`, which holds exactly `grid` × the symbol set's pixels per cell.
    func cells(from image: SubpixelImage, grid: CellSize) -> CellGrid {
        guard !grid.isEmpty else { return CellGrid(columns: 0, rows: 0) }
        var cells = [Cell](repeating: .blank, count: grid.columns * grid.rows)
        if options.colors == .none {
            fillMonochrome(&cells, image: image, grid: grid)
        } else {
            fillColored(&cells, image: image, grid: grid)
        }
        return CellGrid(columns: grid.columns, rows: grid.rows, cells: cells) ?? CellGrid(columns: 0, rows: 0)
    }

    /// A colour for the terminal, and the sRGB it stands for (to measure the error).
    @inline(__always)
    func quantize(_ rgb: SIMD3<Float>, offset: Float) -> (CellColor, SIMD3<Float>) {
        if let palette {
            let index = palette.index(of: rgb + SIMD3(repeating: offset))
            return (.indexed(index), Palette.rgb(ofIndex: index))
        }
        let clamped = (rgb.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255)) + 0.5)
        let r = UInt8(clamped.x), g = UInt8(clamped.y), b = UInt8(clamped.z)
        return (.rgb(r, g, b), SIMD3(Float(r), Float(g), Float(b)))
    }

    /// Ordered-dither offsets for a cell's foreground and background, in sRGB units.
    @inline(__always)
    private func orderedOffsets(_ cx: Int, _ cy: Int) -> (Float, Float) {
        (Self.bayerOffset(cx, cy) * orderedAmplitude, Self.bayerOffset(cx + 2, cy + 1) * orderedAmplitude)
    }

    /// Of the candidate masks, the one whose palette colours leave the least Oklab error.
    private func bestQuantizedMask(
        _ candidates: [Int], labs: [SIMD3<Float>], rgbs: [SIMD3<Float>], cx: Int, cy: Int, ordered: Bool
    ) -> Int {
        let (fgOffset, bgOffset) = ordered ? orderedOffsets(cx, cy) : (0, 0)
        var best = candidates[0]
        var bestError = Float.infinity
        for mask in candidates {
            let (ink, paper, _) = PartitionSearch.means(of: rgbs, mask: mask)
            let inkLab = Palette.oklab(ofIndex: palette?.index(of: ink + SIMD3(repeating: fgOffset)) ?? 0)
            let paperLab = Palette.oklab(ofIndex: palette?.index(of: paper + SIMD3(repeating: bgOffset)) ?? 0)
            var error: Float = 0
            for (index, lab) in labs.enumerated() {
                let delta = lab - (mask & (1 << index) != 0 ? inkLab : paperLab)
                error += (delta * delta).sum()
            }
            if error < bestError {
                bestError = error
                best = mask
            }
        }
        return best
    }

    // MARK: - Colour modes

    private func fillColored(_ cells: inout [Cell], image: SubpixelImage, grid: CellSize) {
        let symbols = options.symbols
        let px = symbols.pixelsPerCellX, py = symbols.pixelsPerCellY
        let count = px * py
        let diffusing = options.dither == .diffusion && palette != nil
        let ordered = options.dither == .ordered && palette != nil
        var errors = [SIMD3<Float>](repeating: .zero, count: diffusing ? grid.columns * (grid.rows + 1) : 0)
        var labs = [SIMD3<Float>](repeating: .zero, count: count)
        var rgbs = [SIMD3<Float>](repeating: .zero, count: count)
        var search = PartitionSearch(pixelCount: symbols == .quad || symbols == .sextant ? count : 1)

        for cy in 0..<grid.rows {
            let forward = !diffusing || cy % 2 == 0
            for step in 0..<grid.columns {
                let cx = forward ? step : grid.columns - 1 - step
                let carried = diffusing ? errors[cy * grid.columns + cx] : .zero
                var k = 0
                for j in 0..<py {
                    var index = (cy * py + j) * image.width + cx * px
                    for _ in 0..<px {
                        labs[k] = image.lab[index]
                        rgbs[k] = image.rgb[index] + carried
                        k += 1
                        index += 1
                    }
                }

                // Choose the sub-pixel split and the two mean colours.
                var mask: Int
                var foreground: SIMD3<Float>, background: SIMD3<Float>
                var inkCount: Int
                switch symbols {
                case .half:
                    (mask, foreground, background, inkCount) = (1, rgbs[0], rgbs[1], 1)
                case .ascii:
                    // One colour per cell: ASCII glyphs cannot place ink at the top or bottom
                    // reliably, so a coloured space is the closest a cell can get.
                    let mean = (rgbs[0] + rgbs[1]) / 2
                    (mask, foreground, background, inkCount) = (0, mean, mean, 0)
                case .quad, .sextant:
                    if palette != nil {
                        search.rankMasks(labs: labs, count: 6)
                        mask = bestQuantizedMask(
                            search.ranked, labs: labs, rgbs: rgbs, cx: cx, cy: cy, ordered: ordered)
                    } else {
                        mask = search.bestMask(labs: labs)
                    }
                    (foreground, background, inkCount) = PartitionSearch.means(of: rgbs, mask: mask)
                case .block:
                    let ranked = BlockSymbols.bestMasks(labs: labs, count: palette != nil ? 6 : 1)
                    mask = palette != nil
                        ? bestQuantizedMask(ranked, labs: labs, rgbs: rgbs, cx: cx, cy: cy, ordered: ordered)
                        : ranked[0]
                    (foreground, background, inkCount) = PartitionSearch.means(of: rgbs, mask: mask)
                }

                let (fgOffset, bgOffset) = ordered ? orderedOffsets(cx, cy) : (0, 0)
                let (fgColor, fgShown) = quantize(foreground, offset: fgOffset)
                let (bgColor, bgShown) = quantize(background, offset: bgOffset)
                let cell = mask == 0 || fgColor == bgColor
                    ? Cell(glyph: " ", foreground: bgColor, background: bgColor)
                    : Cell(glyph: symbols.glyph(forPattern: mask), foreground: fgColor, background: bgColor)
                let ink = Float(inkCount) / Float(count)
                let shownMean = mask == 0 ? bgShown : fgShown * ink + bgShown * (1 - ink)
                let targetMean = mask == 0 ? background : foreground * ink + background * (1 - ink)
                cells[cy * grid.columns + cx] = cell

                if diffusing {
                    let error = targetMean - shownMean
                    let ahead = forward ? 1 : -1
                    func spread(_ x: Int, _ y: Int, _ weight: Float) {
                        guard x >= 0, x < grid.columns, y < grid.rows else { return }
                        errors[y * grid.columns + x] += error * weight
                    }
                    spread(cx + ahead, cy, 7 / 16)
                    spread(cx - ahead, cy + 1, 3 / 16)
                    spread(cx, cy + 1, 5 / 16)
                    spread(cx + ahead, cy + 1, 1 / 16)
                }
            }
        }
    }
}
