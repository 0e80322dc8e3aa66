import BlockArt
import Foundation
import ImageCodecs
import Testing
import TerminalUI

/// iTerm2 inline images: the header's fields, the file they carry, and where the screen draws them.
@Suite("iTerm2 inline images")
struct ITermGraphicsTests {
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
        let (fields, file) = try parse(text(ITermGraphics.inlineImage(bitmap, cells: TerminalSize(rows: 12, columns: 32))))

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
        let (_, file) = try parse(text(ITermGraphics.inlineImage(bitmap, cells: TerminalSize(rows: 1, columns: 1))))
        #expect(ImageFormat.sniff(file) == .png)
        #expect(try ImageDecoder.decode(file).bitmap[3, 3].a == 0)
    }

    @Test func theScreenDrawsItAtItsVisibleCellsCroppedAndAgainWhenRedrawn() throws {
        // Given an iTerm2 picture of 4×4 cells (40×40 pixels) whose top row is above the screen
        let image = TerminalImage(
            bitmap: Bitmap(width: 40, height: 40, fill: RGBA(9, 9, 9)), cells: TerminalSize(rows: 4, columns: 4),
            placement: .iterm)
        var frame = Frame(size: TerminalSize(rows: 10, columns: 20))
        frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "a", at: CellPoint(row: -1, column: 2))
        var store = TerminalImageStore()

        // When the frame is shown
        let shown = text(store.apply(FrameChanges(from: nil, to: frame)))

        // Then the visible 3 rows are drawn at row 1, column 3: a 40×30 file over 4×3 cells
        #expect(shown.hasPrefix("\u{1B}7\u{1B}[1;3H\u{1B}]1337;File=inline=1;"))
        let (fields, file) = try parse(shown)
        #expect(fields["width"] == "4" && fields["height"] == "3")
        #expect(try ImageDecoder.decode(file).bitmap.size == PixelSize(width: 40, height: 30))
        #expect(shown.hasSuffix("\u{07}\u{1B}8"))
        // And nothing is held or transmitted as kitty graphics
        #expect(store.held.isEmpty)
        // And the same frame again writes nothing, unless its lines were redrawn as text
        #expect(store.apply(FrameChanges(from: frame, to: frame)).isEmpty)
        #expect(!store.apply(FrameChanges(from: frame, to: frame), redrawnLines: [1]).isEmpty)
    }

    @Test func theBackendSaysITerm() {
        let pictures = PictureBackend.iterm.renderer(art: BlockArtOptions(), cellPixels: PixelSize(width: 10, height: 20))
        #expect(pictures.name == "iterm")
        let picture = pictures.picture(for: Bitmap(width: 100, height: 40), in: TerminalSize(rows: 10, columns: 20))
        #expect(picture.image?.placement == .iterm)
        #expect(picture.size == TerminalSize(rows: 2, columns: 10))
    }
}
