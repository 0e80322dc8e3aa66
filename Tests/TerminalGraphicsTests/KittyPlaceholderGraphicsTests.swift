import Foundation
import ImageCodecs
import Testing
import TerminalGraphics
import TerminalKit
import TerminalText
import Vocabulary

/// kitty's Unicode placeholders: the table of marks, the cells that name an image, the
/// transmission with a virtual placement, the printed form, and when the terminal's answers
/// select them.
@Suite("Kitty placeholders")
struct KittyPlaceholderGraphicsTests {
    private let graphics = KittyPlaceholderGraphics()

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func answers(_ text: String, environment: [String: String] = [:], tmux: TmuxPane? = nil) -> GraphicsAnswers {
        var replies = TerminalReplies()
        replies.feed(Array(text.utf8)[...])
        return GraphicsAnswers(replies: replies, environment: environment, tmux: tmux)
    }

    @Test func theDiacriticsAreEveryUnicode6AboveMarkWithoutDecomposition() throws {
        // The protocol's table: 297 marks, ascending, each a nonspacing mark of combining class
        // 230 (above) that Unicode 6.0 already had
        let table = KittyPlaceholder.diacritics
        #expect(table.count == 297)
        #expect(table == table.sorted())
        #expect(Array(table.prefix(5)) == [0x0305, 0x030D, 0x030E, 0x0310, 0x0312])
        #expect(table.last == 0x1D244)
        for value in table {
            let properties = try #require(Unicode.Scalar(value)).properties
            #expect(properties.canonicalCombiningClass == .above, "U+\(String(value, radix: 16))")
            #expect(properties.generalCategory == .nonspacingMark)
            let age = try #require(properties.age)
            #expect(age.major < 6 || (age.major == 6 && age.minor == 0))
        }
        // And the composing accents (grave, acute, …) are not in it
        #expect(!table.contains(0x0300) && !table.contains(0x0301))
    }

    @Test func placeholderCellsNameTheirRowColumnAndImage() throws {
        // Given the cells of image 0x0A0B0C0D, 2 rows × 3 columns
        let cells = KittyPlaceholder.cells(imageID: 0x0A0B_0C0D, size: CellSize(columns: 3, rows: 2))

        // Then each cell is U+10EEEE + row mark + column mark + the id's top byte, coloured by the rest
        let cell = try #require(cells[CellPoint(row: 1, column: 2)])
        let scalars = cell.grapheme.unicodeScalars.map(\.value)
        #expect(scalars == [0x10EEEE, KittyPlaceholder.diacritics[1], KittyPlaceholder.diacritics[2], KittyPlaceholder.diacritics[0x0A]])
        #expect(cell.style.foreground == .rgb(0x0B, 0x0C, 0x0D))
        #expect(KittyPlaceholder.imageID(of: cell) == 0x0A0B_0C0D)
        // And one cell wide, so text layout keeps its columns
        #expect(DisplayWidth.of(cell.grapheme) == 1)
        #expect(KittyPlaceholder.imageID(of: ScreenCell("x")) == nil)
    }

    @Test func transmitIsChunkedAndCarriesThePixels() throws {
        // Given an opaque 100×60 image (18 000 bytes of RGB: 24 000 of base64, 6 chunks)
        var bitmap = Bitmap(width: 100, height: 60, fill: RGBA(10, 20, 30))
        bitmap[99, 59] = RGBA(200, 100, 50)
        let image = TerminalImage(bitmap: bitmap, cells: CellSize(columns: 10, rows: 3), graphics: .kittyPlaceholders)

        // When it is transmitted for placeholders, uncompressed
        let text = String(decoding: KittyPlaceholderGraphics().transmit(image, transport: GraphicsTransport(medium: .inline)), as: UTF8.self)

        // Then every escape carries at most 4096 base64 bytes; the first has the keys, all but the last say m=1
        let escapes = text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        #expect(escapes.count == 6)
        var payload = ""
        for (index, escape) in escapes.enumerated() {
            #expect(escape.hasPrefix("\u{1B}_G"))
            let body = escape.dropFirst(3)
            let parts = body.split(separator: ";", maxSplits: 1).map(String.init)
            #expect(parts[1].utf8.count <= KittyGraphics.chunkSize)
            #expect(parts[0].hasSuffix(index == escapes.count - 1 ? "m=0" : "m=1"))
            if index == 0 {
                #expect(parts[0].hasPrefix("a=T,U=1,q=2,f=24,s=100,v=60,i=\(image.id),c=10,r=3"))
            } else {
                #expect(!parts[0].contains("a=T"))
            }
            payload += parts[1]
        }
        let pixels = try #require(Data(base64Encoded: payload))
        #expect(pixels.count == 100 * 60 * 3)
        #expect(Array(pixels.prefix(3)) == [10, 20, 30])
        #expect(Array(pixels.suffix(3)) == [200, 100, 50])
    }

