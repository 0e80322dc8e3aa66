import FeedSources
import Foundation
import Testing

@testable import TerminalUI

/// Paging through the loop: a failed later page shows in the footer row, is not requested
/// again by scrolling, and `r` (at the end) or `R` retries it. Pages are delivered by
/// reading the loop's own event stream, so the order is deterministic.
@Suite("Feed screen paging", .timeLimit(.minutes(1)))
struct FeedScreenPagingTests {
    private func viewer(_ feed: ScriptedFeed, on screen: MemoryScreen) -> FeedScreen {
        let options = FeedViewerOptions(thumbnail: TerminalSize(rows: 6, columns: 16), prefetch: 0)
        return FeedScreen(
            screen: screen, feed: feed, feedName: "scripted feed", pipeline: FakePipeline(), options: options,
            clock: .frozen)
    }

    /// Waits for the next page event on the loop's stream and hands it to the viewer.
    private func deliverPage(_ viewer: FeedScreen, _ events: inout AsyncStream<LoopEvent>.Iterator) async throws {
        while true {
            let event = try #require(await events.next(), "the loop's stream ended")
            if case .page(let result) = event {
                viewer.receivePage(result)
                return
            }
        }
    }

    /// Starts the viewer on a 24×64 screen and delivers the first two page answers (the first
    /// page is short, so the second is asked for at once).
    private func twoPagesIn(
        _ feed: ScriptedFeed, on screen: MemoryScreen
    ) async throws -> (FeedScreen, AsyncStream<LoopEvent>.Iterator) {
        let viewer = viewer(feed, on: screen)
        var events = viewer.events.makeAsyncIterator()
        viewer.requestNextPage()
        try await deliverPage(viewer, &events)
        #expect(viewer.pageState == .loading, "the first page is short: the second is asked for at once")
        try await deliverPage(viewer, &events)
        #expect(feed.requests == 2)
        return (viewer, events)
    }

    private func press(_ viewer: FeedScreen, _ keys: String) {
        for key in keys { viewer.handle(.key(.character(key))) }
    }

    @Test func aFailedSecondPageWaitsForRAtTheEndThenLoads() async throws {
        // Given a feed whose second page fails once
        let feed = ScriptedFeed([.photos(4), .failure("HTTP 503"), .photos(3)])
        let screen = MemoryScreen(size: TerminalSize(rows: 24, columns: 64))
        var (viewer, events) = try await twoPagesIn(feed, on: screen)
        #expect(viewer.rows.count == 4)

        // When the user scrolls to the end
        press(viewer, "G")
        viewer.render()

        // Then the footer row shows the reason and how to retry, and the feed has not ended
        let text = screen.plainText()
        #expect(text.contains("could not load more: HTTP 503"))
        #expect(text.contains("r retries"))
        #expect(!text.contains("end of feed"))
        #expect(viewer.pageState == .failed(reason: "HTTP 503"))
        #expect(viewer.message == "feed: HTTP 503")

        // When the user keeps scrolling at the end
        let tasks = viewer.background.count
        press(viewer, "kjgG ")
        viewer.handle(.key(.end))

        // Then no page is asked for again
        #expect(viewer.pageState == .failed(reason: "HTTP 503"))
        #expect(viewer.background.count == tasks)

        // When r is pressed on the last row
        #expect(viewer.list.focus == 3)
        press(viewer, "r")

        // Then the page is requested again, its rows appear, and the feed ends after them
        #expect(viewer.pageState == .loading)
        viewer.render()
        #expect(screen.plainText().contains("loading more"))
        try await deliverPage(viewer, &events)
        #expect(feed.requests == 3)
        #expect(viewer.rows.count == 7)
        #expect(viewer.rows[4].entry.id == "2-0")
        #expect(viewer.pageState == .ended)
        press(viewer, "G")
        viewer.render()
        let after = screen.plainText()
        #expect(after.contains("#2-2"))
        #expect(after.contains("end of feed"))
        #expect(!after.contains("could not load more"))
    }

