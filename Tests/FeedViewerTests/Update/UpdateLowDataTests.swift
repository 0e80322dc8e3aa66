import FeedSources
import Foundation
import Testing
import TerminalKit
import FeedViewer
import TerminalGraphics
import Vocabulary

/// `d` (low-data mode): later loads carry it; turning it off loads the regular image of every
/// photo on screen that shows the small one (effects the audit sees); feeds without a smaller
/// variant say so.
@Suite("Update: low-data mode")
struct UpdateLowDataTests {
    private func harness(_ photos: [FeedPhoto]) -> FeedHarness {
        var harness = FeedHarness(
            screen: CellSize(columns: 120, rows: 22),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        harness.showPage(photos)
        return harness
    }

    @Test func dMakesLaterLoadsLowDataAndOffLoadsTheRegularImagesOfTheSmallOnes() {
        // Given a picsum-style feed with loading items
        var harness = harness(TestPhotos.picsum(3))

        // When d is pressed
        let on = harness.press("d")

        // Then nothing loads at once, the status says what it does, and later loads are low-data
        #expect(on.isEmpty)
        #expect(harness.model.message?.contains("quarter-size") == true)
        #expect(harness.text().contains("low-data"))
        let retried = harness.press(.enter)
        #expect(retried.contains { if case .load(.detail, _, _, lowData: true) = $0 { true } else { false } })

        // Given photos that loaded in low-data mode, one of them done
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0)
        options.onDisappear = .cancel
        var small = FeedHarness(screen: CellSize(columns: 120, rows: 22), options: options)
        small.press("d")
        let first = small.showPage(TestPhotos.picsum(2))
        #expect(first.contains { if case .load(.item, _, _, lowData: true) = $0 { true } else { false } })
        small.deliver(FakeImages.success(width: 32, height: 24), to: "0")
        // When d is pressed again
        let off = small.press("d")
        // Then it is off, and the photos whose load was the small variant load the regular one, the small picture kept meanwhile
        #expect(small.model.message == "low-data mode off")
        let upgrades = off.compactMap { effect -> String? in
            if case .load(.item(let key), _, _, lowData: false) = effect { key.id } else { nil }
        }
        #expect(upgrades.sorted() == ["0", "1"])
        #expect(small.model.picture(of: PhotoKey(id: "0")) != nil)
    }

    @Test func anUpgradeRunningBesideTheSmallPictureIsCancelledWhenItsPhotoLeavesAndStartsOnReturn() {
        // Given a photo that shows its low-data picture while its regular image loads
        var harness = FeedHarness(
            screen: CellSize(columns: 120, rows: 22),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        harness.press("d")
        harness.showPage(TestPhotos.picsum(20))
        harness.deliver(FakeImages.success(width: 32, height: 24), to: "0")
        let upgrade = harness.press("d")
        #expect(upgrade.startedIDs.contains("0"))

        // When the list goes to its end
        let away = harness.press("G")

        // Then the running upgrade is cancelled (its photo's state says a load runs), not only released
        #expect(away.cancels("0"))
        #expect(!away.releases("0"))

        // And back at the top the photo loads again
        let back = harness.press("g")
        #expect(back.startedIDs.contains("0"))
    }

    @Test func dOnAFeedOfOriginalsSaysThereIsNoSmallerVariant() {
        // Given a feed of files
        var harness = harness(TestPhotos.files(3))

        // When d is pressed
        harness.press("d")

        // Then the message and the event log say low-data mode has no effect here
        #expect(harness.model.message?.contains("no smaller variant") == true)
        let logged = harness.model.eventLog.entries.contains {
            if case .note(let text) = $0.kind { text.contains("no smaller variant") } else { false }
        }
        #expect(logged)
    }
}
