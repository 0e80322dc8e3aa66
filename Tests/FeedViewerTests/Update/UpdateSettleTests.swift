import FeedSources
import Foundation
import ImageLoading
import Testing
import TerminalKit
import FeedViewer
import TerminalGraphics
import Vocabulary

/// Snapshot mode: scroll once the first page is shown, quit when every visible item has
/// loaded or failed, or when the deadline passes.
@Suite("Update: snapshot settling")
struct UpdateSettleTests {
    @Test func settlesOnceEveryVisibleItemLoadedOrFailedAfterTheScroll() {
        // Given a 15-line screen (two 7-line items visible) that scrolls one line first
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: 15),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0),
            settle: SettleCondition(scroll: 1, wait: .seconds(60)))
        harness.showPage(TestPhotos.files(3))

        // Then it scrolled: items 1 and 2 are visible, and it waits for them
        #expect(harness.model.visibleKeys == [PhotoKey(id: "1"), PhotoKey(id: "2")])
        #expect(harness.effects.exit == nil)
        #expect(harness.deliver(FakeImages.success(), to: "1").exit == nil)

        // When the last visible item fails, it has settled
        #expect(harness.deliver(.failure(.httpStatus(500)), to: "2").exit == .settled)
    }

    @Test func theDeadlineSettlesAndWithoutSnapshotModeItDoesNothing() {
        var snapshot = FeedHarness(options: FeedViewerOptions(), settle: SettleCondition(scroll: 0, wait: .seconds(1)))
        snapshot.showPage(TestPhotos.files(3))
        #expect(snapshot.send(.deadline).exit == .settled)

        var viewer = FeedHarness(options: FeedViewerOptions())
        viewer.showPage(TestPhotos.files(3))
        #expect(viewer.send(.deadline).exit == nil)
    }
}
