import Foundation
import ImageCodecs
import Testing
import TerminalGraphics
import TerminalKit
import Vocabulary

/// iTerm2 inline images: the header's fields, the file they carry, a picture drawn cropped to
/// its visible cells (encoded once when whole), and when the terminal's answers select them.
@Suite("iTerm2 inline images")
struct ITermInlineGraphicsTests {
    private let graphics = ITermInlineGraphics()

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The header fields and the decoded file of one `OSC 1337` escape.
    private func parse(_ escape: String) throws -> (fields: [String: String], file: [UInt8]) {
        let after = try #require(escape.components(separatedBy: "\u{1B}]1337;File=").last)
        let body = String(after.prefix { $0 != "\u{07}" }) + "\u{07}"
        let parts = body.split(separator: ":", maxSplits: 1).map(String.init)
        #expect(parts.count == 2)
        var fields: [String: String] = [:]
        for pair in parts[0].split(separator: ";") {
            let keyValue = pair.split(separator: "=", maxSplits: 1).map(String.init)
            fields[keyValue[0]] = keyValue.count > 1 ? keyValue[1] : ""
        }
        #expect(parts[1].hasSuffix("\u{07}"))
        let data = try #require(Data(base64Encoded: String(parts[1].dropLast())))
        return (fields, Array(data))
    }

    @Test func anOpaquePictureIsAJPEGSizedInCells() throws {
        // Given an opaque 320×240 bitmap for 32×12 cells
        var bitmap = Bitmap(width: 320, height: 240, fill: RGBA(200, 30, 40))
        bitmap[0, 0] = RGBA(0, 0, 255)

        // When it is written as an inline image
        let (fields, file) = try parse(text(ITermGraphics.inlineImage(bitmap, cells: CellSize(columns: 32, rows: 12))))

        // Then the header says inline, the cells, the aspect kept and the file's size
        #expect(fields["inline"] == "1")
        #expect(fields["width"] == "32" && fields["height"] == "12")
        #expect(fields["preserveAspectRatio"] == "1")
        #expect(fields["size"] == "\(file.count)")
        // And the file is a JPEG of the bitmap
        #expect(ImageFormat.sniff(file) == .jpeg)
        let decoded = try ImageDecoder.decode(file).bitmap
        #expect(decoded.size == PixelSize(width: 320, height: 240))
        let centre = decoded[160, 120]
        #expect(abs(Int(centre.r) - 200) < 8 && abs(Int(centre.g) - 30) < 8)
    }

    @Test func aTransparentPictureIsAPNG() throws {
        let bitmap = Bitmap(width: 8, height: 8, fill: .clear)
        let (_, file) = try parse(text(ITermGraphics.inlineImage(bitmap, cells: CellSize(columns: 1, rows: 1))))
        #expect(ImageFormat.sniff(file) == .png)
        #expect(try ImageDecoder.decode(file).bitmap[3, 3].a == 0)
    }

    @Test func aPartlyVisiblePictureIsCroppedAndAWholeOneEncodedOnce() throws {
        // Given a picture of 4×4 cells (40×40 pixels) whose top row is above the screen
        let image = TerminalImage(
            bitmap: Bitmap(width: 40, height: 40, fill: RGBA(9, 9, 9)), cells: CellSize(columns: 4, rows: 4), graphics: graphics)
        var cache = GraphicsEncodingCache()
        let visible = CellRect(origin: CellPoint(row: 0, column: 2), size: CellSize(columns: 4, rows: 3))

        // When it is encoded for the screen
        let cropped = text(graphics.encode(
            image, at: CellPoint(row: -1, column: 2), visible: visible, placementID: 1, transport: GraphicsTransport(), cache: &cache))

        // Then the visible 3 rows are a 40×30 file over 4×3 cells, the cursor kept where it is
        let (fields, file) = try parse(cropped)
        #expect(fields["width"] == "4" && fields["height"] == "3" && fields["doNotMoveCursor"] == "1")
        #expect(try ImageDecoder.decode(file).bitmap.size == PixelSize(width: 40, height: 30))
        #expect(cache.count == 0)
        // And drawn whole, it is encoded once and kept
        let whole = CellRect(origin: CellPoint(row: 1, column: 2), size: image.cells)
        let first = graphics.encode(image, at: whole.origin, visible: whole, placementID: 1, transport: GraphicsTransport(), cache: &cache)
        #expect(cache.count == 1)
        #expect(graphics.encode(image, at: whole.origin, visible: whole, placementID: 1, transport: GraphicsTransport(), cache: &cache) == first)
        // And only a cleared screen takes it away (Konsole keeps it under text)
        #expect(graphics.erasure == .clearingTheScreen && graphics.isDrawnOverText)
    }

    @Test func printedItLeavesTheCursorAfterThePicture() throws {
        let image = TerminalImage(bitmap: Bitmap(width: 20, height: 20, fill: RGBA(1, 2, 3)), cells: CellSize(columns: 2, rows: 1), graphics: graphics)
        let (fields, _) = try parse(text(graphics.printed(image, transport: GraphicsTransport(), lineBreak: .newline)))
        #expect(fields["doNotMoveCursor"] == nil && fields["width"] == "2")
    }

    @Test func selectedByITerm2OrWezTermAndByTermProgramOnlyOnceTheTerminalAnswered() {
        func answers(_ text: String, _ environment: [String: String] = [:]) -> GraphicsAnswers {
            var replies = TerminalReplies()
            replies.feed(Array(text.utf8)[...])
            return GraphicsAnswers(replies: replies, environment: environment, tmux: nil)
        }
        #expect(graphics.support(in: answers("\u{1B}P>|iTerm2 3.5.0\u{1B}\\\u{1B}[?62;c")) == .supported(rank: 30, reason: "iterm (terminal answered)"))
        // WezTerm answers kitty too; its iTerm2 images rank above kitty's direct placement
        let wezterm = answers("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|WezTerm 20240203\u{1B}\\\u{1B}[?62;c")
        #expect(graphics.support(in: wezterm) == .supported(rank: 30, reason: "iterm (terminal answered)"))
        #expect(GraphicsSelection.choose(.auto, replies: wezterm.replies, environment: [:]).backend == .pixels(.iterm))
        #expect(graphics.support(in: answers("\u{1B}[?62;c", ["TERM_PROGRAM": "iTerm.app"])) == .supported(rank: 5, reason: "iterm (TERM_PROGRAM)"))
        // No fence yet: the environment alone decides nothing
        #expect(graphics.support(in: answers("", ["TERM_PROGRAM": "iTerm.app"])) == .unsupported)
    }
}