    @Test func aPicturesCellsNameItsImage() {
        // Given a picture of 3×2 cells
        let image = TerminalImage(bitmap: Bitmap(width: 30, height: 40), cells: CellSize(columns: 3, rows: 2), graphics: graphics)

        // Then its cells are placeholders naming the image, and the screen only has to write them
        let cells = graphics.cells(for: image)
        #expect(cells.size == image.cells)
        #expect(cells.cells.allSatisfy { KittyPlaceholder.imageID(of: $0) == image.id })
        var cache = GraphicsEncodingCache()
        let visible = CellRect(origin: .zero, size: image.cells)
        #expect(graphics.encode(image, at: .zero, visible: visible, placementID: 1, transport: GraphicsTransport(), cache: &cache).isEmpty)
        #expect(graphics.erasure == .withItsCells && graphics.holdsImages && graphics.namesImageInCells)
        #expect(graphics.minimumColors == .palette256)
    }

    @Test func printedThePixelsComeFirstThenTheTextLineByLine() {
        // Given a picture of 3×2 cells printed inline
        let image = TerminalImage(bitmap: Bitmap(width: 30, height: 40), cells: CellSize(columns: 3, rows: 2), graphics: graphics)
        let transport = GraphicsTransport(medium: .inline)

        // When it is printed on its own, its two lines are separated by a newline
        let printed = text(graphics.printed(image, transport: transport, lineBreak: .newline))
        #expect(printed.hasPrefix("\u{1B}_Ga=T,U=1,q=2,f=24,s=30,v=40,i=\(image.id),c=3,r=2"))
        #expect(printed.components(separatedBy: "\n").count == 2)
        // When it is placed in a grid's box, by a cursor move down and back three columns
        let boxed = text(graphics.printed(image, transport: transport, lineBreak: .cursorMove))
        #expect(!boxed.contains("\n") && boxed.contains("\u{1B}[1B\u{1B}[3D"))
        // When ids are palette-named (tmux without RGB), a small id names it by a 256-colour index
        var indexed = transport
        indexed.indexedPlaceholderIDs = true
        let small = KittyPlaceholder.indexedID(hashing: image.id)
        let named = text(graphics.printed(image, transport: indexed, lineBreak: .newline))
        #expect(named.contains(",i=\(small),") && named.contains("38;5;\(small & 0xFF)"))
        // And through tmux passthrough, the pixels are wrapped and the text is not
        var tmux = transport
        tmux.passthrough = true
        let wrapped = text(graphics.printed(image, transport: tmux, lineBreak: .newline))
        #expect(wrapped.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,U=1"))
        #expect(wrapped.contains("\u{1B}\\\u{1B}["))
    }

    @Test func selectedByAKittyThatDrawsThemAndInsideTmuxOnlyThroughPassthrough() {
        // A kitty of 0.28 or newer, and ghostty: supported, ranked above every other protocol
        #expect(graphics.support(in: answers("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[?62;c"))
            == .supported(rank: 40, reason: "kitty placeholders (terminal answered)"))
        #expect(graphics.support(in: answers("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|ghostty 1.1\u{1B}\\\u{1B}[?62;c"))
            == .supported(rank: 40, reason: "kitty placeholders (terminal answered)"))
        // kitty 0.26 has none
        #expect(graphics.support(in: answers("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c")) == .unsupported)
        // Inside tmux with passthrough off, it refuses and says why
        let tmuxEnvironment = ["TMUX": "/tmp/tmux-0/default,1,0"]
        let off = TmuxPane(id: "%0", passthroughSetting: "off", outerFeatures: ["RGB"], outerTerminal: nil)
        #expect(graphics.support(in: answers("\u{1B}[?62;c", environment: tmuxEnvironment, tmux: off)) == .refused("inside tmux, no passthrough"))
        // Named inside tmux, it goes through passthrough
        #expect(graphics.asked(insideTmux: true).reason == "kitty placeholders (asked for, tmux passthrough)")
    }
}
