import FeedSources
import Foundation
import Testing
import TerminalKit
import FeedViewer
import TerminalGraphics
import Vocabulary

/// The viewer with the kitty backend: the model asks for pixels, the frame places placeholder
/// cells with their image, and `m` says it has nothing to switch.
@Suite("Update: kitty pictures")
struct UpdateKittyTests {
    @Test(arguments: [PictureBackend.pixels(.kitty), .pixels(.kittyPlaceholders)])
    func loadedItemsArePlacedWithTheirImage(backend: PictureBackend) throws {
        // Given a kitty backend, 16×6 boxes
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: 22),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0, graphics: backend))
        harness.showPage(TestPhotos.files(3))

        // Then the load asks for the box in pixels (16×6 cells of 10×20 px, 4:3: 160×120)
        #expect(harness.model.requestedPixels(of: PhotoKey(id: "0")) == PixelSize(width: 160, height: 120))

        // When it arrives, the frame places it with the image to transmit: over placeholder
        // cells naming the image, or over blank cells the screen places the pixels on
        harness.deliver(FakeImages.success(width: 160, height: 120), to: "0")
        let frame = harness.frame()
        let placement = try #require(frame.pictures.first)
        let image = try #require(placement.picture.image)
        #expect(image.bitmap.size == PixelSize(width: 160, height: 120))
        let cell = try #require(frame.cells[placement.visible.origin])
        #expect(image.graphics.name == backend.name)
        if backend == .pixels(.kittyPlaceholders) {
            #expect(KittyPlaceholder.imageID(of: cell) == image.id)
        } else {
            #expect(cell == .blank)
        }

        // And m has no symbol sets to switch
        #expect(harness.press("m").isEmpty)
        #expect(harness.model.message == "kitty pictures have no symbol sets")
    }

    @Test func iSwitchesBetweenPixelsAndBlockArtLive() throws {
        // Given kitty pixels (and block art as the other choice), the first item loaded
        var harness = FeedHarness(
            screen: CellSize(columns: 100, rows: 22),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0, graphics: .pixels(.kitty)))
        harness.showPage(TestPhotos.files(3))
        harness.deliver(FakeImages.success(width: 160, height: 120), to: "0")
        #expect(harness.frame().pictures.first?.picture.image != nil)

        // When i is pressed, the kept bitmap is re-drawn as block art at once (it has the pixels), nothing reloads
        let toBlocks = harness.press("i")
        #expect(toBlocks.loads.isEmpty)
        let placement = try #require(harness.frame().pictures.first)
        #expect(placement.picture.image == nil)
        #expect(harness.model.message == "pictures: sextant")
        #expect(harness.model.metrics.graphics == "blocks (i switches)")

        // When it is pressed again, pixels come back
        harness.press("i")
        #expect(harness.frame().pictures.first?.picture.image != nil)
        #expect(harness.model.message == "pictures: kitty")
    }

    @Test func theSymbolsChosenWithMSurviveATripToPixelsAndBack() {
        // Given block art with kitty as the other choice, switched from sextant to block symbols with m
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0, graphics: .blocks)
        options.graphicsChoices = [.blocks, .pixels(.kitty)]
        var harness = FeedHarness(screen: CellSize(columns: 100, rows: 22), options: options)
        harness.showPage(TestPhotos.files(3))
        harness.press("m")
        #expect(harness.model.pictures.name == "block")

        // When i goes to kitty pixels and back
        harness.press("i")
        #expect(harness.model.pictures.name == "kitty")
        harness.press("i")

        // Then the pictures are block symbols again: the options are the one record of what draws
        #expect(harness.model.pictures.name == "block")
        #expect(harness.model.options.art.symbols == .block)
    }

    @Test func withBlockArtOnlyISaysSo() {
        var harness = FeedHarness(options: FeedViewerOptions())
        harness.showPage(TestPhotos.files(3))
        #expect(harness.press("i").isEmpty)
        #expect(harness.model.message == "pictures: sextant is all this terminal shows")
    }
}
