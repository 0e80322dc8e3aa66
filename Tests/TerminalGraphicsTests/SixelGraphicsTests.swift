import Foundation
import ImageCodecs
import Testing
import TerminalGraphics
import TerminalKit
import Vocabulary

/// Sixel graphics: our encoder, checked by decoding its output (its own palette of at most 256
/// colours, run-length encoding, pixels that match the quantised image), a picture drawn
/// cropped to its visible cells and quantised once, and when the terminal's answers select it.
@Suite("Sixel")
struct SixelGraphicsTests {
    private let graphics = SixelGraphics()

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

    @Test func aPictureIsDrawnCroppedToItsVisibleCellsAndQuantisedOnce() throws {
        // Given a 4×2-cell sixel picture of 40×40 pixels whose top cell row is above the screen
        let image = TerminalImage(bitmap: card(width: 40, height: 40), cells: CellSize(columns: 4, rows: 2), graphics: graphics)
        var cache = GraphicsEncodingCache()
        let visible = CellRect(origin: CellPoint(row: 0, column: 2), size: CellSize(columns: 4, rows: 1))

        // When it is encoded for the screen
        let bytes = graphics.encode(
            image, at: CellPoint(row: -1, column: 2), visible: visible, placementID: 1, transport: GraphicsTransport(), cache: &cache)

        // Then the lower half (40×20 pixels) is drawn, nothing the kitty way
        let decoded = try SixelDecoder.decode(bytes)
        #expect(decoded.width == 40 && decoded.height == 20)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("\u{1B}_G"))
        // And its palette was kept: drawn whole afterwards, it is not quantised again
        #expect(cache.count == 1)
        let whole = CellRect(origin: CellPoint(row: 0, column: 2), size: image.cells)
        _ = graphics.encode(image, at: CellPoint(row: 0, column: 2), visible: whole, placementID: 1, transport: GraphicsTransport(), cache: &cache)
        #expect(cache.count == 1)
        // And text written over its lines erases it
        #expect(graphics.erasure == .redrawingItsLines && graphics.isDrawnOverText && !graphics.holdsImages)
    }

    @Test func aCropIsEncodedOnceAndManyCropsNeverPushOutThePalettes() {
        // Given a picture's palette kept in a cache of 2 entries
        let image = TerminalImage(bitmap: card(width: 40, height: 40), cells: CellSize(columns: 4, rows: 2), graphics: graphics)
        var cache = GraphicsEncodingCache(capacity: 2)
        var made = 0
        _ = cache.value(for: image, by: graphics) { 1 }
        // When the same part is asked for twice, then many other parts
        _ = cache.value(for: image, by: graphics, part: [0, 20, 40, 20]) { made += 1; return [UInt8]([1]) }
        _ = cache.value(for: image, by: graphics, part: [0, 20, 40, 20]) { made += 1; return [UInt8]([1]) }
        for y in 0..<10 { _ = cache.value(for: image, by: graphics, part: [0, y, 40, 20]) { [UInt8]([2]) } }
        // Then the part was made once, and the picture's own encoding is still kept
        #expect(made == 1)
        #expect(cache.count == 1)
        #expect(cache.contains(image, by: graphics))
    }

    @Test func printedItIsTheWholeSixel() throws {
        let image = TerminalImage(bitmap: card(width: 30, height: 12), cells: CellSize(columns: 3, rows: 1), graphics: graphics)
        let decoded = try SixelDecoder.decode(graphics.printed(image, transport: GraphicsTransport(), lineBreak: .newline))
        #expect(decoded.width == 30 && decoded.height == 12)
    }

    @Test func selectedBySixelAmongTheDeviceAttributesOutsideTmux() {
        var replies = TerminalReplies()
        replies.feed(Array("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28;29c".utf8)[...])
        #expect(graphics.support(in: GraphicsAnswers(replies: replies, environment: [:], tmux: nil))
            == .supported(rank: 10, reason: "sixel (terminal answered)"))
        #expect(graphics.support(in: GraphicsAnswers(replies: replies, environment: ["TMUX": "x"], tmux: nil)) == .unsupported)
        var plain = TerminalReplies()
        plain.feed(Array("\u{1B}[?62;c".utf8)[...])
        #expect(graphics.support(in: GraphicsAnswers(replies: plain, environment: [:], tmux: nil)) == .unsupported)
    }
}
