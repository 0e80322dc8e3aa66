import BlockArt
import ImageCodecs
import Testing
import Vocabulary

/// Exact glyphs and colours for small synthetic bitmaps, one cell box each.
@Suite struct GoldenRenderTests {
    let white = CellColor.rgb(255, 255, 255)
    let black = CellColor.rgb(0, 0, 0)

    private func render(_ bitmap: Bitmap, _ symbols: SymbolSet, columns: Int = 1, rows: Int = 1,
                        colors: ColorDepth = .truecolor) -> CellGrid {
        BlockArtRenderer(options: BlockArtOptions(symbols: symbols, colors: colors))
            .render(bitmap, filling: CellSize(columns: columns, rows: rows))
    }

    @Test(arguments: SymbolSet.allCases.filter { $0 != .ascii })
    func flatColourIsABackgroundSpace(symbols: SymbolSet) {
        // Given a flat orange bitmap of exactly one cell's sub-pixels
        let bitmap = Bitmap(width: symbols.pixelsPerCellX, height: symbols.pixelsPerCellY, fill: RGBA(250, 120, 10))
        // When it is rendered in truecolor
        let grid = render(bitmap, symbols)
        // Then the cell is a space in that colour
        #expect(grid.cells == [Cell(glyph: " ", foreground: .rgb(250, 120, 10), background: .rgb(250, 120, 10))])
    }

    @Test func flatColourIn256IsTheCubeIndex() {
        let bitmap = Bitmap(width: 2, height: 3, fill: RGBA(255, 0, 0))
        let grid = render(bitmap, .sextant, colors: .palette256)
        #expect(grid.cells == [Cell(glyph: " ", foreground: .indexed(196), background: .indexed(196))])
    }

