import FeedSources
import Foundation
import Testing
import TerminalKit
import FeedViewer
import TerminalGraphics
import Vocabulary

/// Paging through the update function: a short first page asks for the next at once; a
/// failed later page shows in the footer, is not requested again by scrolling, and `r` (at
/// the end) or `R` retries it; a failed first page ends the viewer.
@Suite("Update: paging")
struct UpdatePagingTests {
    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private func page(_ number: Int, _ count: Int) -> FeedMessage {
        let base = URL(fileURLWithPath: "/").appendingPathComponent("feed")
        let photos = (0..<count).map { index in
            FeedPhoto(
                id: "\(number)-\(index)", author: "Author \(number)-\(index)", size: PixelSize(width: 400, height: 300),
                origin: .picsum(base: base, cacheNamespace: nil))
        }
        return .page(.success(FeedPage(photos: photos, summary: "scripted feed", hasMore: true)))
    }

    private func failure(_ reason: String) -> FeedMessage {
        .page(.failure(Failure(description: reason)))
    }

    /// A 24×64 screen and the first page of `count`, then a failed second page.
    private func harness(firstPage count: Int, failure reason: String) -> FeedHarness {
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: 24),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        #expect(harness.send(.start).pageRequests == 1)
        #expect(harness.send(page(1, count)).pageRequests == 1, "the first page is short: the second is asked for at once")
        harness.send(failure(reason))
        return harness
    }

    @Test func aFailedSecondPageWaitsForRAtTheEndThenLoads() {
        // Given a feed whose second page failed
        var harness = harness(firstPage: 4, failure: "HTTP 503")
        #expect(harness.model.keys.count == 4)

        // When the user scrolls to the end
        harness.press("G")

        // Then the footer shows the reason and how to retry, and the feed has not ended
        let text = harness.text()
        #expect(text.contains("could not load more: HTTP 503"))
        #expect(text.contains("r retries"))
        #expect(!text.contains("end of feed"))
        #expect(harness.model.pageState == .failed(reason: "HTTP 503"))
        #expect(harness.model.message == "feed: HTTP 503")

        // When the user keeps scrolling at the end, no page is asked for again
        var scrolling = harness.press("kjgG ")
        scrolling += harness.press(.end)
        #expect(scrolling.pageRequests == 0)
        #expect(harness.model.pageState == .failed(reason: "HTTP 503"))

        // When r is pressed on the last item
        #expect(harness.model.list.focus == 3)
        #expect(harness.press("r").pageRequests == 1)

        // Then the page is requested again, "loading more" shows, its items appear, and the feed ends after them
        #expect(harness.model.pageState == .loading)
        #expect(harness.text().contains("loading more"))
        harness.send(.page(.success(FeedPage(photos: [], summary: "scripted feed", hasMore: false))))
        #expect(harness.model.pageState == .ended)
        #expect(harness.text().contains("end of feed"))
    }

    @Test func theRetriedPageAppendsItsItems() {
        var harness = harness(firstPage: 4, failure: "HTTP 503")
        harness.press("G")
        harness.press("r")
        harness.send(page(2, 3))
        #expect(harness.model.keys.count == 7)
        #expect(harness.model.key(at: 4) == PhotoKey(id: "2-0"))
        // G goes to the real end: it waits for the page in flight, which ends the feed
        harness.press("G")
        harness.send(.page(.success(FeedPage(photos: [], summary: "scripted feed", hasMore: false))))
        #expect(harness.text().contains("#2-2"))
        #expect(!harness.text().contains("could not load more"))
    }

    @Test func rAwayFromTheEndRetriesOnlyTheItemAndRRetriesThePage() {
        // Given a failed second page, the focus on the first item (failed too) and the footer off screen
        var harness = harness(firstPage: 6, failure: "timed out")
        #expect(harness.model.list.focus == 0)
        #expect(harness.model.footerLine == nil)
        harness.deliver(.failure(.httpStatus(500)), to: "1-0")

        // When r is pressed, the focused failed item loads again, and the page still waits
        let r = harness.press("r")
        #expect(r.loadPriorities(of: "1-0") == [.high])
        #expect(r.pageRequests == 0)
        #expect(harness.model.pageState == .failed(reason: "timed out"))

        // When R is pressed, the failed page is requested again
        #expect(harness.press("R").pageRequests == 1)
        #expect(harness.model.pageState == .loading)
    }

    @Test func rAtTheEndWithAFailedPageDoesNotReloadALoadedLastItem() {
        // Given a failed second page and a loaded last item, focused
        var harness = harness(firstPage: 2, failure: "HTTP 500")
        harness.press("j")
        harness.deliver(FakeImages.success(), to: "1-1")

        // When r is pressed, only the page is retried: the loaded item keeps its picture
        let r = harness.press("r")
        #expect(r.pageRequests == 1)
        #expect(r.loads.isEmpty)
        #expect(harness.model.picture(of: PhotoKey(id: "1-1")) != nil)
    }

    @Test func aFailedFirstPageEndsTheViewerWithTheReason() {
        var harness = FeedHarness(options: FeedViewerOptions(), feedName: "scripted feed")
        harness.send(.start)
        #expect(harness.send(failure("HTTP 500")).exit == .failed("cannot read the feed scripted feed: HTTP 500"))
    }

    @Test func anEmptyFeedEndsTheViewerWithTheReason() {
        var harness = FeedHarness(options: FeedViewerOptions(), feedName: "empty")
        harness.send(.start)
        let effects = harness.send(.page(.success(FeedPage(photos: [], summary: "empty", hasMore: false))))
        guard case .failed(let reason)? = effects.exit else {
            Issue.record("an empty feed did not fail: \(effects)")
            return
        }
        #expect(reason.contains("no photos"))
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
