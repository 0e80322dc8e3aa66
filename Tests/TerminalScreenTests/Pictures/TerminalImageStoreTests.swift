import Foundation
import ImageCodecs
import Testing
@testable import TerminalGraphics
import TerminalScreen
import Vocabulary

/// The screen's bookkeeping of terminal-drawn pictures, whatever their protocol: images held by
/// the terminal transmitted once and released least recently shown first; each picture drawn
/// where it is placed (the cursor moved there and back); placements that went erased; pictures
/// drawn over text drawn again where their lines were redrawn.
@Suite("Terminal image store")
struct TerminalImageStoreTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A colourful test card: hue across, brightness down.
    private func card(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                bitmap[x, y] = RGBA(UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8((x + y) % 256))
            }
        }
        return bitmap
    }

    /// The header fields and the decoded file of one `OSC 1337` escape.
    private func parse(_ escape: String) throws -> (fields: [String: String], file: [UInt8]) {
        let after = try #require(escape.components(separatedBy: "\u{1B}]1337;File=").last)
        let body = String(after.prefix { $0 != "\u{07}" })
        let parts = body.split(separator: ":", maxSplits: 1).map(String.init)
        var fields: [String: String] = [:]
        for pair in parts[0].split(separator: ";") {
            let keyValue = pair.split(separator: "=", maxSplits: 1).map(String.init)
            fields[keyValue[0]] = keyValue.count > 1 ? keyValue[1] : ""
        }
        return (fields, Array(try #require(Data(base64Encoded: parts[1]))))
    }

    @Test func imagesAreTransmittedOnceAndTheOldestOffScreenAreDeleted() {
        // Given a store holding at most 2 images off screen, and four distinct images
        var store = TerminalImageStore(capacity: 2)
        let images = (0..<4).map { index in
            TerminalImage(
                bitmap: Bitmap(width: 1, height: 1, fill: RGBA(UInt8(index), 0, 0)), cells: CellSize(columns: 1, rows: 1),
                graphics: .kittyPlaceholders)
        }
        #expect(Set(images.map(\.id)).count == 4)

        // When the first is shown twice, it is transmitted once
        #expect(!store.show([images[0]]).isEmpty)
        #expect(store.show([images[0]]).isEmpty)

        // When the others are shown one by one, the least recently shown off-screen one is deleted
        _ = store.show([images[1]])
        _ = store.show([images[2]])
        let bytes = String(decoding: store.show([images[3]]), as: UTF8.self)
        #expect(bytes.contains("a=d,d=I,i=\(images[0].id)"))
        #expect(store.heldIDs == Set([images[1].id, images[2].id, images[3].id]))

        // And removeAll deletes every held image
        let all = String(decoding: store.removeAll(), as: UTF8.self)
        #expect(all.components(separatedBy: "a=d,d=I").count - 1 == 3)
        #expect(store.heldIDs.isEmpty)
    }

    @Test func aPlacedSixelIsWrittenAtItsVisibleCellsAndCropped() throws {
        // Given a 4×2-cell sixel picture of 40×40 pixels whose top cell row is above the screen
        let image = TerminalImage(bitmap: card(width: 40, height: 40), cells: CellSize(columns: 4, rows: 2), graphics: .sixel)
        var frame = Frame(size: CellSize(columns: 20, rows: 10))
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

    @Test func theScreenDrawsItAtItsVisibleCellsCroppedAndAgainWhenRedrawn() throws {
        // Given an iTerm2 picture of 4×4 cells (40×40 pixels) whose top row is above the screen
        let image = TerminalImage(
            bitmap: Bitmap(width: 40, height: 40, fill: RGBA(9, 9, 9)), cells: CellSize(columns: 4, rows: 4),
            graphics: .iterm)
        var frame = Frame(size: CellSize(columns: 20, rows: 10))
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
        #expect(store.heldIDs.isEmpty)
        // And the same frame again writes nothing, unless its lines were redrawn as text
        #expect(store.apply(FrameChanges(from: frame, to: frame)).isEmpty)
        #expect(!store.apply(FrameChanges(from: frame, to: frame), redrawnLines: [1]).isEmpty)
    }

    @Test func aSixelIsDrawnAgainOnlyOnTheLinesTheTextRedrew() throws {
        // Given a sixel picture of 4×4 cells (40×80 pixels, 20-pixel cells) drawn at row 2
        let image = TerminalImage(bitmap: card(width: 40, height: 80), cells: CellSize(columns: 4, rows: 4), graphics: .sixel)
        var frame = Frame(size: CellSize(columns: 20, rows: 10))
        frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "a", at: CellPoint(row: 2, column: 3))
        var store = TerminalImageStore()
        _ = store.apply(FrameChanges(from: nil, to: frame))
        let quantized = PaletteQuantizer.quantize(image.bitmap, colors: SixelGraphics.colors, dither: SixelGraphics.dithers)
        func sixel(rows: Range<Int>) -> String {
            let indices = Array(quantized.indices[(rows.lowerBound * 40)..<(rows.upperBound * 40)])
            return text(SixelEncoder.encode(PaletteQuantizer.Result(palette: quantized.palette, indices: indices, width: 40, height: rows.count)))
        }

        // When the text redraws its second and third lines, and the line below it
        let middle = text(store.apply(FrameChanges(from: frame, to: frame), redrawnLines: [3, 4, 6]))

        // Then those two lines of it are drawn again at row 4 (pixel rows 20..<60), nothing else
        #expect(middle == "\u{1B}7\u{1B}[4;4H" + sixel(rows: 20..<60) + "\u{1B}8")

        // When its first and last lines are redrawn
        let ends = text(store.apply(FrameChanges(from: frame, to: frame), redrawnLines: [2, 5]))

        // Then each is drawn again on its own
        #expect(ends == "\u{1B}7\u{1B}[3;4H" + sixel(rows: 0..<20) + "\u{1B}8" + "\u{1B}7\u{1B}[6;4H" + sixel(rows: 60..<80) + "\u{1B}8")

        // And when every line of it is redrawn, it is drawn whole, once
        let all = text(store.apply(FrameChanges(from: frame, to: frame), redrawnLines: Set(0..<10)))
        #expect(all == "\u{1B}7\u{1B}[3;4H" + sixel(rows: 0..<80) + "\u{1B}8")
    }

    @Test func insideTmuxTransmissionsAndReleasesGoThroughPassthrough() {
        // A store inside tmux wraps what it sends to kitty: transmissions and deletions
        var store = TerminalImageStore(capacity: 1, transport: GraphicsTransport(passthrough: true))
        let images = (0..<3).map { TerminalImage(bitmap: Bitmap(width: 2, height: 2, fill: RGBA(UInt8($0), 9, 9)), cells: CellSize(columns: 1, rows: 1), graphics: .kittyPlaceholders) }
        let shown = text(store.show([images[0]]))
        #expect(shown.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,U=1"))
        _ = store.show([images[1]])
        #expect(text(store.show([images[2]])).contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=\(images[0].id)"))
        #expect(text(store.removeAll()).hasPrefix("\u{1B}Ptmux;"))
    }

    @Test func aPrintedFrameAddressesItsPicturesFromTheLineBelowIt() {
        // Given a 10-line frame with a direct kitty picture at row 2, column 3
        let image = TerminalImage(
            bitmap: Bitmap(width: 40, height: 40, fill: RGBA(1, 2, 3)), cells: CellSize(columns: 4, rows: 4), graphics: .kitty)
        var frame = Frame(size: CellSize(columns: 20, rows: 10))
        frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "a", at: CellPoint(row: 2, column: 3))

        // When a store addressing up from the line below the frame draws it
        var store = TerminalImageStore()
        store.addressing = .upFrom(lines: 10)
        let bytes = text(store.apply(FrameChanges(from: nil, to: frame)))

        // Then the placement is 8 lines up, column 4, with the cursor saved and restored
        #expect(bytes.contains("\u{1B}7\u{1B}[8A\u{1B}[4G\u{1B}_Ga=p,q=2,C=1,i=\(image.id)"))
        #expect(bytes.hasSuffix("\u{1B}8"))
    }

    @Test func theStoreRenamesCellsAndTransmitsAReusedIdAgain() {
        // Given: a store that names placeholders by palette index
        var transport = GraphicsTransport(medium: .inline)
        transport.indexedPlaceholderIDs = true
        var store = TerminalImageStore(capacity: 8, transport: transport)
        let first = TerminalImage(bitmap: Bitmap(width: 2, height: 2), cells: CellSize(columns: 1, rows: 1), graphics: .kittyPlaceholders)
        store.assignIndexedIDs([first])
        // When: its placeholder cell is drawn
        let cell = KittyPlaceholder.cells(imageID: first.id, size: CellSize(columns: 1, rows: 1)).cells[0]
        let drawn = store.drawn(cell)
        // Then: it names this process's first small id by a 256-colour index (and its top byte),
        // and the pixels go out under that id
        let small = IndexedImageIDs.id(at: IndexedImageIDs.processFirst)
        #expect(drawn.style.foreground == .indexed(UInt8(small & 0xFF)))
        #expect(KittyPlaceholder.imageID(of: drawn) == small)
        let bytes = String(decoding: store.show([first]), as: UTF8.self)
        #expect(bytes.contains("i=\(small),"))
    }
}

