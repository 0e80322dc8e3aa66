import BlockArt
import ImageCodecs
import Testing
import Vocabulary

@Suite struct CellRasterizerTests {
    let rasterizer = CellRasterizer(cellWidth: 8, cellHeight: 12)

    @Test func upperHalfBlockSplitsForegroundAndBackground() {
        let grid = CellGrid(columns: 1, rows: 1, cells: [Cell(glyph: "▀", foreground: .rgb(255, 0, 0), background: .indexed(21))])!
        let pixels = rasterizer.rasterize(grid)
        #expect(pixels.size == PixelSize(width: 8, height: 12))
        #expect(pixels[3, 0] == RGBA(255, 0, 0) && pixels[7, 5] == RGBA(255, 0, 0))
        // Index 21 is the cube's pure blue.
        #expect(pixels[0, 6] == RGBA(0, 0, 255) && pixels[4, 11] == RGBA(0, 0, 255))
    }

    @Test func sextantsAndQuadrantsCoverTheirSubcells() {
        // U+1FB0A is pattern 11: top-left, top-right, middle-right.
        let grid = CellGrid(columns: 2, rows: 1, cells: [
            Cell(glyph: "\u{1FB0A}", foreground: .rgb(255, 255, 255), background: .rgb(0, 0, 0)),
            Cell(glyph: "▚", foreground: .rgb(255, 255, 255), background: .rgb(0, 0, 0)),
        ])!
        let pixels = rasterizer.rasterize(grid)
        #expect(pixels[1, 1] == .white && pixels[6, 1] == .white && pixels[6, 5] == .white)
        #expect(pixels[1, 5] == .black && pixels[1, 10] == .black && pixels[6, 10] == .black)
        #expect(pixels[9, 1] == .white && pixels[14, 1] == .black && pixels[9, 10] == .black && pixels[14, 10] == .white)
    }

    @Test func renderedArtLooksLikeItsSource() {
        // Given flat halves rendered and rasterised back
        let source = TestBitmaps.make(width: 40, height: 40) { x, _ in x < 20 ? RGBA(200, 40, 40) : RGBA(20, 40, 200) }
        let grid = BlockArtRenderer(options: BlockArtOptions(symbols: .sextant)).render(source, filling: CellSize(columns: 4, rows: 2))
        let pixels = CellRasterizer().rasterize(grid)
        // Then the left and right match the source colours
        #expect(pixels[2, 2] == RGBA(200, 40, 40))
        #expect(pixels[pixels.width - 2, pixels.height - 2] == RGBA(20, 40, 200))
    }

    @Test func boxDrawingAndShadesHavePartialInk() {
        let glyphs: [Unicode.Scalar] = ["─", "┃", "╱", "▒", "a", "@"]
        let grid = CellGrid(columns: glyphs.count, rows: 1, cells: glyphs.map {
            Cell(glyph: $0, foreground: .rgb(255, 255, 255), background: .rgb(0, 0, 0))
        })!
        let pixels = rasterizer.rasterize(grid)
        for column in 0..<glyphs.count {
            var total = 0
            for y in 0..<12 { for x in 0..<8 { total += Int(pixels[column * 8 + x, y].r) } }
            let coverage = Double(total) / (255 * 96)
            #expect(coverage > 0.04 && coverage < 0.6, "\(glyphs[column]) covers \(coverage)")
        }
    }
}
