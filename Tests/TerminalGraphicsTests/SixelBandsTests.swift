import ImageCodecs
import Testing
@testable import TerminalGraphics
import TerminalKit
import Vocabulary

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

    /// Noise: every colour of the palette scattered over every band.
    private func noise(width: Int, height: Int, seed: UInt64) -> Bitmap {
        var state = seed
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bitmap[x, y] = RGBA(UInt8(truncatingIfNeeded: state >> 56), UInt8(truncatingIfNeeded: state >> 48), UInt8(truncatingIfNeeded: state >> 40))
            }
        }
        return bitmap
    }

    @Test func theEncoderWritesWhatAColourByColourScanOfEachBandWrites() {
        // Given pictures of every kind of band: dithered gradients, noise in 256 colours, flat
        // runs, one column, one row, a height not a multiple of six
        let pictures: [PaletteQuantizer.Result] = [
            PaletteQuantizer.quantize(card(width: 320, height: 320), colors: 128, dither: true),
            PaletteQuantizer.quantize(noise(width: 97, height: 41, seed: 3), colors: 256, dither: false),
            PaletteQuantizer.quantize(noise(width: 60, height: 13, seed: 9), colors: 5, dither: false),
            PaletteQuantizer.quantize(Bitmap(width: 200, height: 12, fill: RGBA(10, 200, 30)), colors: 256, dither: false),
            PaletteQuantizer.quantize(card(width: 1, height: 50), colors: 16, dither: true),
            PaletteQuantizer.quantize(card(width: 77, height: 1), colors: 16, dither: true),
        ]
        for picture in pictures {
            // When it is encoded
            // Then its bytes are those of the plain scan, colour by colour over each band's whole width
            #expect(SixelEncoder.encode(picture) == ReferenceSixel.encode(picture), "\(picture.width)×\(picture.height)")
        }
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
        let tall = TerminalImage(bitmap: card(width: 4, height: 320), cells: CellSize(columns: 1, rows: 16), graphics: graphics)
        let short = TerminalImage(bitmap: card(width: 4, height: 50), cells: CellSize(columns: 1, rows: 3), graphics: graphics)

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
        let image = TerminalImage(bitmap: card(width: 40, height: 100), cells: CellSize(columns: 4, rows: 5), graphics: graphics)
        var cache = GraphicsEncodingCache()
        let prepared = try #require(graphics.prepare(image, transport: GraphicsTransport()))
        cache.insert(prepared, forImage: image.id, by: graphics)
        let quantized = PaletteQuantizer.quantize(image.bitmap, colors: SixelGraphics.colors, dither: SixelGraphics.dithers)

        // When it scrolls up through the top edge, then rises from the bottom edge of a 10-row screen
        for shown in 1...5 {
            let cutAtTop = graphics.encode(
                image, at: CellPoint(row: shown - 5, column: 0), visible: CellRect(origin: CellPoint(row: 0, column: 0), size: CellSize(columns: 4, rows: shown)),
                placementID: 1, transport: GraphicsTransport(), cache: &cache)
            let cutAtBottom = graphics.encode(
                image, at: CellPoint(row: 10 - shown, column: 0),
                visible: CellRect(origin: CellPoint(row: 10 - shown, column: 0), size: CellSize(columns: 4, rows: shown)),
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
        let image = TerminalImage(bitmap: card(width: 40, height: 40), cells: CellSize(columns: 4, rows: 2), graphics: graphics)
        var cache = GraphicsEncodingCache()
        let visible = CellRect(origin: CellPoint(row: 0, column: 0), size: CellSize(columns: 3, rows: 2))

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

/// The sixel encoder written plainly (each band: every colour used, its whole row of sixels
/// scanned for runs): the bytes ``SixelBandEncoder`` must write.
private enum ReferenceSixel {
    static func encode(_ image: PaletteQuantizer.Result) -> [UInt8] {
        var out = Array("\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)".utf8)
        for (index, colour) in image.palette.enumerated() {
            out += "#\(index);2;\(Int(colour.0) * 100 / 255);\(Int(colour.1) * 100 / 255);\(Int(colour.2) * 100 / 255)".utf8
        }
        var top = 0
        while top < image.height {
            var rows: [[UInt8]] = Array(repeating: Array(repeating: 0, count: image.width), count: image.palette.count)
            for y in top..<min(top + 6, image.height) {
                for x in 0..<image.width { rows[Int(image.indices[y * image.width + x])][x] |= 1 << (y - top) }
            }
            var first = true
            for (colour, row) in rows.enumerated() where row.contains(where: { $0 != 0 }) {
                if !first { out.append(UInt8(ascii: "$")) }
                first = false
                out += "#\(colour)".utf8
                var end = row.count
                while end > 0, row[end - 1] == 0 { end -= 1 }
                var x = 0
                while x < end {
                    var run = 1
                    while x + run < end, row[x + run] == row[x] { run += 1 }
                    out += run > 3 ? Array("!\(run)".utf8) + [63 + row[x]] : Array(repeating: 63 + row[x], count: run)
                    x += run
                }
            }
            out.append(UInt8(ascii: "-"))
            top += 6
        }
        return out + [0x1B, UInt8(ascii: "\\")]
    }
}
