import FeedSources
import Testing
import FeedViewer
import TerminalScreen
import Vocabulary

/// The runtime's side of the detail view's neighbours: a load ahead that the view steps to is
/// the same loader, raised and kept going; the photo left keeps its loader, lowered; a new load
/// ahead starts once the frame is written, never beside it.
@Suite("Runtime: loads ahead of the detail view are adopted, never loaded twice")
struct FeedRuntimeNeighbourTests {
    @Test func aStepTakesTheLoaderAheadAndThePhotoLeftKeepsItsOwn() async throws {
        // Given a runtime whose loads never finish, three photos, the first's detail view open
        let pipeline = FakePipeline()
        let runtime = FeedRuntime(
            screen: MemoryScreen(size: CellSize(columns: 64, rows: 22)), feed: FakeFeed(count: 0), feedName: "fake",
            pipeline: pipeline, options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0), clock: .frozen)
        runtime.send(.page(.success(FeedPage(photos: TestPhotos.picsum(3), summary: "fake", hasMore: false))))
        runtime.send(.input(.key(.enter)))
        // (the loads ahead start once the frame the key asked for is written, not before)
        let first = try #require(runtime.loader(for: .detail) as? FakeRowLoader)
        #expect(runtime.aheadLoader(for: PhotoKey(id: "1")) == nil)
        runtime.render()
        let ahead = try #require(runtime.aheadLoader(for: PhotoKey(id: "1")) as? FakeRowLoader)
        #expect(ahead.priority == .low)
        let created = pipeline.created.count

        // When j steps to the second photo
        runtime.send(.input(.key(.character("j"))))

        // Then its loader ahead is the detail view's, raised, loading once and never cancelled
        #expect(runtime.loader(for: .detail) as? FakeRowLoader === ahead)
        #expect(ahead.priority == .veryHigh)
        #expect(ahead.calls.filter { if case .load = $0 { true } else { false } }.count == 1)
        #expect(!ahead.calls.contains(.cancel))
        // And the first photo's loader goes on, lowered, as the load ahead of it
        #expect(runtime.aheadLoader(for: PhotoKey(id: "0")) as? FakeRowLoader === first)
        #expect(first.priority == .low)
        #expect(!first.calls.contains(.cancel))
        // And only the third photo gets a new loader (ahead of the view), once the frame is written
        #expect(pipeline.created.count == created)
        runtime.render()
        #expect(pipeline.created.count == created + 1)
        #expect(runtime.aheadLoader(for: PhotoKey(id: "2")) as? FakeRowLoader === pipeline.created.last)

        // When the detail view closes, every loader ahead is cancelled
        runtime.send(.input(.key(.escape)))
        #expect(runtime.aheadLoader(for: PhotoKey(id: "0")) == nil)
        #expect(first.calls.last == .cancel)
        await runtime.stop()
    }
}
