import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import Testing
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// Whole frames drawn from the model: golden text for the list, help, tiny terminals, and
/// where pictures are placed.
@Suite("Feed view")
struct FeedViewTests {
    private static let hostile = "\u{1B}[2J\u{1B}]0;owned\u{07}Eve"

    /// Three photos (the third with a hostile author) on a 22×64 screen in 16×6 boxes.
    private func harness(rows: Int = 22) -> FeedHarness {
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: rows),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        let authors = ["Alejandro Escamilla", "Paul Jarvis", Self.hostile]
        let photos = authors.enumerated().map { index, author in
            FeedPhoto(
                id: String(index), author: author, size: .init(width: 400, height: 300),
                origin: .original(URL(fileURLWithPath: "/photos/\(index).jpg")))
        }
        harness.showPage(photos, summary: "fake feed")
        return harness
    }

    @Test func loadingAndFailedItems() {
        // Given items 0 loading, 1 failed, 2 (hostile author) not yet reporting
        var harness = harness()
        harness.deliver(.loading(LoadProgress(completed: 1_200, total: 4_000)), to: "0")
        harness.deliver(.failure(.httpStatus(500)), to: "1")

        // When the frame is drawn
        let frame = harness.frame()

        // Then it matches the golden: placeholder, failure glyph and reason, hostile text as plain characters
        let text = FrameText.plain(frame.cells)
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("✗"))
        Golden.assertMatches(text, named: "viewer-loading-failed.txt")
        Golden.assertMatches(FrameText.ansi(frame.cells), named: "viewer-loading-failed.ansi")
        #expect(frame.pictures.isEmpty)
    }

    @Test func loadedItemIsPlacedInItsBox() throws {
        // Given item 0 loaded
        var harness = harness()
        harness.deliver(FakeImages.success(), to: "0")

        // When the frame is drawn once its fade from the placeholder is over
        harness.now += PictureFade.duration
        harness.send(.tick)
        let frame = harness.frame()

        // Then the picture is drawn in the box and placed there under the photo's key
        Golden.assertMatches(FrameText.plain(frame.cells), named: "viewer-loaded.txt")
        Golden.assertMatches(FrameText.ansi(frame.cells), named: "viewer-loaded.ansi")
        let placement = try #require(frame.pictures.first)
        #expect(frame.pictures.count == 1)
        #expect(placement.key == "0")
        #expect(placement.origin.column >= 1 && placement.origin.row >= 0)
        #expect(placement.visible.size == placement.picture.size)
    }

    @Test func helpOverlay() {
        // Given the help overlay open
        var harness = harness(rows: 30)
        harness.press("?")

        // Then every key binding is listed
        let text = harness.text()
        #expect(text.contains("retry failed, damaged"))
        Golden.assertMatches(text, named: "viewer-help.txt")
    }

    @Test func fullFrameShowsVisibleItemsClippedAboveTheStatusBar() {
        // Given three items of 5 lines in a 12-line viewport (the third cut after 2 lines): loaded,
        // half loaded, failed; the pictures are solid blocks
        var harness = FeedHarness(
            screen: CellSize(columns: 50, rows: 13),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 10, rows: 4), placeholder: .spinner),
            pictures: SolidPictures())
        var photos = TestPhotos.files(40)
        photos[0] = FeedPhoto(id: "0", author: "Loaded Lee", size: PixelSize(width: 800, height: 600), origin: photos[0].origin)
        photos[1] = FeedPhoto(id: "1", author: "Slow Sam", size: nil, origin: photos[1].origin)
        photos[2] = FeedPhoto(id: "2", author: "Failing Fay", size: nil, origin: photos[2].origin)
        harness.showPage(photos, summary: "test")
        harness.deliver(FakeImages.success(source: .memory), to: "0")
        harness.deliver(.loading(LoadProgress(completed: 5_000, total: 10_000)), to: "1")
        harness.deliver(.failure(.timedOut("slow")), to: "2")

        // Then the frame matches the golden, spinner at frame 2
        Golden.assertMatches(harness.text(animationFrame: 2), named: "feed-frame.txt")
    }

    @Test func aPartlyVisiblePictureIsPlacedWithItsVisiblePartOnly() throws {
        // Given the third item's picture loaded while only 2 of its 5 lines are on screen
        var harness = FeedHarness(
            screen: CellSize(columns: 50, rows: 13),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 10, rows: 4)), pictures: SolidPictures())
        harness.showPage(TestPhotos.files(40))
        harness.deliver(FakeImages.success(), to: "2")

        // Then its placement shows rows 10 and 11 only (line 12 is the status bar)
        let placement = try #require(harness.frame().pictures.first { $0.key == "2" })
        #expect(placement.origin == CellPoint(row: 10, column: 1))
        #expect(placement.visible == CellRect(row: 10, column: 1, rows: 2, columns: 10))
    }

    @Test func tinyTerminalShowsTheMessageInstead() {
        var harness = FeedHarness(
            screen: CellSize(columns: 20, rows: 4),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 10, rows: 4)))
        harness.showPage(TestPhotos.files(3))
        let text = harness.text()
        #expect(text.contains("terminal too"))
        #expect(text.contains("25×6"))
    }
}

/// A picture backend that draws every picture as a box of █: the seam, for golden frames.
struct SolidPictures: PictureRenderer {
    var name: String { "solid" }

    func pixelSize(forImage imageSize: PixelSize?, in box: CellSize) -> PixelSize {
        PixelSize(width: box.columns, height: box.rows)
    }

    func picture(for bitmap: Bitmap, in box: CellSize) -> Picture {
        Picture(cells: CellBlock(size: box, fill: ScreenCell("█")))
    }

    func nextVariant() -> (any PictureRenderer)? { nil }
}
