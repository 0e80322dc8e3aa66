import Foundation
import ImageCodecs
import Testing
import TerminalUI
import TerminalText

/// The kitty graphics pieces: the placeholder table and cells, the transmit/delete escapes,
/// the bookkeeping of held images, and the backend's sizes.
@Suite("Kitty graphics")
struct KittyGraphicsTests {
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
        let cells = KittyPlaceholder.cells(imageID: 0x0A0B_0C0D, size: TerminalSize(rows: 2, columns: 3))

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
        let image = TerminalImage(bitmap: bitmap, cells: TerminalSize(rows: 3, columns: 10))

        // When it is transmitted uncompressed
        let text = String(decoding: KittyGraphics.transmit(image, compressed: false), as: UTF8.self)

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

    @Test func transparentImagesGoAsRGBAAndDeleteNamesTheImage() {
        let image = TerminalImage(bitmap: Bitmap(width: 2, height: 2, fill: .clear), cells: TerminalSize(rows: 1, columns: 1))
        let text = String(decoding: KittyGraphics.transmit(image), as: UTF8.self)
        #expect(text.contains("f=32,s=2,v=2"))
        #expect(String(decoding: KittyGraphics.delete(id: 42), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=42,q=2\u{1B}\\")
    }

    @Test func imagesAreTransmittedOnceAndTheOldestOffScreenAreDeleted() {
        // Given a store holding at most 2 images off screen, and four distinct images
        var store = TerminalImageStore(capacity: 2)
        let images = (0..<4).map { index in
            TerminalImage(bitmap: Bitmap(width: 1, height: 1, fill: RGBA(UInt8(index), 0, 0)), cells: TerminalSize(rows: 1, columns: 1))
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
        #expect(store.held == Set([images[1].id, images[2].id, images[3].id]))

        // And removeAll deletes every held image
        let all = String(decoding: store.removeAll(), as: UTF8.self)
        #expect(all.components(separatedBy: "a=d,d=I").count - 1 == 3)
        #expect(store.held.isEmpty)
    }

    @Test func theBackendAsksForTheBoxInPixelsAndPlacesPlaceholders() {
        // Given 10×20-pixel cells and a 32×16-cell box (320×320 pixels)
        let pictures = PixelPictures(cellPixels: PixelSize(width: 10, height: 20))
        let box = TerminalSize(rows: 16, columns: 32)

        // Then a 4:3 photo is asked for at 320×240, a square one at 320×320
        #expect(pictures.pixelSize(forImage: PixelSize(width: 400, height: 300), in: box) == PixelSize(width: 320, height: 240))
        #expect(pictures.pixelSize(forImage: nil, in: box) == PixelSize(width: 320, height: 320))

        // And a 320×240 bitmap becomes 32×12 placeholder cells over one held image
        let picture = pictures.picture(for: Bitmap(width: 320, height: 240), in: box)
        #expect(picture.size == TerminalSize(rows: 12, columns: 32))
        #expect(picture.image?.cells == picture.size)
        #expect(picture.cells.cells.allSatisfy { KittyPlaceholder.imageID(of: $0) == picture.image?.id })
        #expect(pictures.nextVariant() == nil)
    }
}

/// Direct placements follow the frames: placed where the picture shows, cropped to its visible
/// cells, moved when it moves, deleted when it goes.
@Suite("Kitty direct placement")
struct KittyDirectPlacementTests {
    private let size = TerminalSize(rows: 10, columns: 20)

    private func image(_ shade: UInt8) -> TerminalImage {
        TerminalImage(
            bitmap: Bitmap(width: 40, height: 40, fill: RGBA(shade, 0, 0)), cells: TerminalSize(rows: 4, columns: 4),
            placement: .direct)
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
        #expect(shown.contains("a=t,q=2,f=24,s=40,v=40,i=\(a.id)"))
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
        #expect(store.held.contains(a.id))
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
        frame.drawOnTop(CellBlock(size: TerminalSize(rows: 3, columns: 3)), at: CellPoint(row: 3, column: 4))
        #expect(frame.pictures.isEmpty)
    }
}
