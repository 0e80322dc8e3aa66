import BlockArt
import ImageCodecs
import Testing
import Vocabulary

@Suite struct LayoutTests {
    let box = CellSize(columns: 40, rows: 20)

    @Test func fitKeepsAspectWithCellsTwiceAsTallAsWide() {
        // Given a 3:2 landscape photo in a 40×20 box
        let renderer = BlockArtRenderer(options: BlockArtOptions(symbols: .sextant, scaling: .fit))
        let layout = renderer.layout(forImage: PixelSize(width: 1200, height: 800), in: box)
        // Then it fills the width and 40 / 1.5 / 2 ≈ 13 rows, using the whole image
        #expect(layout.grid == CellSize(columns: 40, rows: 13))
        #expect(layout.crop == PixelRect(x: 0, y: 0, width: 1200, height: 800))
        #expect(layout.pixelSize == PixelSize(width: 80, height: 39))
        // And a portrait photo fills the height instead
        let portrait = renderer.layout(forImage: PixelSize(width: 800, height: 1200), in: box)
        #expect(portrait.grid == CellSize(columns: 27, rows: 20))
    }

    @Test func fillCoversTheBoxAndCropsTheCentre() {
        let renderer = BlockArtRenderer(options: BlockArtOptions(symbols: .half, scaling: .fill))
        let layout = renderer.layout(forImage: PixelSize(width: 1200, height: 800), in: box)
        #expect(layout.grid == box)
        // The box is 40 wide by 40 cell-widths tall: a square crop from the middle.
        #expect(layout.crop == PixelRect(x: 200, y: 0, width: 800, height: 800))
        #expect(layout.pixelSize == PixelSize(width: 40, height: 40))
    }

    @Test func renderUsesTheLayoutGrid() {
        let bitmap = TestBitmaps.pattern(width: 60, height: 40)
        let fit = BlockArtRenderer(options: BlockArtOptions(symbols: .quad)).render(bitmap, in: CellSize(columns: 12, rows: 12))
        #expect(fit.size == CellSize(columns: 12, rows: 4))
        let fill = BlockArtRenderer(options: BlockArtOptions(symbols: .quad, scaling: .fill))
            .render(bitmap, in: CellSize(columns: 12, rows: 12))
        #expect(fill.size == CellSize(columns: 12, rows: 12))
    }

    @Test func emptyInputsGiveAnEmptyGrid() {
        let renderer = BlockArtRenderer()
        #expect(renderer.render(Bitmap(width: 0, height: 0), in: box).size == CellSize(columns: 0, rows: 0))
        #expect(renderer.render(TestBitmaps.pattern(width: 4, height: 4), in: CellSize(columns: 0, rows: 5)).cells.isEmpty)
    }

    @Test func downsamplingAveragesAreas() {
        // Given a 4×4 bitmap: left half red, right half blue, rendered as one half-block cell
        let bitmap = TestBitmaps.make(width: 4, height: 4) { x, _ in x < 2 ? RGBA(255, 0, 0) : RGBA(0, 0, 255) }
        let grid = BlockArtRenderer(options: BlockArtOptions(symbols: .half)).render(bitmap, filling: CellSize(columns: 1, rows: 1))
        // Then each sub-pixel is the box average
        #expect(grid.cells == [Cell(glyph: " ", foreground: .rgb(128, 0, 128), background: .rgb(128, 0, 128))])
    }

    @Test(arguments: [SymbolSet.half, .quad, .sextant, .block, .ascii])
    func aPhotoFetchedFromACroppingServerIsShownWholeByEverySymbolSet(symbols: SymbolSet) {
        // Given a square photo, a 24×9 box (wider than the photo), and a server that sends
        // exactly the size asked for, cropping to it (picsum's /id/{id}/{W}/{H})
        let renderer = BlockArtRenderer(options: BlockArtOptions(symbols: symbols))
        let photo = PixelSize(width: 1000, height: 1000)
        let box = CellSize(columns: 24, rows: 9)
        let fetched = renderer.pixelSize(forImage: photo, in: box)

        // When what comes back (the photo cropped to the asked aspect) is drawn in the box
        let grid = renderer.render(Bitmap(width: fetched.width, height: fetched.height, fill: RGBA(9, 9, 9)), in: box)

        // Then it was asked for square and drawn where the layout of the whole photo puts it:
        // 18×9 cells (cells twice as tall as wide), never the box's whole width
        #expect(fetched.width == fetched.height)
        #expect(grid.size == renderer.layout(forImage: photo, in: box).grid)
        #expect(grid.size == CellSize(columns: 18, rows: 9))
        // with at least a sub-pixel for each of the grid's
        #expect(fetched.width >= 18 * symbols.pixelsPerCellX && fetched.height >= 9 * symbols.pixelsPerCellY)
    }
}