    @Test func verticalEdge() {
        // Given white on the left half of each cell, black on the right
        // Then quad and sextant draw a left half block; half blocks can only split rows
        let quad = render(TestBitmaps.mask(width: 2, height: 2) { x, _ in x == 0 }, .quad)
        #expect(quad.cells == [Cell(glyph: "▌", foreground: white, background: black)])
        let sextant = render(TestBitmaps.mask(width: 2, height: 3) { x, _ in x == 0 }, .sextant)
        #expect(sextant.cells == [Cell(glyph: "▌", foreground: white, background: black)])
        let half = render(TestBitmaps.mask(width: 2, height: 2) { x, _ in x == 0 }, .half, columns: 2)
        #expect(half.cells == [
            Cell(glyph: " ", foreground: white, background: white),
            Cell(glyph: " ", foreground: black, background: black),
        ])
    }

    @Test func horizontalEdge() {
        // Given white on top, black below
        let half = render(TestBitmaps.mask(width: 1, height: 2) { _, y in y == 0 }, .half)
        #expect(half.cells == [Cell(glyph: "▀", foreground: white, background: black)])
        let quad = render(TestBitmaps.mask(width: 2, height: 2) { _, y in y == 0 }, .quad)
        #expect(quad.cells == [Cell(glyph: "▀", foreground: white, background: black)])
        // Two of three sextant rows white: BLOCK SEXTANT-1234.
        let sextant = render(TestBitmaps.mask(width: 2, height: 3) { _, y in y < 2 }, .sextant)
        #expect(sextant.cells == [Cell(glyph: "\u{1FB0E}", foreground: white, background: black)])
    }

    @Test func blockSetUsesEighthsAndQuarters() {
        // Given 4×8 sub-pixel cells: the bottom two rows white, then the left quarter white
        let lower = render(TestBitmaps.mask(width: 4, height: 8) { _, y in y >= 6 }, .block)
        #expect(lower.cells == [Cell(glyph: "▂", foreground: white, background: black)])
        let left = render(TestBitmaps.mask(width: 4, height: 8) { x, _ in x == 0 }, .block)
        #expect(left.cells == [Cell(glyph: "▎", foreground: white, background: black)])
        // And quadrants as in `quad`
        let quadrant = render(TestBitmaps.mask(width: 4, height: 8) { x, y in x >= 2 && y < 4 }, .block)
        #expect(quadrant.cells == [Cell(glyph: "▝", foreground: white, background: black)])
        // And without colour, the nearest glyph to the thresholded pattern
        let mono = render(TestBitmaps.mask(width: 4, height: 8) { _, y in y == 7 }, .block, colors: .none)
        #expect(mono.text == "▁")
    }

    @Test func diagonal() {
        // Given white at top-left and bottom-right of a quadrant cell: the ink is the black
        // diagonal (the split keeps the bottom-right sub-pixel as paper)
        let quad = render(TestBitmaps.mask(width: 2, height: 2) { x, y in x == y }, .quad)
        #expect(quad.cells == [Cell(glyph: "▞", foreground: black, background: white)])
        // Given a sextant cell white below the diagonal: rows "BB", "WB", "WW"
        let sextant = render(TestBitmaps.mask(width: 2, height: 3) { x, y in (y == 1 && x == 0) || y == 2 }, .sextant)
        // Then the ink is the black top-right: sextant 1-2-4 (pattern 11)
        #expect(sextant.cells == [Cell(glyph: "\u{1FB0A}", foreground: black, background: white)])
    }

    @Test func checkerboard() {
        let board = { (x: Int, y: Int) in (x + y) % 2 == 0 }
        let quad = render(TestBitmaps.mask(width: 4, height: 4, board), .quad, columns: 2, rows: 2)
        #expect(quad.cells == Array(repeating: Cell(glyph: "▞", foreground: black, background: white), count: 4))
        let half = render(TestBitmaps.mask(width: 2, height: 2, board), .half, columns: 2)
        #expect(half.cells == [
            Cell(glyph: "▀", foreground: white, background: black),
            Cell(glyph: "▀", foreground: black, background: white),
        ])
        // Sextant rows "WB", "BW", "WB": white sub-pixels 1, 4, 5 (pattern 25) → U+1FB17.
        let sextant = render(TestBitmaps.mask(width: 2, height: 3, board), .sextant)
        #expect(sextant.cells == [Cell(glyph: "\u{1FB17}", foreground: white, background: black)])
    }

    @Test func asciiRampFollowsLightnessWithoutColour() {
        // Given black, mid gray and white columns
        let bitmap = TestBitmaps.make(width: 3, height: 2) { x, _ in
            [RGBA.black, RGBA(128, 128, 128), RGBA.white][x]
        }
        // When rendered as ASCII without colour
        let grid = render(bitmap, .ascii, columns: 3, colors: .none)
        // Then the glyphs go from blank to dense, in the default colours
        #expect(grid.text == " +@")
        #expect(grid.cells.allSatisfy { $0.foreground == .default && $0.background == .default })
    }

    @Test func asciiInColourIsOneBackgroundColourPerCell() {
        let bitmap = TestBitmaps.make(width: 2, height: 2) { x, y in x == 0 ? RGBA(200, 0, 0) : (y == 0 ? .white : .black) }
        let grid = render(bitmap, .ascii, columns: 2)
        #expect(grid.cells == [
            Cell(glyph: " ", foreground: .rgb(200, 0, 0), background: .rgb(200, 0, 0)),
            Cell(glyph: " ", foreground: .rgb(128, 128, 128), background: .rgb(128, 128, 128)),
        ])
    }

    @Test func monochromeUsesGlyphsOnly() {
        // Given an edge, white, and black cells with no colour allowed
        let bitmap = TestBitmaps.mask(width: 6, height: 2) { x, _ in x == 0 || x == 2 || x == 3 }
        let grid = render(bitmap, .quad, columns: 3, colors: .none)
        // Then glyphs carry the picture in default colours
        #expect(grid.text == "▌█ ")
        #expect(grid.cells.allSatisfy { $0.foreground == .default && $0.background == .default })
    }

    @Test func monochromeHalfBlocks() {
        let bitmap = TestBitmaps.mask(width: 4, height: 2) { x, y in (x == 1 && y == 0) || (x == 2 && y == 1) || x == 3 }
        let grid = render(bitmap, .half, columns: 4, colors: .none)
        #expect(grid.text == " ▀▄█")
    }
}
