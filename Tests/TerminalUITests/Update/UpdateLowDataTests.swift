import FeedSources
import Foundation
import ImageCodecs
import Testing
import TerminalKit
import TerminalUI
import TerminalGraphics

/// `d` (low-data mode): the runtime switches every loader; later loads carry it; feeds without
/// a smaller variant say so.
@Suite("Update: low-data mode")
struct UpdateLowDataTests {
    private func harness(_ photos: [FeedPhoto]) -> FeedHarness {
        var harness = FeedHarness(
            screen: TerminalSize(rows: 22, columns: 120),
            options: FeedViewerOptions(thumbnail: TerminalSize(rows: 6, columns: 16), prefetch: 0))
        harness.showPage(photos)
        return harness
    }

    @Test func dSwitchesEveryLoaderAndLaterLoadsOnPicsumFeeds() {
        // Given a picsum-style feed with loading items
        var harness = harness(TestPhotos.picsum(3))

        // When d is pressed
        let on = harness.press("d")

        // Then every live loader is switched, the status says what it does, and later loads are low-data
        #expect(on.contains { if case .setLowData(true) = $0 { true } else { false } })
        #expect(harness.model.message?.contains("quarter-size") == true)
        #expect(harness.text().contains("low-data"))
        let retried = harness.press(.enter)
        #expect(retried.contains { if case .load(.detail, _, _, lowData: true) = $0 { true } else { false } })

        // When d is pressed again, it is off
        harness.press(.escape)
        let off = harness.press("d")
        #expect(off.contains { if case .setLowData(false) = $0 { true } else { false } })
        #expect(harness.model.message == "low-data mode off")
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
