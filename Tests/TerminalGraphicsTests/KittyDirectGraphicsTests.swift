import ImageCodecs
import Testing
import TerminalGraphics
import TerminalKit
import Vocabulary

/// kitty's graphics protocol placed by the screen: pixels transmitted once without a placement,
/// each placement cropped to the cells that show, erased by a command, printed with `a=T`.
@Suite("Kitty direct placement (protocol)")
struct KittyDirectGraphicsTests {
    private let graphics = KittyDirectGraphics()

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func image(_ bitmap: Bitmap = Bitmap(width: 40, height: 40, fill: RGBA(9, 8, 7)), cells: CellSize = CellSize(columns: 4, rows: 4)) -> TerminalImage {
        TerminalImage(bitmap: bitmap, cells: cells, graphics: graphics)
    }

    @Test func transparentImagesGoAsRGBAAndReleaseNamesTheImage() {
        let transparent = image(Bitmap(width: 2, height: 2, fill: .clear), cells: CellSize(columns: 1, rows: 1))
        let transmitted = text(graphics.transmit(transparent, transport: GraphicsTransport(medium: .inline)))
        // Pixels only (a=t: the screen places them), RGBA because some are transparent
        #expect(transmitted.hasPrefix("\u{1B}_Ga=t,q=2,f=32,s=2,v=2,i=\(transparent.id)"))
        // As a PNG, with its alpha
        let png = text(graphics.transmit(transparent, transport: GraphicsTransport()))
        #expect(png.hasPrefix("\u{1B}_Ga=t,q=2,f=100,i=\(transparent.id)"))
        #expect(!transmitted.contains("U=1"))
        #expect(text(graphics.release(42, transport: GraphicsTransport())) == "\u{1B}_Ga=d,d=I,i=42,q=2\u{1B}\\")
    }

    @Test func aPartlyVisiblePictureIsPlacedCroppedToItsVisibleCells() {
        // Given a 4×4-cell picture of 40×40 pixels whose top row is above the screen
        let picture = image()
        var cache = GraphicsEncodingCache()
        let visible = CellRect(origin: CellPoint(row: 0, column: 0), size: CellSize(columns: 4, rows: 3))

        // When it is encoded for the screen
        let placed = text(graphics.encode(
            picture, at: CellPoint(row: -1, column: 0), visible: visible, placementID: 7, transport: GraphicsTransport(), cache: &cache))

        // Then the source is its lower 30 pixels over 3 rows, at the cursor, which stays
        #expect(placed == "\u{1B}_Ga=p,q=2,C=1,i=\(picture.id),p=7,x=0,y=10,w=40,h=30,c=4,r=3\u{1B}\\")
        // And the placement is taken away by a command that keeps the pixels
        #expect(graphics.erasure == .command && graphics.holdsImages && !graphics.isDrawnOverText)
        #expect(text(graphics.erase(picture, placementID: 7, transport: GraphicsTransport())) == "\u{1B}_Ga=d,d=i,i=\(picture.id),p=7,q=2\u{1B}\\")
    }

    @Test func printedItIsTransmittedAndDisplayedAtTheCursorInOneGo() {
        let picture = image(cells: CellSize(columns: 4, rows: 2))
        let printed = text(graphics.printed(picture, transport: GraphicsTransport(medium: .inline), lineBreak: .newline))
        #expect(printed.hasPrefix("\u{1B}_Ga=T,q=2,c=4,r=2,f=24,s=40,v=40,i=\(picture.id)"))
        // Inside tmux, through passthrough
        let wrapped = text(graphics.printed(picture, transport: GraphicsTransport(medium: .inline, passthrough: true), lineBreak: .newline))
        #expect(wrapped.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,q=2"))
    }

    @Test func selectedByAKittyReplyOutsideTmuxAndNamedInsideTmuxItGivesPlaceholders() {
        var replies = TerminalReplies()
        replies.feed(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c".utf8)[...])
        #expect(graphics.support(in: GraphicsAnswers(replies: replies, environment: [:], tmux: nil))
            == .supported(rank: 20, reason: "kitty (terminal answered)"))
        #expect(graphics.support(in: GraphicsAnswers(replies: replies, environment: ["TMUX": "x"], tmux: nil)) == .unsupported)
        #expect(graphics.asked(insideTmux: false) == GraphicsSelection(backend: .pixels(.kitty), reason: "kitty (asked for)"))
        #expect(graphics.asked(insideTmux: true)
            == GraphicsSelection(backend: .pixels(.kittyPlaceholders), reason: "kitty placeholders (asked for, tmux passthrough)"))
    }
}
