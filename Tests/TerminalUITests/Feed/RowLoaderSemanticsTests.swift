import FeedSources
import Foundation
import ImageLoading
import Testing

@testable import TerminalUI

/// What the feed loop asks of each row's loader as the list moves (fake pipeline seam).
@Suite("Row loader semantics")
struct RowLoaderSemanticsTests {
    /// 100×40 screen, 16×6 boxes: rows are 7 lines, so rows 0…5 are visible and 6…7 prefetched.
    private func viewer(policy: DisappearPolicy = .cancel, pipeline: FakePipeline = FakePipeline()) -> FeedScreen {
        let screen = MemoryScreen(size: TerminalSize(rows: 40, columns: 100))
        let options = FeedViewerOptions(thumbnail: TerminalSize(rows: 6, columns: 16), onDisappear: policy, prefetch: 2)
        let viewer = FeedScreen(
            screen: screen, feed: FakeFeed(count: 30), feedName: "fake", pipeline: pipeline, options: options,
            clock: .frozen)
        return viewer
    }

    private func showFirstPage(_ viewer: FeedScreen, count: Int = 30) {
        let photos = (0..<count).map { index in
            FeedPhoto(
                id: String(index), author: "A\(index)", size: .init(width: 400, height: 300),
                origin: .original(URL(fileURLWithPath: "/photos/\(index).jpg")))
        }
        viewer.receivePage(.success(FeedPage(photos: photos, summary: "fake", hasMore: false)))
    }

    private func calls(_ viewer: FeedScreen, row: Int) -> [FakeRowLoader.Call] {
        (viewer.rows[row].loader as? FakeRowLoader)?.calls ?? []
    }

    private func loads(_ viewer: FeedScreen, row: Int) -> [ImageRequest.Priority] {
        calls(viewer, row: row).compactMap { call in
            if case .load(_, let priority) = call { return priority }
            return nil
        }
    }

    @Test func appearingRowsStartAtHighPriorityAndPrefetchedRowsAtLow() {
        // Given a viewer
        let viewer = viewer()

        // When the first page arrives
        showFirstPage(viewer)

        // Then the six visible rows load at high priority, the two ahead at low, the rest not at all
        for row in 0..<6 { #expect(loads(viewer, row: row) == [.high], "row \(row)") }
        for row in 6..<8 { #expect(loads(viewer, row: row) == [.low], "row \(row)") }
        #expect(viewer.rows[8].loader == nil)
    }

    @Test func disappearingRowsCancelAndReappearingRowsStartAgain() {
        // Given the first rows loading
        let viewer = viewer()
        showFirstPage(viewer)

        // When the list jumps to the end
        viewer.execute(.jumpToEnd)

        // Then the rows that left the screen are cancelled
        for row in 0..<6 { #expect(calls(viewer, row: row).contains(.cancel), "row \(row)") }

        // When it jumps back to the top
        viewer.execute(.jumpToTop)

        // Then row 0 loads again at high priority on the same loader (the pipeline resumes its bytes)
        #expect(loads(viewer, row: 0) == [.high, .high])
    }

    @Test func lowerPriorityPolicyKeepsLoadingInTheBackground() {
        // Given the lower-priority policy
        let viewer = viewer(policy: .lowerPriority)
        showFirstPage(viewer)

        // When the first rows leave the screen
        viewer.execute(.jumpToEnd)

        // Then they are not cancelled but drop to the lowest priority
        #expect(!calls(viewer, row: 0).contains(.cancel))
        #expect(calls(viewer, row: 0).last == .priority(.veryLow))
    }

    @Test func prefetchedRowThatAppearsIsRaisedNotRestarted() {
        // Given row 6 prefetching at low priority
        let viewer = viewer()
        showFirstPage(viewer)

        // When the list scrolls one row down
        viewer.execute(.scroll(by: 1))

        // Then row 6 is raised to high priority without a second load
        #expect(loads(viewer, row: 6) == [.low])
        #expect(calls(viewer, row: 6).last == .priority(.high))
    }

    @Test func aKeptLoadThatFinishesOffScreenDoesNotHoldItsImage() {
        // Given the keep policy and row 0 still loading when the list jumps to the end
        let viewer = viewer(policy: .keep)
        showFirstPage(viewer)
        viewer.execute(.jumpToEnd)
        #expect(calls(viewer, row: 0).last != .cancel)

        // When its load finishes off screen
        viewer.receive(FakeImages.success(), row: 0, generation: viewer.rows[0].generation)

        // Then the row holds no image (the memory cache does) and shows nothing stale
        #expect(viewer.rows[0].bitmap == nil)
        #expect(viewer.rows[0].model.thumbnail == nil)
        #expect(viewer.rows[0].model.state == .idle)
        #expect(!viewer.planner.loaded.contains(0))

        // And coming back loads it again
        viewer.execute(.jumpToTop)
        #expect(loads(viewer, row: 0) == [.high, .high])
    }

    @Test func loadedRowsLoadAgainOnReturnFailedOnesWaitForRetry() {
        // Given row 0 loaded and row 1 failed
        let viewer = viewer()
        showFirstPage(viewer)
        viewer.receive(FakeImages.success(), row: 0, generation: viewer.rows[0].generation)
        viewer.receive(.failure(.httpStatus(500)), row: 1, generation: viewer.rows[1].generation)
        #expect(viewer.rows[1].model.state == .failed(reason: "HTTP 500"))

        // When the rows scroll away
        viewer.execute(.jumpToEnd)

        // Then the loaded row let its image go, and the failed row kept its failure
        #expect(viewer.rows[0].bitmap == nil)
        #expect(viewer.rows[0].model.thumbnail == nil)
        #expect(viewer.rows[1].model.state == .failed(reason: "HTTP 500"))

        // When they come back
        viewer.execute(.jumpToTop)

        // Then the loaded row loads again (from the memory cache, live), the failed one does not
        #expect(loads(viewer, row: 0) == [.high, .high])
        #expect(loads(viewer, row: 1) == [.high])

        // When the user retries every failed row
        viewer.execute(.retryAllFailed)

        // Then only the failed row loads again
        #expect(loads(viewer, row: 0) == [.high, .high])
        #expect(loads(viewer, row: 1) == [.high, .high])
    }

    @Test func staleLoaderPhasesAreIgnored() {
        // Given row 0 loading
        let viewer = viewer()
        showFirstPage(viewer)

        // When a phase arrives for an older generation
        viewer.receive(.failure(.httpStatus(404)), row: 0, generation: viewer.rows[0].generation - 1)

        // Then the row is unchanged
        #expect(viewer.rows[0].model.state != .failed(reason: "HTTP 404"))
    }

    @Test func thumbnailRequestMatchesTheBlockArtLayout() throws {
        // Given a 400×300 photo in a 16×6 box with sextants (2×3 sub-pixels per cell)
        let viewer = viewer()
        showFirstPage(viewer)

        // Then the row asked for the layout's pixel size, not the original
        let pixels = try #require(viewer.rows[0].requestedPixels)
        #expect(pixels.width <= 32 && pixels.height <= 18)
        #expect(pixels.width == 32 || pixels.height == 18)
    }
}
