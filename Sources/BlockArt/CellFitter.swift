/// Turns sub-pixels into cells for one set of options: the per-cell search, quantising and
/// dithering. Internal; `BlockArtRenderer` is the public face.
struct CellFitter {
    let options: BlockArtOptions
    let palette: Palette?

    init(options: BlockArtOptions) {
        self.options = options
        self.palette = Palette.forMode(options.colors)
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
        options.colors == .palette16 ? 96 : 36
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
        var search = PartitionSearch(pixelCount: count)

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
                    let mean = (rgbs[0] + rgbs[1]) / 2
                    let lightness = (labs[0].x + labs[1].x) / 2
                    let level = min(SymbolSet.asciiRamp.count - 1, max(0, Int(lightness * Float(SymbolSet.asciiRamp.count - 1) + 0.5)))
                    (mask, foreground, background, inkCount) = (level, mean, .zero, count)
                case .quad, .sextant:
                    mask = search.bestMask(labs: labs)
                    (foreground, background, inkCount) = PartitionSearch.means(of: rgbs, mask: mask)
                }

                let fgOffset = ordered ? Self.bayerOffset(cx, cy) * orderedAmplitude : 0
                let bgOffset = ordered ? Self.bayerOffset(cx + 2, cy + 1) * orderedAmplitude : 0
                let (fgColor, fgShown) = quantize(foreground, offset: fgOffset)
                let cell: Cell
                let shownMean: SIMD3<Float>
                let targetMean: SIMD3<Float>
                if symbols == .ascii {
                    let glyph = SymbolSet.asciiRamp[mask].glyph
                    cell = Cell(glyph: glyph, foreground: glyph == " " ? .default : fgColor, background: .default)
                    (shownMean, targetMean) = (fgShown, foreground)
                } else {
                    let (bgColor, bgShown) = quantize(background, offset: bgOffset)
                    if mask == 0 || fgColor == bgColor {
                        cell = Cell(glyph: " ", foreground: bgColor, background: bgColor)
                    } else {
                        cell = Cell(glyph: symbols.glyph(forPattern: mask), foreground: fgColor, background: bgColor)
                    }
                    let ink = Float(inkCount) / Float(count)
                    shownMean = mask == 0 ? bgShown : fgShown * ink + bgShown * (1 - ink)
                    targetMean = mask == 0 ? background : foreground * ink + background * (1 - ink)
                }
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