/// A protocol the store has never heard of: it draws `<id>` where its picture is placed and is
/// erased by text written over its lines — the store needs no change to draw it.
private struct MarkerGraphics: GraphicsProtocol {
    var name: String { "marker" }
    var summary: String { "a test protocol" }
    var erasure: GraphicsErasure { .redrawingItsLines }

    func encode(
        _ image: TerminalImage, at origin: CellPoint, visible: CellRect, placementID: UInt32,
        transport: GraphicsTransport, cache: inout GraphicsEncodingCache
    ) -> [UInt8] {
        Array("<\(image.id)@\(visible.size.rows)>".utf8)
    }

    func printed(_ image: TerminalImage, transport: GraphicsTransport, lineBreak: PrintedLineBreak) -> [UInt8] { [] }

    func support(in terminal: GraphicsAnswers) -> GraphicsSupport { .unsupported }
}

@Suite("A new graphics protocol")
struct NewGraphicsProtocolTests {
    @Test func theStoreDrawsAProtocolItDoesNotKnowThroughTheSeam() throws {
        // Given a picture of a protocol defined only here, half above the screen
        let pictures = PixelPictures(cellPixels: PixelSize(width: 10, height: 20), graphics: MarkerGraphics())
        let picture = pictures.picture(for: Bitmap(width: 40, height: 80), in: CellSize(columns: 4, rows: 4))
        let image = try #require(picture.image)
        var frame = Frame(size: CellSize(columns: 20, rows: 10))
        frame.place(picture, for: "a", at: CellPoint(row: -2, column: 0))
        var store = TerminalImageStore()

        // When the frame is shown, it is drawn at its visible cells with what the protocol encoded
        let shown = String(decoding: store.apply(FrameChanges(from: nil, to: frame)), as: UTF8.self)
        #expect(shown == "\u{1B}7\u{1B}[1;1H<\(image.id)@2>\u{1B}8")
        // And, drawn over text, it is drawn again only where its lines were redrawn; nothing is held
        #expect(store.apply(FrameChanges(from: frame, to: frame)).isEmpty)
        #expect(!store.apply(FrameChanges(from: frame, to: frame), redrawnLines: [1]).isEmpty)
        #expect(store.heldIDs.isEmpty)
    }
}

