import Testing
import TerminalGraphics
import FeedViewer
import Vocabulary

/// The floor under pictures sized to the link: over a link too slow for even a lighter version,
/// the rows show block art and the viewer says why; pixels come back once it is well above.
@Suite("Update: block art over a link too slow for pictures")
struct UpdateLinkFloorTests {
    private func kittyHarness(chosenByUser: Bool = false) -> FeedHarness {
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0, graphics: .pixels(.kitty))
        options.graphicsReason = "kitty (terminal answered)"
        options.graphicsChosenByUser = chosenByUser
        var harness = FeedHarness(screen: CellSize(columns: 100, rows: 22), options: options)
        harness.showPage(TestPhotos.files(3))
        harness.deliver(FakeImages.success(width: 640, height: 480), to: "0")
        return harness
    }

    @Test func aLinkTooSlowForPicturesGivesBlockArtSayingWhyAndPixelsComeBackWellAbove() throws {
        // Given kitty pixels on screen
        var harness = kittyHarness()
        #expect(harness.frame().pictures.first?.picture.image != nil)
        // When the link is measured at 9 KB/s
        _ = harness.send(.linkMeasured(9_000))
        // Then the rows are block art, and the status bar and the event log say why
        #expect(harness.model.options.graphics == .blocks)
        #expect(harness.frame().pictures.first?.picture.image == nil)
        #expect(harness.model.metrics.graphics == "blocks (the link carries 9 KB/s: too slow for pictures)")
        #expect(harness.model.eventLog.entries.contains { "\($0)".contains("pictures: block art, the link carries 9 KB/s") })
        // When it is measured just above the floor, it stays block art (no flipping back and forth)
        _ = harness.send(.linkMeasured(20_000))
        #expect(harness.model.options.graphics == .blocks)
        // When it is well above, pixels come back
        _ = harness.send(.linkMeasured(60_000))
        #expect(harness.model.options.graphics == .pixels(.kitty))
        #expect(harness.model.eventLog.entries.contains { "\($0)".contains("pictures: kitty again, the link carries 60 KB/s") })
    }

    @Test func whatTheUserChoseWithIStays() {
        // Given pixels the user chose with `i`
        var harness = kittyHarness(chosenByUser: true)
        // When the link is measured at 9 KB/s
        _ = harness.send(.linkMeasured(9_000))
        // Then they stay
        #expect(harness.model.options.graphics == .pixels(.kitty))
    }
}
