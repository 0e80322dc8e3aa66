import Foundation
import ImageCodecs
import Testing
import TerminalGraphics
import TerminalScreen
import Vocabulary

/// With a preparation, a frame never makes a picture's costly encoding (a kitty PNG, a sixel
/// palette): it asks for it, leaves the picture out, and the first frame after it is ready
/// draws it, even a frame with nothing else changed.
@Suite("Pictures prepared off the frame path")
struct PicturePreparationTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func card(_ seed: UInt8) -> Bitmap {
        var bitmap = Bitmap(width: 40, height: 40)
        for y in 0..<40 {
            for x in 0..<40 { bitmap[x, y] = RGBA(UInt8(x * 6), UInt8(y * 6), seed) }
        }
        return bitmap
    }

    /// A store whose preparation reports each encoding made on `ready`.
    private func store() -> (TerminalImageStore, AsyncStream<Void>) {
        let (ready, continuation) = AsyncStream.makeStream(of: Void.self)
        var store = TerminalImageStore()
        store.preparation = PicturePreparation { continuation.yield() }
        return (store, ready)
    }

    @Test(arguments: [PictureBackendCase.kitty, .sixel, .iterm])
    func aPictureIsDrawnOnTheFirstFrameAfterItsEncodingIsReady(backend: PictureBackendCase) async throws {
        // Given a frame placing one picture, and a store that prepares off the frame path
        let image = TerminalImage(bitmap: card(7), cells: CellSize(columns: 4, rows: 2), graphics: backend.graphics)
        var frame = Frame(size: CellSize(columns: 20, rows: 10))
        frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "a", at: CellPoint(row: 1, column: 2))
        var (store, ready) = store()

        // When the frame is applied
        let first = text(store.apply(FrameChanges(from: nil, to: frame)))

        // Then nothing of the picture is written yet, and the store says a picture waits
        #expect(!first.contains(backend.marker), "\(backend): drawn before its encoding was ready")
        #expect(store.hasWaitingPictures)

        // When the encoding is ready and a frame with no change is applied
        var iterator = ready.makeAsyncIterator()
        _ = await iterator.next()
        let unchanged = FrameChanges(from: frame, to: frame)
        #expect(unchanged.isEmpty)
        let second = text(store.apply(unchanged))

        // Then the picture is drawn at its cell, and nothing waits any more
        #expect(second.contains(backend.marker), "\(backend): not drawn once ready")
        #expect(second.contains("\u{1B}[2;3H"))
        #expect(!store.hasWaitingPictures)
        // And it is not drawn again on the next unchanged frame
        #expect(!text(store.apply(unchanged)).contains(backend.marker))
    }

    @Test(.timeLimit(.minutes(1)))
    func picturesAskedTogetherAreMadeOneAfterAnotherAndAllDrawn() async throws {
        // Given a frame placing three sixel pictures, and a store that prepares off the frame path
        var frame = Frame(size: CellSize(columns: 20, rows: 10))
        for index in 0..<3 {
            let image = TerminalImage(bitmap: card(UInt8(index * 50)), cells: CellSize(columns: 4, rows: 2), graphics: SixelGraphics())
            frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "p\(index)", at: CellPoint(row: 3 * index, column: 0))
        }
        var (store, ready) = store()

        // When the frame is applied, then unchanged frames each time an encoding is made
        #expect(!text(store.apply(FrameChanges(from: nil, to: frame))).contains("\u{1B}P"))
        var drawn = 0
        var iterator = ready.makeAsyncIterator()
        while drawn < 3 {
            _ = await iterator.next()
            drawn += text(store.apply(FrameChanges(from: frame, to: frame))).ranges(of: "\u{1B}P").count
        }

        // Then all three were drawn (each made after the one before), and none waits
        #expect(drawn == 3)
        #expect(!store.hasWaitingPictures)
    }

    @Test(.timeLimit(.minutes(1)))
    func picturesOnScreenKeepTheirEncodingsPastTheStoresByteLimit() async throws {
        // Given two sixel pictures on screen, in a store that keeps at most 1 byte of encodings
        let (ready, continuation) = AsyncStream.makeStream(of: Void.self)
        var store = TerminalImageStore(encodingBytes: 1)
        store.preparation = PicturePreparation { continuation.yield() }
        func frame(top: Int) -> Frame {
            var frame = Frame(size: CellSize(columns: 20, rows: 10))
            for index in 0..<2 {
                let image = TerminalImage(bitmap: card(UInt8(index * 90)), cells: CellSize(columns: 4, rows: 2), graphics: SixelGraphics())
                frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "p\(index)", at: CellPoint(row: top + 3 * index, column: 0))
            }
            return frame
        }
        let first = frame(top: 0)
        _ = store.apply(FrameChanges(from: nil, to: first))
        var drawn = 0
        var iterator = ready.makeAsyncIterator()
        while drawn < 2 {
            _ = await iterator.next()
            drawn += text(store.apply(FrameChanges(from: first, to: first))).ranges(of: "\u{1B}P").count
        }

        // When both move
        let moved = frame(top: 1)
        let bytes = text(store.apply(FrameChanges(from: first, to: moved)))

        // Then both are drawn in that frame: neither encoding went, though they weigh more than the limit
        #expect(bytes.ranges(of: "\u{1B}P").count == 2)
        #expect(!store.hasWaitingPictures)
        #expect(store.encodingBytes > 1)
    }

    @Test func aPlaceholderImageUnderASmallPaletteIdIsTransmittedInItsFrame() {
        // Given tmux without 24-bit colour: placeholder images are named by small palette ids,
        // which may name another image later, so their transmission is not made off the frame
        var transport = GraphicsTransport()
        transport.indexedPlaceholderIDs = true
        var store = TerminalImageStore(transport: transport)
        store.preparation = PicturePreparation {}
        let image = TerminalImage(bitmap: card(5), cells: CellSize(columns: 4, rows: 2), graphics: .kittyPlaceholders)
        var frame = Frame(size: CellSize(columns: 20, rows: 10))
        frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "a", at: .zero)
        // When the frame is applied
        store.assignIndexedIDs([image])
        let bytes = text(store.apply(FrameChanges(from: nil, to: frame)))
        // Then the image is transmitted at once, and nothing waits
        #expect(bytes.contains("\u{1B}_G"))
        #expect(!store.hasWaitingPictures)
    }

    @Test func aStoreWithoutAPreparationDrawsInTheSameFrame() {
        let image = TerminalImage(bitmap: card(9), cells: CellSize(columns: 4, rows: 2), graphics: .sixel)
        var frame = Frame(size: CellSize(columns: 20, rows: 10))
        frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "a", at: .zero)
        var store = TerminalImageStore()
        #expect(text(store.apply(FrameChanges(from: nil, to: frame))).contains("\u{1B}P"))
        #expect(!store.hasWaitingPictures)
    }

    @Test func aPictureThatLeftBeforeItsEncodingWasReadyIsNotDrawn() async {
        // Given a sixel asked for, then a frame without it
        let image = TerminalImage(bitmap: card(3), cells: CellSize(columns: 4, rows: 2), graphics: .sixel)
        var frame = Frame(size: CellSize(columns: 20, rows: 10))
        frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "a", at: .zero)
        var (store, ready) = store()
        _ = store.apply(FrameChanges(from: nil, to: frame))
        let empty = Frame(size: CellSize(columns: 20, rows: 10))
        _ = store.apply(FrameChanges(from: frame, to: empty))
        #expect(!store.hasWaitingPictures)
        // When its encoding arrives
        var iterator = ready.makeAsyncIterator()
        _ = await iterator.next()
        // Then the next frame draws nothing
        #expect(!text(store.apply(FrameChanges(from: empty, to: empty))).contains("\u{1B}P"))
    }
}

/// The protocols prepared off the frame path, and what their drawing starts with.
enum PictureBackendCase: CustomStringConvertible, Sendable {
    case kitty, sixel, iterm

    var graphics: any GraphicsProtocol {
        switch self {
        case .kitty: KittyDirectGraphics()
        case .sixel: SixelGraphics()
        case .iterm: ITermInlineGraphics()
        }
    }

    /// What the picture's bytes contain: a kitty placement, a sixel, an iTerm2 file.
    var marker: String {
        switch self {
        case .kitty: "a=p"
        case .sixel: "\u{1B}P"
        case .iterm: "\u{1B}]1337;File="
        }
    }

    var description: String {
        switch self {
        case .kitty: "kitty"
        case .sixel: "sixel"
        case .iterm: "iterm"
        }
    }
}
