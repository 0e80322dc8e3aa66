import BlockArt
import Foundation
import ImageCodecs
import TerminalGraphics
import TerminalKit
import Testing
import Vocabulary

@testable import PhotoShow

/// The bytes of a picture placed in a box of the screen, and of clearing it, byte for byte in
/// every protocol: DECSC first and DECRC last, each row reached by CUP, the box blanked by ECH
/// with the colours reset, nothing written outside the box.
@Suite("--place and --clear: the bytes of each protocol")
struct PlacedOutputTests {
    static let box = ShowPlacement(columns: 6, rows: 4, left: 10, top: 3)
    /// ESC 7 … ESC 8, CUP, the box's rows erased in place.
    static let save = "\u{1B}7"
    static let restore = "\u{1B}8"
    static let blanked = "\u{1B}[0m\u{1B}[4;11H\u{1B}[6X\u{1B}[5;11H\u{1B}[6X\u{1B}[6;11H\u{1B}[6X\u{1B}[7;11H\u{1B}[6X"
    /// 20×40 pixels: two cells by two at 10×20-pixel cells, centred in the six columns (from column 12).
    static let bitmap = Bitmap(width: 20, height: 40, fill: RGBA(200, 10, 10))

    static func pixels(_ graphics: any GraphicsProtocol, medium: GraphicsTransport.Medium = .inline) -> ShowPixels {
        ShowPixels(graphics: graphics, cellPixels: PixelSize(width: 10, height: 20), transport: GraphicsTransport(medium: medium))
    }

