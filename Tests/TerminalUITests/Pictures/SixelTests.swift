import Foundation
import ImageCodecs
import Testing
import TerminalUI

/// Our sixel encoder, checked by decoding its output: its own palette of at most 256 colours,
/// run-length encoding, and pixels that match the quantised image.
@Suite("Sixel")
struct SixelTests {
    /// A colourful test card: hue across, brightness down.
    private func card(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let r = UInt8(x * 255 / max(1, width - 1))
                let g = UInt8(y * 255 / max(1, height - 1))
                let b = UInt8((x + y) * 255 / max(1, width + height - 2))
                bitmap[x, y] = RGBA(r, g, b)
            }
        }
        return bitmap
    }

    private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var sum = 0.0
        for (x, y) in zip(a, b) {
            let d = Double(x) - Double(y)
            sum += d * d
        }
        let mse = sum / Double(max(1, a.count))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    @Test func decodedSixelMatchesTheQuantisedImage() throws {
        // Given a 97×50 card (a height not a multiple of six), quantised to at most 256 colours
        let bitmap = card(width: 97, height: 50)
        let quantized = PaletteQuantizer.quantize(bitmap, colors: 256, dither: false)
        #expect(quantized.palette.count <= 256 && quantized.palette.count > 64)

        // When it is encoded and decoded again
        let decoded = try SixelDecoder.decode(SixelEncoder.encode(quantized))

        // Then the size is right and the pixels are the quantised ones (colours round to percent steps)
        #expect(decoded.width == 97 && decoded.height == 50)
        #expect(decoded.colorsDefined == quantized.palette.count)
        var expected: [UInt8] = []
        for index in quantized.indices {
            let colour = quantized.palette[Int(index)]
            expected += [colour.0, colour.1, colour.2]
        }
        #expect(psnr(decoded.pixels, expected) > 40)
        // And against the source it is a faithful picture
        let source = PaletteQuantizer.rgb(bitmap).flatMap { [$0.0, $0.1, $0.2] }
        #expect(psnr(decoded.pixels, source) > 30)
    }

    @Test func ditheringCanBeSwitchedOffAndFlatAreasAreRunLengthEncoded() throws {
        let flat = Bitmap(width: 200, height: 12, fill: RGBA(10, 200, 30))
        let bytes = SixelEncoder.encode(flat, colors: 256, dither: false)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("!200~"))
        #expect(bytes.count < 120)
        let decoded = try SixelDecoder.decode(bytes)
        #expect(decoded.colorsDefined == 1)
        let dithered = PaletteQuantizer.quantize(card(width: 64, height: 64), colors: 8, dither: true)
        let plain = PaletteQuantizer.quantize(card(width: 64, height: 64), colors: 8, dither: false)
        #expect(dithered.palette.count == 8)
        #expect(dithered.indices != plain.indices)
    }

    @Test func aPlacedSixelIsWrittenAtItsVisibleCellsAndCropped() throws {
        // Given a 4×2-cell sixel picture of 40×40 pixels whose top cell row is above the screen
        let image = TerminalImage(bitmap: card(width: 40, height: 40), cells: TerminalSize(rows: 2, columns: 4), placement: .sixel)
        var frame = Frame(size: TerminalSize(rows: 10, columns: 20))
        frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "a", at: CellPoint(row: -1, column: 2))

        // When the store writes it
        var store = TerminalImageStore()
        let bytes = store.apply(FrameChanges(from: nil, to: frame))
        let text = String(decoding: bytes, as: UTF8.self)

        // Then the cursor is saved, moved to row 1 column 3, the lower half (40×20 pixels) is drawn, and restored
        #expect(text.hasPrefix("\u{1B}7\u{1B}[1;3H\u{1B}P"))
        #expect(text.hasSuffix("\u{1B}8"))
        let sixel = try #require(text.range(of: "\u{1B}P").map { String(text[$0.lowerBound...]) })
        let decoded = try SixelDecoder.decode(Array(sixel.utf8))
        #expect(decoded.width == 40 && decoded.height == 20)
        // And nothing is transmitted the kitty way
        #expect(!text.contains("\u{1B}_G"))
    }
}
