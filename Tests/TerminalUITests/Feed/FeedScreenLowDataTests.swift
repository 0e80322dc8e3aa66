import FeedSources
import Foundation
import ImageCodecs
import Testing

@testable import TerminalUI

/// `d` (low-data mode) through the loop: loaders are switched, and feeds without a smaller
/// variant say so.
@Suite("Feed screen low-data mode")
struct FeedScreenLowDataTests {
    private func viewer(_ photos: [FeedPhoto], pipeline: FakePipeline) -> FeedScreen {
        let options = FeedViewerOptions(thumbnail: TerminalSize(rows: 6, columns: 16), prefetch: 0)
        let viewer = FeedScreen(
            screen: MemoryScreen(size: TerminalSize(rows: 22, columns: 64)), feed: FakeFeed(count: 0),
            feedName: "fake feed", pipeline: pipeline, options: options, clock: .frozen)
        viewer.receivePage(.success(FeedPage(photos: photos, summary: "fake feed", hasMore: false)))
        return viewer
    }

    private func photos(_ origin: (Int) -> FeedPhoto.Origin) -> [FeedPhoto] {
        (0..<3).map { FeedPhoto(id: String($0), author: "A\($0)", size: PixelSize(width: 400, height: 300), origin: origin($0)) }
    }

    @Test func dSwitchesEveryRowLoaderOnPicsumFeeds() {
        // Given a picsum-style feed with loading rows
        let pipeline = FakePipeline()
        let base = URL(fileURLWithPath: "/").appendingPathComponent("feed")
        let viewer = viewer(photos { _ in .picsum(base: base, cacheNamespace: nil) }, pipeline: pipeline)
        #expect(!pipeline.created.isEmpty)

        // When d is pressed, then again
        viewer.handle(.key(.character("d")))

        // Then every row loader is in low-data mode and the status says what it does
        #expect(pipeline.created.allSatisfy { $0.lowData })
        #expect(viewer.message?.contains("quarter-size") == true)
        viewer.handle(.key(.character("d")))
        #expect(pipeline.created.allSatisfy { !$0.lowData })
        #expect(viewer.message == "low-data mode off")
    }

    @Test func dOnAFeedOfOriginalsSaysThereIsNoSmallerVariant() {
        // Given a feed of files
        let pipeline = FakePipeline()
        let viewer = viewer(photos { .original(URL(fileURLWithPath: "/photos/\($0).jpg")) }, pipeline: pipeline)

        // When d is pressed
        viewer.handle(.key(.character("d")))

        // Then the status bar and the event log say low-data mode has no effect here
        #expect(viewer.message?.contains("no smaller variant") == true)
        let logged = viewer.eventLog.entries.contains {
            if case .note(let text) = $0.kind { text.contains("no smaller variant") } else { false }
        }
        #expect(logged)
    }
}
