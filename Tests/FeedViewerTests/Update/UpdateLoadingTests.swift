import FeedSources
import Foundation
import ImageLoading
import Testing
import TerminalKit
import FeedViewer
import TerminalGraphics
import Vocabulary

/// What the update function asks of the loaders as the list moves: message in, effects out.
/// 100×40 screen, 16×6 boxes: items are 7 lines, so items 0…5 are visible and 6…7 prefetched.
@Suite("Update: loading on appear and disappear")
struct UpdateLoadingTests {
    private func harness(policy: DisappearPolicy = .cancel, count: Int = 30) -> FeedHarness {
        var harness = FeedHarness(
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), onDisappear: policy, prefetch: 2))
        harness.showPage(TestPhotos.files(count))
        return harness
    }

    @Test func appearingItemsStartAtHighPriorityAndPrefetchedOnesAtLow() {
        // Given a model, when the first page arrives
        let harness = harness()

        // Then the six visible items load at high priority, the two ahead at low, the rest not at all
        for id in 0..<6 { #expect(harness.effects.loadPriorities(of: "\(id)") == [.high], "item \(id)") }
        for id in 6..<8 { #expect(harness.effects.loadPriorities(of: "\(id)") == [.low], "item \(id)") }
        #expect(harness.effects.loadPriorities(of: "8").isEmpty)
        // And the visible ones are asked for first
        #expect(Array(harness.effects.startedIDs.prefix(6)) == ["0", "1", "2", "3", "4", "5"])
    }

    @Test func disappearingItemsCancelAndReappearingItemsStartAgain() {
        // Given the first items loading
        var harness = harness()

        // When the list jumps to the end
        let away = harness.press("G")

        // Then the items that left the screen are cancelled and show nothing loading
        for id in 0..<6 {
            #expect(away.cancels("\(id)"), "item \(id)")
            #expect(harness.model.state(of: PhotoKey(id: "\(id)")) == .idle)
        }

        // When it jumps back to the top
        let back = harness.press("g")

        // Then item 0 loads again at high priority (the pipeline resumes its bytes)
        #expect(back.loadPriorities(of: "0") == [.high])
    }

    @Test func lowerPriorityPolicyKeepsLoadingInTheBackground() {
        // Given the lower-priority policy
        var harness = harness(policy: .lowerPriority)

        // When the first items leave the screen
        let away = harness.press("G")

        // Then they are not cancelled but drop to the lowest priority
        #expect(!away.cancels("0"))
        #expect(away.priorityChanges(of: "0") == [.veryLow])

        // And coming back raises them again instead of starting over
        let back = harness.press("g")
        #expect(back.priorityChanges(of: "0") == [.high])
        #expect(back.loadPriorities(of: "0").isEmpty)
    }

    @Test func keepPolicyLeavesLoadsAlone() {
        var harness = harness(policy: .keep)
        let away = harness.press("G")
        #expect(!away.cancels("0"))
        #expect(away.priorityChanges(of: "0").isEmpty)
    }

    @Test func prefetchFollowsTheScrollDirection() {
        // Given the list scrolled down to item 10
        var harness = harness()
        for _ in 0..<10 { harness.send(.input(.mouseWheel(.down))) }
        #expect(harness.model.list.visibleItems == 10..<16)

        // When the user scrolls up by one
        let up = harness.send(.input(.mouseWheel(.up)))

        // Then the prefetch window flips above the viewport: items 7 and 8 start at low priority
        #expect(harness.model.list.prefetchItems == 7..<9)
        #expect(up.loadPriorities(of: "7") == [.low])
        #expect(up.loadPriorities(of: "8") == [.low])
        #expect(up.loadPriorities(of: "9") == [.high])
    }

    @Test func aPrefetchedItemThatAppearsIsRaisedNotRestarted() {
        // Given item 6 prefetching at low priority
        var harness = harness()

        // When the list scrolls one line down
        let scrolled = harness.send(.input(.mouseWheel(.down)))

        // Then item 6 is raised to high priority without a second load
        #expect(scrolled.loadPriorities(of: "6").isEmpty)
        #expect(scrolled.priorityChanges(of: "6") == [.high])
    }

    @Test func aKeptLoadThatFinishesOffScreenDoesNotHoldItsImage() {
        // Given the keep policy and item 0 still loading when the list jumps to the end
        var harness = harness(policy: .keep)
        harness.press("G")

        // When its load finishes off screen
        let finished = harness.deliver(FakeImages.success(), to: "0")

        // Then the item holds no image (the memory cache does) and its loader is let go
        let key = PhotoKey(id: "0")
        #expect(finished.releases("0"))
        #expect(harness.model.bitmap(of: key) == nil)
        #expect(harness.model.picture(of: key) == nil)
        #expect(harness.model.state(of: key) == .idle)

        // And coming back loads it again
        #expect(harness.press("g").loadPriorities(of: "0") == [.high])
    }

    @Test func loadedItemsLoadAgainOnReturnFailedOnesWaitForRetry() {
        // Given item 0 loaded and item 1 failed
        var harness = harness()
        harness.deliver(FakeImages.success(), to: "0")
        harness.deliver(.failure(.httpStatus(500)), to: "1")
        #expect(harness.model.state(of: PhotoKey(id: "1")) == .failed(reason: "HTTP 500"))
        #expect(harness.model.picture(of: PhotoKey(id: "0")) != nil)

        // When they scroll away
        let away = harness.press("G")

        // Then the loaded item let its image go, and the failed one kept its failure
        #expect(away.releases("0"))
        #expect(harness.model.picture(of: PhotoKey(id: "0")) == nil)
        #expect(harness.model.state(of: PhotoKey(id: "1")) == .failed(reason: "HTTP 500"))

        // When they come back
        let back = harness.press("g")

        // Then the loaded item loads again (from the memory cache, live), the failed one does not
        #expect(back.loadPriorities(of: "0") == [.high])
        #expect(back.loadPriorities(of: "1").isEmpty)

        // When the user retries every failed item
        let retried = harness.press("R")

        // Then only the failed item loads again
        #expect(retried.loadPriorities(of: "0").isEmpty)
        #expect(retried.loadPriorities(of: "1") == [.high])
    }

    @Test func phasesOfAReplacedLoadAreIgnored() throws {
        // Given item 0 loading, then cancelled and started again
        var harness = harness()
        let key = PhotoKey(id: "0")
        let first = try #require(harness.model.loadToken(of: key))
        harness.press("G")
        harness.press("g")
        let second = try #require(harness.model.loadToken(of: key))
        #expect(first != second)

        // When a phase of the first load arrives late
        harness.send(.phase(.item(key), first, .failure(.httpStatus(404))))

        // Then the item is unchanged; the current load's phase is taken
        #expect(harness.model.state(of: key) != .failed(reason: "HTTP 404"))
        harness.send(.phase(.item(key), second, .loading(LoadProgress(completed: 10, total: 100, resumedFrom: 10))))
        #expect(harness.model.state(of: key) == .loading(completed: 10, expected: 100, resumedFrom: 10))
    }

    @Test func aMemoryHitSettlesTheItemWithNoPlaceholder() {
        // Given an item whose load answers from memory at once
        var harness = harness()
        harness.deliver(FakeImages.success(source: .memory), to: "0")

        // Then it shows its picture, says memory, and does not animate
        let key = PhotoKey(id: "0")
        #expect(harness.model.picture(of: key) != nil)
        guard case .loaded(source: .memory, _, _)? = harness.model.state(of: key) else {
            Issue.record("item 0 is \(String(describing: harness.model.state(of: key)))")
            return
        }
    }

    @Test func thumbnailRequestMatchesTheBlockArtLayout() throws {
        // Given a 400×300 photo in a 16×6 box with sextants (2×3 sub-pixels per cell)
        let harness = harness()

        // Then the item asked for the layout's size, not the original: square pixels with the
        // photo's aspect (a server cropping to the size asked keeps the whole photo), at least
        // the grid's 32×18 sub-pixels
        let pixels = try #require(harness.model.requestedPixels(of: PhotoKey(id: "0")))
        #expect(pixels == PixelSize(width: 32, height: 24))
    }

    @Test func repeatedIDsAreDifferentPhotos() {
        // Given a feed naming the same id twice
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        let photo = TestPhotos.files(1)[0]
        harness.showPage([photo, photo])

        // Then each has its own key and its own load
        #expect(harness.model.keys == [PhotoKey(id: "0"), PhotoKey(id: "0", occurrence: 1)])
        #expect(harness.effects.loads.count == 2)
        #expect(PhotoKey(id: "0", occurrence: 1).description == "0#2")
    }

    @Test func ctrlLRepaintsAndQuitAndSignalsEndTheViewer() {
        var harness = harness()
        #expect(harness.press(.control("l")).contains { if case .repaint = $0 { true } else { false } })
        #expect(harness.send(.input(.interrupt(.terminate))).exit == .signal(.terminate))
        #expect(harness.press("q").exit == .quit)
    }
}
