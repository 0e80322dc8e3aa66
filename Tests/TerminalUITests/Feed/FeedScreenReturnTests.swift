import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import Testing

@testable import TerminalUI

/// A loaded row that scrolls away lets its image go; coming back, the real pipeline's memory
/// cache answers at once, so the row shows its picture in the same frame (no placeholder).
@Suite("Feed screen: rows returning from off screen")
struct FeedScreenReturnTests {
    static let photosDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos")

    /// Hands the loop's row phases to the viewer until `rows` have all settled.
    private func settle(_ rows: Range<Int>, _ viewer: FeedScreen, _ events: inout AsyncStream<LoopEvent>.Iterator) async throws {
        while rows.contains(where: { !viewer.planner.finished.contains($0) }) {
            let event = try #require(await events.next(), "the loop's stream ended")
            if case .phase(let row, let generation, let phase) = event {
                viewer.receive(phase, row: row, generation: generation)
            }
        }
    }

    @Test func aLoadedRowComesBackFromMemoryInTheSameFrame() async throws {
        // Given a feed of six local photos through a real pipeline with a memory cache, rows 0–1 loaded
        let names = ["astronaut.jpg", "brick.jpg", "coffee.jpg", "astronaut.jpg", "brick.jpg", "coffee.jpg"]
        let photos = names.enumerated().map { index, name in
            FeedPhoto(
                id: String(index), author: "A\(index)", size: nil,
                origin: .original(Self.photosDirectory.appendingPathComponent(name)))
        }
        let pipeline = ImagePipeline(configuration: .init(dataLoader: FileDataLoader(), memoryCache: ImageCache()))
        let viewer = FeedScreen(
            screen: MemoryScreen(size: TerminalSize(rows: 22, columns: 64)), feed: FakeFeed(count: 0),
            feedName: "photos", pipeline: LiveFeedPipeline(pipeline: pipeline),
            options: FeedViewerOptions(thumbnail: TerminalSize(rows: 6, columns: 16), prefetch: 0), clock: .frozen)
        var events = viewer.events.makeAsyncIterator()
        viewer.receivePage(.success(FeedPage(photos: photos, summary: "photos", hasMore: false)))
        let visible = viewer.list.visibleRows
        #expect(visible.lowerBound == 0 && visible.count >= 2)
        try await settle(visible, viewer, &events)
        #expect(viewer.rows[0].model.thumbnail != nil)

        // When the list jumps to the end, the first rows let their images go
        viewer.execute(.jumpToEnd)
        #expect(viewer.rows[0].bitmap == nil)
        #expect(viewer.rows[0].model.thumbnail == nil)

        // And when it jumps back
        viewer.execute(.jumpToTop)

        // Then, before any event is handled, row 0 shows its picture again, from memory
        #expect(viewer.rows[0].model.thumbnail != nil)
        #expect(!viewer.rows[0].model.showsPlaceholder)
        guard case .loaded(source: .memory, _, _) = viewer.rows[0].model.state else {
            Issue.record("row 0 is \(viewer.rows[0].model.state), not loaded from memory")
            return
        }
        #expect(pipeline.counters.memoryHits >= visible.count)
        await pipeline.shutdown()
    }
}