    @Test func rAwayFromTheEndRetriesOnlyTheRowAndRRetriesThePage() async throws {
        // Given a failed second page, the focus on the first row (failed too) and the footer off screen
        let feed = ScriptedFeed([.photos(6), .failure("timed out"), .photos(2)])
        var (viewer, events) = try await twoPagesIn(feed, on: MemoryScreen(size: TerminalSize(rows: 24, columns: 64)))
        #expect(viewer.pageState == .failed(reason: "timed out"))
        #expect(viewer.list.focus == 0)
        #expect(viewer.footerLine == nil)
        viewer.receive(.failure(.httpStatus(500)), row: 0, generation: 1)
        let rowLoader = try #require(viewer.rows[0].loader as? FakeRowLoader)
        let loads = rowLoader.calls.filter { if case .load = $0 { true } else { false } }.count

        // When r is pressed
        press(viewer, "r")

        // Then the focused failed row loads again, and the page still waits
        #expect(rowLoader.calls.filter { if case .load = $0 { true } else { false } }.count == loads + 1)
        #expect(viewer.pageState == .failed(reason: "timed out"))

        // When R is pressed
        press(viewer, "R")

        // Then the failed page is requested again and its rows are appended
        #expect(viewer.pageState == .loading)
        try await deliverPage(viewer, &events)
        #expect(feed.requests == 3)
        #expect(viewer.rows.count == 8)
    }

    @Test func rAtTheEndWithAFailedPageDoesNotReloadALoadedLastRow() async throws {
        // Given a failed second page and a loaded last row, focused
        let feed = ScriptedFeed([.photos(2), .failure("HTTP 500")])
        let (viewer, _) = try await twoPagesIn(feed, on: MemoryScreen(size: TerminalSize(rows: 24, columns: 64)))
        press(viewer, "j")
        viewer.receive(FakeImages.success(), row: 1, generation: 1)
        let rowLoader = try #require(viewer.rows[1].loader as? FakeRowLoader)
        let calls = rowLoader.calls.count

        // When r is pressed
        press(viewer, "r")

        // Then only the page is retried: the loaded row keeps its thumbnail
        #expect(viewer.pageState == .loading)
        #expect(rowLoader.calls.count == calls)
        #expect(viewer.rows[1].model.thumbnail != nil)
    }

    @Test func aFailedFirstPageStillEndsTheViewerWithTheReason() async {
        // Given a feed whose first page fails
        let viewer = viewer(
            ScriptedFeed([.failure("HTTP 500")]), on: MemoryScreen(size: TerminalSize(rows: 24, columns: 64)))

        // When the loop runs
        let exit = await viewer.run()

        // Then it ends with a clear reason
        #expect(exit == .failed("cannot read the feed scripted feed: HTTP 500"))
    }

    @Test func pageLoadStateOnlyRetriesAFailureAndNeverRequestsTwice() {
        var state = PageLoadState.idle
        var started = state.start(.retry)
        #expect(!started, "nothing to retry")
        started = state.start(.automatic)
        #expect(started)
        started = state.start(.automatic)
        #expect(!started, "one page in flight at a time")
        state.fail("HTTP 503")
        started = state.start(.automatic)
        #expect(!started, "scrolling does not ask again after a failure")
        #expect(state.footer(animationFrame: 0, rowCount: 4) == .pageFailed("HTTP 503"))
        started = state.start(.retry)
        #expect(started)
        #expect(state.footer(animationFrame: 2, rowCount: 4) == .loadingMore(frame: 2))
        state.receive(hasMore: true)
        #expect(state == .idle)
        #expect(state.footer(animationFrame: 0, rowCount: 4) == nil)
        state.receive(hasMore: false)
        started = state.start(.automatic) || state.start(.retry)
        #expect(!started, "an ended feed asks for nothing")
        #expect(state.footer(animationFrame: 0, rowCount: 4) == .endOfFeed(count: 4))
    }
}
