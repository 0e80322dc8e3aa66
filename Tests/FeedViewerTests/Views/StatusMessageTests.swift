import FeedSources
import Foundation
import Testing
import TerminalGraphics
import FeedViewer
import Vocabulary

/// What the viewer says or asks is on the screen: a question until it is answered, `G`'s progress
/// while it goes, a note for a few seconds.
@Suite("Status bar: the viewer's messages")
struct StatusMessageTests {
    private func harness() -> FeedHarness {
        var harness = FeedHarness(
            screen: CellSize(columns: 120, rows: 24),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        harness.showPage(TestPhotos.files(30), hasMore: true)
        return harness
    }

    private func statusLine(_ harness: FeedHarness) -> String {
        String(harness.text().split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty } ?? "")
    }

    @Test func theQuestionBeforeClearingIsOnTheScreenUntilAnswered() {
        // Given C pressed and the caches measured
        var harness = harness()
        harness.press("C")
        harness.send(.cachesMeasured(CacheSizes(memoryImages: 12, memoryBytes: 3 << 20, diskBytes: 48 << 20)))

        // Then the status bar asks, naming what would go, even long after
        #expect(statusLine(harness).contains("Clear 12 images (3.1 MB) in memory and 50 MB on disk? y clears"), "\(statusLine(harness))")
        harness.now += .seconds(30)
        harness.send(.tick)
        #expect(statusLine(harness).contains("y clears"))

        // When another key answers, the answer shows, and goes after a few seconds
        harness.press("n")
        #expect(statusLine(harness).contains("kept the caches"))
        harness.now += .seconds(5)
        harness.send(.tick)
        #expect(!statusLine(harness).contains("kept the caches"), "\(statusLine(harness))")
    }

    @Test func goingToTheEndShowsItsProgressUntilItEnds() {
        var harness = harness()
        harness.press("G")
        harness.now += .seconds(10)
        harness.send(.tick)
        #expect(statusLine(harness).contains("going to the end: 30 photos so far (any key stops)"), "\(statusLine(harness))")
    }
}
