import ImageCodecs
import Testing
@testable import TerminalGraphics
import TerminalKit

/// A picture's sixel bands encoded ahead (``SixelBands``): any run of its rows is assembled
/// from them with exactly the bytes the encoder writes for that crop, and a sixel picture cut
/// at the screen's top or bottom edge is drawn from its prepared bands, nothing encoded.
@Suite("Sixel bands")
struct SixelBandsTests {
    private let graphics = SixelGraphics()

    /// Stripes and a gradient: many colours a band, differing from band to band.
    private func card(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                bitmap[x, y] = RGBA(UInt8(x * 255 / max(1, width - 1)), UInt8((y * 37) % 256), UInt8((x * y) % 256))
            }
        }
        return bitmap
    }

    /// The rows `rows` of `image` as an image of their own.
    private func rows(_ rows: Range<Int>, of image: PaletteQuantizer.Result) -> PaletteQuantizer.Result {
        PaletteQuantizer.Result(
            palette: image.palette, indices: Array(image.indices[(rows.lowerBound * image.width)..<(rows.upperBound * image.width)]),
            width: image.width, height: rows.count)
    }

    @Test func everyRunOfRowsJoinedFromBandsIsTheEncodersSixelOfThoseRows() throws {
        // Given a 23×41-pixel picture (a height not a multiple of six) with bands for every offset
        let quantized = PaletteQuantizer.quantize(card(width: 23, height: 41), colors: 64, dither: true)
        let bands = SixelBands(quantized, crops: (0..<6).map { $0..<41 })

        // When any run of its rows is asked for
        for top in 0..<41 {
            for bottom in (top + 1)...41 {
                let joined = try #require(bands.sixel(rows: top..<bottom))
                // Then it is byte for byte what encoding those rows alone writes
                #expect(joined == SixelEncoder.encode(rows(top..<bottom, of: quantized)), "rows \(top)..<\(bottom)")
            }
        }
        // And the whole picture is the whole sixel
        #expect(bands.sixel(rows: 0..<41) == SixelEncoder.encode(quantized))
    }

    @Test func onlyTheOffsetsPreparedAreJoinedAndOnlyTheCropsPreparedNeedNoEncoding() throws {
        // Given bands prepared for two crops, starting at rows 0 and 2 modulo 6
        let quantized = PaletteQuantizer.quantize(card(width: 10, height: 30), colors: 16, dither: false)
        let bands = SixelBands(quantized, crops: [0..<30, 8..<30])

        // Then rows starting at those offsets are joined, others are not, nor rows outside the picture
        #expect(bands.offsets == [0, 2])
        #expect(bands.sixel(rows: 6..<30) != nil)
        #expect(bands.sixel(rows: 14..<25) != nil)
        #expect(bands.sixel(rows: 3..<30) == nil)
        #expect(bands.sixel(rows: 0..<31) == nil)
        #expect(bands.sixel(rows: 5..<5) == nil)
        // And the crops prepared (and those ending where they end, in whole bands) need no encoding; others encode their last rows
        #expect(bands.joinsWithoutEncoding(rows: 0..<30) && bands.joinsWithoutEncoding(rows: 8..<30))
        #expect(bands.joinsWithoutEncoding(rows: 2..<30) && bands.joinsWithoutEncoding(rows: 0..<24))
        #expect(!bands.joinsWithoutEncoding(rows: 14..<25) && !bands.joinsWithoutEncoding(rows: 3..<30))
    }

    @Test func aPictureIsPreparedForEveryWayTheScreensTopOrBottomEdgeCutsIt() throws {
        // Given a 16-row picture of 320 pixel rows (20-pixel cells) and a 3-row one of 50 rows
        let tall = TerminalImage(bitmap: card(width: 4, height: 320), cells: TerminalSize(rows: 16, columns: 1), graphics: graphics)
        let short = TerminalImage(bitmap: card(width: 4, height: 50), cells: TerminalSize(rows: 3, columns: 1), graphics: graphics)

        // When they are prepared
        let tallBands = SixelGraphics.prepared(tall).bands
        let shortBands = SixelGraphics.prepared(short).bands

        // Then the first keeps bands from rows 0, 2 and 4 modulo six; the second from 0, 16 and 33
        #expect(tallBands.offsets == [0, 2, 4])
        #expect(shortBands.offsets == [0, 4, 3])
        // And every crop of its cells at the top or bottom edge is joined with no encoding
        for (image, bands) in [(tall, tallBands), (short, shortBands)] {
            let crops = SixelGraphics.edgeCrops(image, width: 4, height: image.bitmap.height)
            #expect(crops.count == 2 * image.cells.rows)
            for crop in crops { #expect(bands.joinsWithoutEncoding(rows: crop), "\(crop)") }
        }
    }

    @Test func aPictureCutAtTheTopOrBottomEdgeIsDrawnFromItsPreparedBands() throws {
        // Given a 4×5-cell sixel picture of 40×100 pixels (20-pixel cells), prepared off the frame
        let image = TerminalImage(bitmap: card(width: 40, height: 100), cells: TerminalSize(rows: 5, columns: 4), graphics: graphics)
        var cache = GraphicsEncodingCache()
        let prepared = try #require(graphics.prepare(image, transport: GraphicsTransport()))
        cache.insert(prepared, forImage: image.id, by: graphics)
        let quantized = PaletteQuantizer.quantize(image.bitmap, colors: SixelGraphics.colors, dither: SixelGraphics.dithers)

        // When it scrolls up through the top edge, then rises from the bottom edge of a 10-row screen
        for shown in 1...5 {
            let cutAtTop = graphics.encode(
                image, at: CellPoint(row: shown - 5, column: 0), visible: CellRect(origin: CellPoint(row: 0, column: 0), size: TerminalSize(rows: shown, columns: 4)),
                placementID: 1, transport: GraphicsTransport(), cache: &cache)
            let cutAtBottom = graphics.encode(
                image, at: CellPoint(row: 10 - shown, column: 0),
                visible: CellRect(origin: CellPoint(row: 10 - shown, column: 0), size: TerminalSize(rows: shown, columns: 4)),
                placementID: 1, transport: GraphicsTransport(), cache: &cache)
            // Then each is the sixel of the rows that show
            #expect(cutAtTop == SixelEncoder.encode(rows((100 - shown * 20)..<100, of: quantized)))
            #expect(cutAtBottom == SixelEncoder.encode(rows(0..<(shown * 20), of: quantized)))
        }
        // And none was encoded and kept as a part: they were joined from the bands
        #expect(cache.partCount == 0)
        #expect(cache.count == 1)
    }

    @Test func aPictureCutAtTheLeftEdgeIsEncodedOnceForItsRectangle() throws {
        // Given a 4×2-cell sixel picture of 40×40 pixels whose first column is left of the screen
        let image = TerminalImage(bitmap: card(width: 40, height: 40), cells: TerminalSize(rows: 2, columns: 4), graphics: graphics)
        var cache = GraphicsEncodingCache()
        let visible = CellRect(origin: CellPoint(row: 0, column: 0), size: TerminalSize(rows: 2, columns: 3))

        // When it is drawn twice
        let first = graphics.encode(image, at: CellPoint(row: 0, column: -1), visible: visible, placementID: 1, transport: GraphicsTransport(), cache: &cache)
        let again = graphics.encode(image, at: CellPoint(row: 0, column: -1), visible: visible, placementID: 1, transport: GraphicsTransport(), cache: &cache)

        // Then its right 30×40 pixels are drawn, encoded once and kept
        let decoded = try SixelDecoder.decode(first)
        #expect(decoded.width == 30 && decoded.height == 40)
        #expect(again == first)
        #expect(cache.partCount == 1)
    }
}
