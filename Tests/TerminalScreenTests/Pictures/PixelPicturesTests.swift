import BlockArt
import ImageCodecs
import Testing
import TerminalGraphics
import TerminalScreen
import Vocabulary

/// Pixel pictures: the pipeline asked for the pixels the protocol sizes, the picture's cells
/// the protocol's.
@Suite("Pixel pictures")
struct PixelPicturesTests {
    @Test func theBackendAsksForTheBoxInPixelsAndPlacesPlaceholders() {
        // Given 10×20-pixel cells and a 32×16-cell box (320×320 pixels)
        let pictures = PixelPictures(cellPixels: PixelSize(width: 10, height: 20), graphics: .kittyPlaceholders)
        let box = CellSize(columns: 32, rows: 16)

        // Then a 4:3 photo is asked for at 320×240, a square one at 320×320
        #expect(pictures.pixelSize(forImage: PixelSize(width: 400, height: 300), in: box) == PixelSize(width: 320, height: 240))
        #expect(pictures.pixelSize(forImage: nil, in: box) == PixelSize(width: 320, height: 320))

        // And a 320×240 bitmap becomes 32×12 placeholder cells over one held image
        let picture = pictures.picture(for: Bitmap(width: 320, height: 240), in: box)
        #expect(picture.size == CellSize(columns: 32, rows: 12))
        #expect(picture.image?.cells == picture.size)
        #expect(picture.cells.cells.allSatisfy { KittyPlaceholder.imageID(of: $0) == picture.image?.id })
        #expect(pictures.nextVariant() == nil)
    }

    @Test func aBitmapLargerThanItsBoxIsScaledIntoItSoASixelNeverPassesTheBoxsLastRow() throws {
        // Given sixel pictures on a terminal of 8×16-pixel cells and a 30×8-cell box (240×128 pixels)
        let pictures = PixelPictures(cellPixels: PixelSize(width: 8, height: 16), graphics: SixelGraphics())
        let box = CellSize(columns: 30, rows: 8)

        // When a 240×160 photo comes back whole (larger than the box asked for)
        let picture = pictures.picture(for: Bitmap(width: 240, height: 160), in: box)

        // Then the image drawn is scaled into the box, aspect kept: no pixel below its 8th row
        let image = try #require(picture.image)
        #expect(image.bitmap.size == PixelSize(width: 192, height: 128))
        #expect(image.cells == CellSize(columns: 24, rows: 8))
        #expect(image.bitmap.height <= box.rows * 16)
    }

    @Test func theBackendSaysITerm() {
        let pictures = PictureBackend.pixels(.iterm).renderer(art: BlockArtOptions(), cellPixels: PixelSize(width: 10, height: 20))
        #expect(pictures.name == "iterm")
        let picture = pictures.picture(for: Bitmap(width: 100, height: 40), in: CellSize(columns: 20, rows: 10))
        #expect(picture.image?.graphics.name == "iterm")
        #expect(picture.size == CellSize(columns: 10, rows: 2))
    }
}

/// xterm drops a sixel larger than its `maxGraphicSize` whole (the photo view stayed blank):
/// sixel pictures stay within what the terminal answered, or xterm's default.
@Suite("Pixel pictures: the sixel size limit")
struct SixelSizeLimitTests {
    @Test func sixelPicturesStayWithinTheTerminalsLimitOrXtermsDefault() {
        // Given a 118×32-cell photo view of 10×20-pixel cells (1180×640 pixels)
        let box = CellSize(columns: 118, rows: 32)
        let photo = PixelSize(width: 5312, height: 2988)
        // Then sixel asks for at most 1000 wide when the terminal did not say, aspect kept
        let unsaid = PictureBackend.pixels(SixelGraphics()).renderer(art: BlockArtOptions(), cellPixels: PixelSize(width: 10, height: 20))
        #expect(unsaid.pixelSize(forImage: photo, in: box) == PixelSize(width: 1000, height: 562))
        // And what the terminal answered when it did
        let answered = PictureBackend.pixels(SixelGraphics()).renderer(
            art: BlockArtOptions(), cellPixels: PixelSize(width: 10, height: 20), sixelGeometry: PixelSize(width: 2048, height: 2048))
        #expect(answered.pixelSize(forImage: photo, in: box) == PixelSize(width: 1138, height: 640))
        // And a larger bitmap handed to it is scaled down before it is drawn
        let picture = unsaid.picture(for: Bitmap(width: 1180, height: 640), in: box)
        #expect(picture.image.map { $0.bitmap.width <= 1000 && $0.bitmap.height <= 1000 } == true)
        // While kitty has no such limit
        let kitty = PictureBackend.pixels(.kittyPlaceholders).renderer(art: BlockArtOptions(), cellPixels: PixelSize(width: 10, height: 20))
        #expect(kitty.pixelSize(forImage: photo, in: box) == PixelSize(width: 1138, height: 640))
    }
}
