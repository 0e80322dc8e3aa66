import BlockArt
import ImageCodecs
import Testing
import Vocabulary

@Suite struct ColorModeTests {
    let photo = TestBitmaps.pattern(width: 96, height: 64)
    let box = CellSize(columns: 24, rows: 12)

    @Test(arguments: ColorDepth.allCases)
    func asciiEmitsOnlyPrintableASCII(colors: ColorDepth) {
        let grid = BlockArtRenderer(options: BlockArtOptions(symbols: .ascii, colors: colors, dither: .diffusion))
            .render(photo, in: box)
        let text = ANSIWriter().string(for: grid)
        // Then every byte is printable ASCII, a newline, or part of an escape sequence
        let stripped = text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(stripped.unicodeScalars.allSatisfy { $0 == "\n" || (0x20...0x7E).contains($0.value) })
        if colors == .none { #expect(grid.cells.contains { $0.glyph != " " }) }
    }

    @Test(arguments: SymbolSet.allCases, Dithering.allCases)
    func noneEmitsNoColourSGR(symbols: SymbolSet, dither: Dithering) {
        let grid = BlockArtRenderer(options: BlockArtOptions(symbols: symbols, colors: .none, dither: dither))
            .render(photo, in: box)
        let text = ANSIWriter().string(for: grid)
        #expect(!text.contains("\u{1B}"))
        #expect(grid.rows == 8 && grid.columns == 24)
    }

    @Test func truecolorUsesRGBAndQuantisedModesUseIndices() {
        for (mode, check) in [
            (ColorDepth.truecolor, { (c: CellColor) in if case .rgb = c { true } else { false } }),
            (.palette256, { (c: CellColor) in if case .indexed(let i) = c { i >= 16 } else { false } }),
            (.ansi16, { (c: CellColor) in if case .indexed(let i) = c { i < 16 } else { false } }),
        ] {
            let grid = BlockArtRenderer(options: BlockArtOptions(symbols: .sextant, colors: mode)).render(photo, in: box)
            #expect(grid.cells.allSatisfy { check($0.background) && check($0.foreground) }, "\(mode)")
        }
    }

    /// Indices of a one-row half-block rendering of `bitmap` (backgrounds = bottom pixels).
    private func row(_ bitmap: Bitmap, dither: Dithering) -> [UInt8] {
        let grid = BlockArtRenderer(options: BlockArtOptions(symbols: .half, colors: .palette256, dither: dither))
            .render(bitmap, filling: CellSize(columns: bitmap.width, rows: 1))
        return grid.cells.map { if case .indexed(let index) = $0.background { index } else { 0 } }
    }

    @Test func ditheringOnAGradient() {
        // Given a dark-red ramp from 0 to 95 over 48 columns (between two cube levels)
        let ramp = TestBitmaps.make(width: 48, height: 2) { x, _ in RGBA(UInt8(x * 2), 0, 0) }
        let plain = row(ramp, dither: .none)
        let ordered = row(ramp, dither: .ordered)
        let diffused = row(ramp, dither: .diffusion)
        func changes(_ indices: [UInt8]) -> Int { zip(indices, indices.dropFirst()).filter { $0 != $1 }.count }
        // Then without dithering the ramp bands: few changes, never going back
        #expect(changes(plain) <= 4)
        // And both dithers interleave neighbouring colours: many more changes
        #expect(changes(ordered) > changes(plain) + 4)
        #expect(changes(diffused) > changes(plain) + 4)
        #expect(ordered != diffused)
    }

    @Test func diffusionKeepsTheMeanOfAFlatColour() {
        // Given a flat dark red that lies between palette colours
        let flat = Bitmap(width: 32, height: 2, fill: RGBA(60, 0, 0))
        func meanRed(_ indices: [UInt8]) -> Double {
            let levels: [Double] = [0, 95, 135, 175, 215, 255]
            return indices.map { index -> Double in
                index >= 232 ? Double(8 + 10 * (Int(index) - 232)) : levels[(Int(index) - 16) / 36]
            }.reduce(0, +) / Double(indices.count)
        }
        let plain = row(flat, dither: .none)
        let diffused = row(flat, dither: .diffusion)
        // Then no dithering gives one flat colour, and diffusion mixes to a closer average red
        #expect(Set(plain).count == 1)
        #expect(Set(diffused).count > 1)
        #expect(abs(meanRed(diffused) - 60) < abs(meanRed(plain) - 60))
    }

    @Test func monochromeDitheringMixesInkAndPaper() {
        // Given a flat mid gray with no colour: plain thresholding is all one glyph
        let gray = Bitmap(width: 16, height: 12, fill: RGBA(110, 110, 110))
        func glyphs(_ dither: Dithering) -> Set<Unicode.Scalar> {
            Set(BlockArtRenderer(options: BlockArtOptions(symbols: .quad, colors: .none, dither: dither))
                .render(gray, filling: CellSize(columns: 8, rows: 6)).cells.map(\.glyph))
        }
        #expect(glyphs(.none).count == 1)
        #expect(glyphs(.ordered).count > 1)
        #expect(glyphs(.diffusion).count > 1)
    }

    @Test func aRendererReusesItsPaletteLookupsAcrossRendersAndThreads() async {
        // Given one 256-colour renderer shared by several concurrent renders
        let renderer = BlockArtRenderer(options: BlockArtOptions(symbols: .sextant, colors: .palette256, dither: .ordered))
        let fresh = BlockArtRenderer(options: renderer.options).render(photo, in: box)
        let grids = await withTaskGroup(of: CellGrid.self) { group in
            for _ in 0..<8 { group.addTask { renderer.render(photo, in: box) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        // Then every render matches a render by a fresh renderer
        #expect(grids.count == 8)
        #expect(grids.allSatisfy { $0 == fresh })
        #expect(renderer.render(photo, in: box) == fresh)
    }
}
