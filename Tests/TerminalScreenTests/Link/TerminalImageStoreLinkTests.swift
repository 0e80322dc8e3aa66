import ImageCodecs
import Testing
@testable import TerminalGraphics
@testable import TerminalScreen
import Vocabulary

/// The store under the link's window: pixels go as far as the allowance admits; a kitty
/// transmission is cut at its chunks with nothing graphical between them; a picture whose row
/// left is never written, and one cut short is given up.
@Suite("Terminal image store on a measured link")
struct TerminalImageStoreLinkTests {
    private let screen = CellSize(columns: 40, rows: 20)

    private func image(_ seed: Int, graphics: any GraphicsProtocol) -> TerminalImage {
        NoisePicture.make(seed, graphics: graphics)
    }

    private func frame(_ placements: [(key: String, image: TerminalImage, row: Int)]) -> Frame {
        var frame = Frame(size: screen)
        for placement in placements {
            let picture = Picture(cells: placement.image.graphics.cells(for: placement.image), image: placement.image)
            frame.place(picture, for: placement.key, at: CellPoint(row: placement.row, column: 0))
        }
        return frame
    }

    private func count(_ needle: String, in bytes: [UInt8]) -> Int {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: needle).count - 1
    }

    /// Raw pixels inline: 64×64×3 bytes, 16,384 in base64, four chunks.
    private let transport = GraphicsTransport(medium: .inline)

    @Test func aTransmissionTooBigForTheWindowGoesAChunkAtATime() {
        // Given two placeholder pictures on screen and a window of a little over one chunk a frame
        var store = TerminalImageStore(transport: transport)
        let first = image(1, graphics: .kittyPlaceholders)
        let second = image(2, graphics: .kittyPlaceholders)
        let shown = frame([("a", first, 0), ("b", second, 5)])
        let allowance = PictureAllowance(bytes: 4_200, linkIdle: false, resting: true)
        // When frames are applied one after another
        var frames: [[UInt8]] = [store.apply(FrameChanges(from: nil, to: shown), allowance: allowance)]
        for _ in 0..<9 { frames.append(store.apply(FrameChanges(from: shown, to: shown), allowance: allowance)) }
        // Then each frame writes four pieces of 1,024 base64 bytes (what fits in 4,200), all
        // sixteen of the first image before any of the second
        #expect(frames.map { count("\u{1B}_G", in: $0) } == [4, 4, 4, 4, 4, 4, 4, 4, 0, 0])
        let all = frames.flatMap { $0 }
        let text = String(decoding: all, as: UTF8.self)
        let firstEnd = text.range(of: "m=0;")!.lowerBound
        #expect(!text[..<firstEnd].contains("i=\(second.id)"))
        // And both are held once their last chunk went, and nothing waits
        #expect(store.heldIDs == [first.id, second.id])
        #expect(!store.hasWaitingPictures)
        // And the writes were logged by placement
        #expect(Set(store.takeWrites().map(\.key)) == ["a", "b"])
    }

    @Test func aCutTransmissionWhoseRowLeftIsGivenUp() {
        // Given a placeholder picture whose first chunk went
        var store = TerminalImageStore(transport: transport)
        let picture = image(3, graphics: .kittyPlaceholders)
        let shown = frame([("a", picture, 0)])
        let allowance = PictureAllowance(bytes: 4_200, linkIdle: false, resting: true)
        _ = store.apply(FrameChanges(from: nil, to: shown), allowance: allowance)
        _ = store.takeWrites()
        // When its row leaves the screen
        let empty = frame([])
        let bytes = store.apply(FrameChanges(from: shown, to: empty), allowance: allowance)
        // Then the image is deleted (which aborts the upload) and no more of it is written
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=\(picture.id),q=2\u{1B}\\")
        #expect(store.takeWrites().isEmpty)
        #expect(store.apply(FrameChanges(from: empty, to: empty), allowance: .unlimited).isEmpty)
        #expect(!store.hasWaitingPictures)
    }

    @Test func aDirectTransmissionCutShortIsGivenUpWhenPlacementsMustMove() {
        // Given a directly placed kitty picture whose first chunk went, and another held one
        var store = TerminalImageStore(transport: transport)
        let held = image(4, graphics: .kitty)
        let cut = image(5, graphics: .kitty)
        let before = frame([("held", held, 0)])
        _ = store.apply(FrameChanges(from: nil, to: before))
        let both = frame([("held", held, 0), ("cut", cut, 5)])
        _ = store.apply(FrameChanges(from: before, to: both), allowance: PictureAllowance(bytes: 4_200, linkIdle: false, resting: true))
        // When the list scrolls, so the held picture's placement must move
        let scrolled = frame([("held", held, 1), ("cut", cut, 6)])
        let bytes = store.apply(FrameChanges(from: both, to: scrolled), allowance: PictureAllowance(bytes: 0, linkIdle: false, resting: true))
        // Then the cut image is deleted first, and the held one placed again (no chunk between)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}_Ga=d,d=I,i=\(cut.id),q=2\u{1B}\\"))
        #expect(text.contains("a=p,q=2,C=1,i=\(held.id)"))
        #expect(!text.contains("m=1;") && !text.contains("m=0;"))
        // And the cut picture waits to be sent again
        #expect(store.hasWaitingPictures)
    }

    @Test func aSixelThatDoesNotFitWaitsAndNeverGoesOnceItsRowLeft() {
        // Given a sixel picture larger than what the window has left, the screen busy with keys
        var store = TerminalImageStore()
        let picture = image(6, graphics: .sixel)
        let shown = frame([("a", picture, 0)])
        let busy = PictureAllowance(bytes: 100, linkIdle: true, resting: false)
        // When the frame is applied, nothing is written and the picture waits
        #expect(store.apply(FrameChanges(from: nil, to: shown), allowance: busy).isEmpty)
        #expect(store.hasWaitingPictures)
        // When the link is idle and the screen rests, it goes whole
        let resting = PictureAllowance(bytes: 100, linkIdle: true, resting: true)
        let bytes = store.apply(FrameChanges(from: shown, to: shown), allowance: resting)
        #expect(count("\u{1B}P", in: bytes) == 1)
        #expect(store.takeWrites().map(\.key) == ["a"])
        // Given another that waits, whose row then leaves
        var other = TerminalImageStore()
        #expect(other.apply(FrameChanges(from: nil, to: shown), allowance: busy).isEmpty)
        let empty = frame([])
        _ = other.apply(FrameChanges(from: shown, to: empty), allowance: busy)
        // Then it is never written, however much is allowed later
        #expect(other.apply(FrameChanges(from: empty, to: empty), allowance: .unlimited).isEmpty)
        #expect(other.takeWrites().isEmpty)
        #expect(!other.hasWaitingPictures)
    }

    @Test func aSlotKeepsItsPictureUntilTheNextOneArrives() throws {
        // Given a placeholder picture shown and held (an animation's frame)
        var store = TerminalImageStore(transport: transport)
        let shownFrame = image(7, graphics: .kittyPlaceholders)
        let nextFrame = image(8, graphics: .kittyPlaceholders)
        let before = frame([("a", shownFrame, 0)])
        store.prepareCells(for: before.pictures)
        _ = store.apply(FrameChanges(from: nil, to: before))
        // When the next frame replaces it while keys come (the screen is not resting)
        let after = frame([("a", nextFrame, 0)])
        store.prepareCells(for: after.pictures)
        let busy = PictureAllowance(bytes: 100_000, linkIdle: true, resting: false)
        #expect(store.apply(FrameChanges(from: before, to: after), allowance: busy).isEmpty)
        // Then its cells are drawn naming the picture the terminal holds
        let cell = try #require(after.cells[CellPoint(row: 0, column: 0)])
        #expect(KittyPlaceholder.imageID(of: store.drawn(cell)) == shownFrame.id)
        // When the screen rests, the next frame is transmitted and its cells are to be drawn again
        store.prepareCells(for: after.pictures)
        let bytes = store.apply(FrameChanges(from: after, to: after), allowance: .unlimited)
        #expect(count("i=\(nextFrame.id)", in: bytes) == 1)
        #expect(store.takeArrived() == ["a"])
        store.prepareCells(for: after.pictures)
        #expect(KittyPlaceholder.imageID(of: store.drawn(cell)) == nextFrame.id)
    }

    @Test func whileKeysComeASixteenthOfThePixelsGoFirstAndTheWholeOnceTheScreenRests() throws {
        // Given a placeholder picture of 64×64 pixels, a link with room for 3,000 bytes, keys coming
        var store = TerminalImageStore(transport: transport)
        let whole = image(9, graphics: .kittyPlaceholders)
        let shown = frame([("a", whole, 0)])
        let busy = PictureAllowance(bytes: 3_000, linkIdle: true, resting: false)
        // When frames are drawn until nothing more goes
        var sent: [UInt8] = []
        for _ in 0..<6 {
            store.prepareCells(for: shown.pictures)
            sent += store.apply(FrameChanges(from: shown, to: shown), allowance: busy)
        }
        // Then a 16×16 version was transmitted, and the whole was not
        let text = String(decoding: sent, as: UTF8.self)
        #expect(text.contains("s=16,v=16"))
        #expect(!text.contains("i=\(whole.id)"))
        // And the picture's cells name it
        store.prepareCells(for: shown.pictures)
        let cell = try #require(shown.cells[CellPoint(row: 0, column: 0)])
        let light = try #require(KittyPlaceholder.imageID(of: store.drawn(cell)))
        #expect(light != whole.id && store.heldIDs.contains(light))
        // When the screen rests, the whole goes, and its cells name it again
        let rest = store.apply(FrameChanges(from: shown, to: shown), allowance: .unlimited)
        #expect(String(decoding: rest, as: UTF8.self).contains("s=64,v=64,i=\(whole.id)"))
        #expect(store.takeArrived().contains("a"))
        store.prepareCells(for: shown.pictures)
        #expect(KittyPlaceholder.imageID(of: store.drawn(cell)) == whole.id)
    }
}
