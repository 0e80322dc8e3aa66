import ImageCodecs
import Testing
import TerminalGraphics

@testable import PhotoShow
@testable import photofeed
import Vocabulary

/// `show` in real pixels: each picture decoded only to the pixels it shows, and printed by its
/// protocol (the same call for `show` and each box of `show --grid`).
@Suite("show: pixels")
struct ShowPixelsTests {
    private let kitty = ShowPixels(graphics: KittyDirectGraphics(), cellPixels: PixelSize(width: 10, height: 20))

    @Test func aWidePhotoWithoutHeightIsDecodedToItsOwnHeightNotTheTallestBox() {
        // Given a 3840×2160 photo shown 40 columns wide, no --height, in 10×20-pixel cells
        let photo = PixelSize(width: 3840, height: 2160)

        // Then it is shown at 400×225, and decoded at 1/8 (480×270), not in full
        let target = Show.pixelTarget(forImage: photo, pixels: kitty, columns: 40, rows: nil, fill: false)
        #expect(target == PixelSize(width: 400, height: 225))
        let header = ImageHeader(format: .jpeg, storedSize: photo, orientation: .up)
        #expect(ImageDecoder.decodedSize(for: header, options: DecodingOptions(targetSize: target)) == PixelSize(width: 480, height: 270))
        // And with --height 20 the same; with --fill, the whole 400×400 box
        #expect(Show.pixelTarget(forImage: photo, pixels: kitty, columns: 40, rows: 20, fill: false) == target)
        #expect(Show.pixelTarget(forImage: photo, pixels: kitty, columns: 40, rows: 20, fill: true) == PixelSize(width: 400, height: 400))
    }

    @Test func aPortraitPhotoIsLimitedByTheHeightAndEveryBoxByTheBudget() {
        let portrait = PixelSize(width: 2000, height: 3000)
        #expect(Show.pixelTarget(forImage: portrait, pixels: kitty, columns: 40, rows: 10, fill: false) == PixelSize(width: 133, height: 200))
        // However wide the columns, never more than the budget
        let huge = Show.pixelTarget(forImage: PixelSize(width: 60000, height: 1000), pixels: kitty, columns: 100_000, rows: nil, fill: false)
        #expect(huge.width * huge.height <= PixelBudget.maximumPixels && huge.width <= PixelBudget.maximumSide)
    }

    @Test func eachProtocolPrintsThePictureItsWayAndSaysTheRowsItCovers() {
        let bitmap = Bitmap(width: 400, height: 225, fill: RGBA(10, 20, 30))
        for graphics in GraphicsProtocols.all {
            let printed = ShowPixels(graphics: graphics, cellPixels: PixelSize(width: 10, height: 20)).printed(bitmap)
            #expect(printed.rows == 12, "\(graphics.name)")
            let text = String(decoding: printed.bytes, as: UTF8.self)
            switch graphics.name {
            case "sixel": #expect(text.hasPrefix("\u{1B}P0;1;0q"))
            case "iterm": #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;"))
            default: #expect(text.hasPrefix("\u{1B}_Ga=T"))
            }
        }
    }
}