/// Direct placements follow the frames: placed where the picture shows, cropped to its visible
/// cells, moved when it moves, deleted when it goes.
@Suite("Kitty direct placement")
struct KittyDirectPlacementTests {
    private let size = CellSize(columns: 20, rows: 10)

    private func image(_ shade: UInt8) -> TerminalImage {
        TerminalImage(
            bitmap: Bitmap(width: 40, height: 40, fill: RGBA(shade, 0, 0)), cells: CellSize(columns: 4, rows: 4),
            graphics: .kitty)
    }

    private func frame(_ placements: [(String, TerminalImage, CellPoint)]) -> Frame {
        var frame = Frame(size: size)
        for (key, image, origin) in placements {
            frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: key, at: origin)
        }
        return frame
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func placedOnceMovedWhenScrolledDeletedWhenGone() {
        var store = TerminalImageStore()
        let a = image(10)

        // When a picture is first shown, it is transmitted (pixels only) and placed at its cells
        let first = frame([("a", a, CellPoint(row: 2, column: 3))])
        let shown = text(store.apply(FrameChanges(from: nil, to: first)))
        #expect(shown.contains("a=t,q=2,f=100,i=\(a.id)"))
        #expect(shown.contains("\u{1B}7\u{1B}[3;4H\u{1B}_Ga=p,q=2,C=1,i=\(a.id)"))
        #expect(shown.hasSuffix("\u{1B}8"))

        // When the same frame is shown again, nothing is written
        #expect(store.apply(FrameChanges(from: first, to: first)).isEmpty)

        // When it scrolls up two lines, it is placed again at its new cells (same ids: a move), not retransmitted
        let moved = frame([("a", a, CellPoint(row: 0, column: 3))])
        let move = text(store.apply(FrameChanges(from: first, to: moved)))
        #expect(!move.contains("a=t"))
        #expect(!move.contains("a=d"))
        #expect(move.contains("[1;4H"))

        // When it leaves the frame, its placement is deleted (the pixels stay held for its return)
        let gone = text(store.apply(FrameChanges(from: moved, to: frame([]))))
        #expect(gone.contains("a=d,d=i,i=\(a.id)"))
        #expect(store.heldIDs.contains(a.id))
    }

    @Test func aPartlyVisiblePictureShowsOnlyItsVisiblePart() {
        // Given a 4×4-cell picture of 40×40 pixels whose top row is above the screen
        var frame = Frame(size: size)
        let a = image(20)
        frame.place(Picture(cells: CellBlock(size: a.cells), image: a), for: "a", at: CellPoint(row: -1, column: 0))

        // Then it is placed at row 0 with the source cropped to its lower 30 pixels, over 3 rows
        var store = TerminalImageStore()
        let bytes = text(store.apply(FrameChanges(from: nil, to: frame)))
        #expect(bytes.contains("[1;1H"))
        #expect(bytes.contains("x=0,y=10,w=40,h=30,c=4,r=3"))
    }

    @Test func theHelpOverlayCoversPictures() {
        var frame = frame([("a", image(30), CellPoint(row: 2, column: 3))])
        frame.drawOnTop(CellBlock(size: CellSize(columns: 3, rows: 3)), at: CellPoint(row: 3, column: 4))
        #expect(frame.pictures.isEmpty)
    }
}