    @Test func blockArtIsEachRowAtItsCellInsideTheBlankedBox() {
        // Given a 2×2 grid of red and blue cells and a 6×4 box at column 10, row 3
        let red = Cell(glyph: "█", foreground: .rgb(255, 0, 0))
        let blue = Cell(glyph: "█", foreground: .rgb(0, 0, 255))
        let grid = CellGrid(columns: 2, rows: 2, cells: [red, blue, blue, red])!
        // When it is placed
        let bytes = String(decoding: PlacedOutput.blockArt(grid, in: Self.box), as: UTF8.self)
        // Then: cursor saved, box blanked, each row centred at its cell with its colours reset, cursor restored
        let red24 = "\u{1B}[38;2;255;0;0m█", blue24 = "\u{1B}[38;2;0;0;255m█"
        #expect(
            bytes == Self.save + Self.blanked
                + "\u{1B}[4;13H" + red24 + blue24 + "\u{1B}[0m" + "\u{1B}[0m"
                + "\u{1B}[5;13H" + blue24 + red24 + "\u{1B}[0m" + "\u{1B}[0m"
                + Self.restore)
        // And no newline, carriage return or scroll is ever written
        #expect(!bytes.contains("\n") && !bytes.contains("\r") && !bytes.contains("\u{1B}D") && !bytes.contains("\u{1B}[S"))
    }

    @Test func kittyIsOneTransmissionShownAtTheBoxUnderTheDocumentedIDWithoutMovingTheCursor() {
        // Given kitty placed directly, pixels inline
        let bytes = Show.placed(Self.bitmap, pixels: Self.pixels(KittyDirectGraphics()), in: Self.box)
        // Then: saved, moved to the picture's cell, a=T with C=1 (the cursor stays), i=2130706687 p=1, restored
        let (raw, _) = KittyGraphics.pixelBytes(Self.bitmap)
        let expected =
            Self.save + "\u{1B}[4;13H" + "\u{1B}_Ga=T,q=2,C=1,c=2,r=2,f=24,s=20,v=40,i=2130706687,p=1,m=0;"
            + Data(raw).base64EncodedString() + "\u{1B}\\" + Self.restore
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(PlacedOutput.kittyImageID == 2_130_706_687)
        #expect(KittyGraphics.imageIDs.contains(PlacedOutput.kittyImageID))
    }

    @Test func kittyPlaceholdersHoldThePixelsAndWriteTheirCellsAtTheBox() {
        // Given placeholders named by a 256-colour index (tmux without RGB)
        var pixels = Self.pixels(KittyPlaceholderGraphics())
        pixels.transport.indexedPlaceholderIDs = true
        let bytes = String(decoding: Show.placed(Self.bitmap, pixels: pixels, in: Self.box), as: UTF8.self)
        // Then the pixels are held under the documented id with a virtual placement (U=1), 2×2 cells
        #expect(bytes.hasPrefix("\u{1B}_Ga=T,U=1,q=2,f=24,s=20,v=40,i=2130706687,c=2,r=2,m=0;"))
        // And after them: saved, blanked, each row of placeholders at its cell (colour 255 names the id), reset, restored
        let cells = KittyPlaceholder.cells(imageID: PlacedOutput.kittyImageID, size: CellSize(columns: 2, rows: 2), indexed: true)
        let rows = FrameText.ansi(cells).split(separator: "\n").map(String.init)
        let tail = Self.save + Self.blanked + "\u{1B}[4;13H" + rows[0] + "\u{1B}[5;13H" + rows[1] + "\u{1B}[0m" + Self.restore
        #expect(bytes.hasSuffix(tail))
        #expect(rows[0].contains("38;5;255"))
    }

    @Test func sixelIsDrawnAtTheBoxAfterBlankingIt() {
        let bytes = Show.placed(Self.bitmap, pixels: Self.pixels(SixelGraphics()), in: Self.box)
        let sixel = SixelEncoder.encode(Self.bitmap, colors: SixelGraphics.colors, dither: SixelGraphics.dithers)
        #expect(bytes == Array((Self.save + Self.blanked + "\u{1B}[4;13H").utf8) + sixel + Array(Self.restore.utf8))
    }

    @Test func iTerm2IsDrawnAtTheBoxWithoutMovingTheCursor() {
        let bytes = Show.placed(Self.bitmap, pixels: Self.pixels(ITermInlineGraphics()), in: Self.box)
        let image = ITermGraphics.inlineImage(Self.bitmap, cells: CellSize(columns: 2, rows: 2), movesCursor: false)
        #expect(bytes == Array((Self.save + Self.blanked + "\u{1B}[4;13H").utf8) + image + Array(Self.restore.utf8))
        #expect(String(decoding: image.prefix(120), as: UTF8.self).contains("width=2;height=2;preserveAspectRatio=1;doNotMoveCursor=1"))
    }

    @Test func aPictureIsNeverLargerThanItsBox() {
        // Given a bitmap wider than a 1×1 box (as pixels: 30×20 at 10×20 cells)
        let wide = Bitmap(width: 30, height: 20, fill: RGBA(0, 0, 0))
        let box = ShowPlacement(columns: 1, rows: 1, left: 0, top: 0)
        let bytes = String(decoding: Show.placed(wide, pixels: Self.pixels(KittyDirectGraphics()), in: box), as: UTF8.self)
        // Then it covers that one cell, no more
        #expect(bytes.contains("c=1,r=1,"))
    }

    @Test func aSixelOnTheScreensLastRowKeepsARowFree() {
        // Given a box that ends on the last row of a 24-row screen
        let bottom = ShowPlacement(columns: 20, rows: 10, left: 0, top: 14)
        let screen = CellSize(columns: 80, rows: 24)
        // Then a sixel takes one row fewer (the terminal moves the cursor below it, which would scroll)
        #expect(Show.usableRows(in: bottom, graphics: SixelGraphics(), screen: screen) == 9)
        // And kitty, iTerm2, a box higher up, or an unknown screen take the whole box
        #expect(Show.usableRows(in: bottom, graphics: KittyDirectGraphics(), screen: screen) == 10)
        #expect(Show.usableRows(in: bottom, graphics: ITermInlineGraphics(), screen: screen) == 10)
        #expect(Show.usableRows(in: Self.box, graphics: SixelGraphics(), screen: screen) == 4)
        #expect(Show.usableRows(in: bottom, graphics: SixelGraphics(), screen: nil) == 10)
        // And a placed picture is never taller than the rows it is given
        let tall = Bitmap(width: 10, height: 200, fill: RGBA(0, 0, 0))
        let bytes = String(decoding: Show.placed(tall, pixels: Self.pixels(KittyDirectGraphics()), in: bottom, rows: 9), as: UTF8.self)
        #expect(bytes.contains("c=1,r=9,"))
    }

    @Test func clearDeletesKittysPictureByItsIDAndTouchesNoCell() {
        // Given kitty placed directly, with a box known
        let bytes = Show.clearing(Self.box, pixels: Self.pixels(KittyDirectGraphics()))
        // Then only the image photofeed placed is deleted, with its placements
        #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == "\u{1B}_Ga=d,d=I,i=2130706687,q=2\u{1B}\\")
    }

    @Test func clearInsideTmuxWrapsTheDeletionForPassthrough() {
        let pixels = ShowPixels(
            graphics: KittyPlaceholderGraphics(), cellPixels: PixelSize(width: 10, height: 20),
            transport: GraphicsTransport(medium: .inline, passthrough: true))
        let bytes = Show.clearing(Self.box, pixels: pixels).map { String(decoding: $0, as: UTF8.self) }
        // Then the deletion goes through tmux, and the placeholders' cells are blanked
        #expect(
            bytes == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=2130706687,q=2\u{1B}\u{1B}\\\u{1B}\\" + Self.save + Self.blanked + Self.restore)
    }

    @Test func clearBlanksTheBoxForSixelITermAndBlockArtAndNeedsIt() {
        for pixels in [Self.pixels(SixelGraphics()), Self.pixels(ITermInlineGraphics()), nil] {
            let bytes = Show.clearing(Self.box, pixels: pixels).map { String(decoding: $0, as: UTF8.self) }
            #expect(bytes == Self.save + Self.blanked + Self.restore)
            // And without a box there is nothing it could blank
            #expect(Show.clearing(nil, pixels: pixels) == nil)
        }
        // While kitty needs no box
        #expect(Show.clearing(nil, pixels: Self.pixels(KittyDirectGraphics())) != nil)
    }

    @Test func anInterruptedPlacedPictureOnlyEndsWhatWasCut() {
        // Given a signal while a placed picture was written
        // Then a whole write needs nothing more (it ended with DECRC); a stuck one is ended, its colours reset, the cursor put back
        #expect(ShowInterruption.ending(placed: true, whole: true).isEmpty)
        #expect(String(decoding: ShowInterruption.ending(placed: true, whole: false), as: UTF8.self) == "\u{1B}\\\u{1B}[0m\u{1B}8")
        // And a picture printed at the cursor leaves the line as before
        #expect(String(decoding: ShowInterruption.ending(placed: false, whole: true), as: UTF8.self).hasSuffix("\r\n"))
    }
}
