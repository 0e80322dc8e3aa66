import FeedSources
import ImageLoading
import Foundation
import Vocabulary
import TerminalKit
import Testing

@testable import FeedViewer

/// The model's parts on their own: each owns its state and changes it by its own functions,
/// and what the screen can derive is computed from them.
@Suite("Feed model parts")
struct FeedSubModelTests {
    private static func photo(_ id: String) -> FeedPhoto {
        FeedPhoto(id: id, author: "a", size: PixelSize(width: 40, height: 30), origin: .original(URL(string: "https://example.com/\(id).gif")))
    }

    @Test func theItemsKeepTheIndexOfTheirAnimatedPhotosThemselves() {
        // Given two photos, one of them given an animation's playback
        var items = FeedItems()
        let (a, b) = (PhotoKey(id: "a"), PhotoKey(id: "b"))
        items.append(Self.photo("a"), as: a)
        items.append(Self.photo("b"), as: b)
        var item = items[a]!
        item.state = .loading(completed: 0, expected: nil, resumedFrom: nil)
        item.playback = AnimationPlayback(token: LoadToken(1), frameSize: PixelSize(width: 4, height: 4), frameCount: 2, mode: .on)
        items[a] = item

        // Then only that photo is animated
        #expect(items.animatedKeys == [a])

        // When its playback goes, and when the photo itself goes, so does its place in the index
        item.playback = nil
        items[a] = item
        #expect(items.animatedKeys.isEmpty)
        item.playback = AnimationPlayback(token: LoadToken(2), frameSize: PixelSize(width: 4, height: 4), frameCount: 2, mode: .on)
        items[a] = item
        items.remove([a])
        #expect(items.animatedKeys.isEmpty)
    }

    @Test func thePanelsOpenOneAtATimeAndTheEventLogsKeyIsItsOwn() {
        // Given no panel open
        var panels = PanelsModel()

        // Then `t` is not the panels' key
        #expect(panels.handle(.key(.character("t"))) == nil)

        // When the event log opens, `t` switches its timeline
        panels.toggle(.eventLog)
        #expect(panels.handle(.key(.character("t")))?.isEmpty == true)
        #expect(panels.showsMovingTimeline)

        // When another panel opens, the event log closes; toggling it again closes it
        panels.toggle(.network)
        #expect(panels.open == .network)
        panels.toggle(.network)
        #expect(panels.open == nil)
    }

    @Test func aMessageShowsForItsTimeUnlessSomethingWaitsForAnAnswer() {
        // Given a message shown at 1 s
        var status = StatusModel()
        status.show("hello", at: .seconds(1))

        // Then it shows for its duration, and is the screen reader's news
        #expect(status.shownMessage(at: .seconds(2), holds: false, duration: .seconds(4)) == "hello")
        #expect(status.shownMessage(at: .seconds(6), holds: false, duration: .seconds(4)) == nil)
        #expect(status.shownMessage(at: .seconds(6), holds: true, duration: .seconds(4)) == "hello")
        #expect(status.announcement == "hello")
    }

    @Test func theStatusBarsNumbersAreComputedFromTheModel() {
        // Given a model with three photos
        var harness = FeedHarness(options: FeedViewerOptions())
        harness.showPage(TestPhotos.files(3))
        #expect(harness.model.metrics.rowCount == 3)
        #expect(harness.model.metrics.focusedRow == 0)

        // When the focus moves and low-data mode goes on
        harness.press("j")
        harness.press("d")

        // Then the numbers follow, with no copy to keep in step
        #expect(harness.model.metrics.focusedRow == 1)
        #expect(harness.model.metrics.feedSource.hasSuffix(" · low-data"))
    }

    @Test func theActionsAnswerAQuestionOnceAndSaveAPhotoOnceAtATime() {
        // Given a question waiting for its answer
        var actions = ActionsModel()
        let sizes = CacheSizes(memoryImages: 1, memoryBytes: 10, diskBytes: nil)
        actions.ask(.clearAllCaches(sizes))

        // When a key answers it, then another key comes
        let first = actions.takeConfirmation()
        let second = actions.takeConfirmation()

        // Then the first key took the question and the second found none
        #expect(first == .clearAllCaches(sizes))
        #expect(second == nil)

        // When a photo's save starts, and `s` comes again while it runs
        let key = PhotoKey(id: "a")
        let starts = actions.startSaving(key)
        let startsAgain = actions.startSaving(key)
        #expect(starts)
        #expect(!startsAgain)

        // Then its progress is kept until it ends; a late progress report after the end is dropped
        actions.receiveSaveProgress(LoadProgress(completed: 5, total: 10), for: key)
        #expect(actions.saving[key] == LoadProgress(completed: 5, total: 10))
        actions.finishSaving(key)
        actions.receiveSaveProgress(LoadProgress(completed: 6, total: 10), for: key)
        #expect(actions.saving[key] == nil)
    }

    @Test func theMarksFollowThePhotosThatStay() {
        // Given two photos marked among three
        var actions = ActionsModel()
        let (a, b, c) = (PhotoKey(id: "a"), PhotoKey(id: "b"), PhotoKey(id: "c"))
        actions.toggleMark(a)
        actions.toggleMark(b)

        // When the marks are inverted, and then a marked photo leaves the feed
        actions.invertMarks(among: [a, b, c])
        #expect(actions.marks == [c])
        actions.forget([c])

        // Then no mark is left for a photo no longer there
        #expect(actions.marks.isEmpty)
    }

    @Test func theLoadingPartKeepsThePagesAndTheHeldKeys() {
        // Given a feed listing a big folder: 40 names read, rows provisional
        var loading = LoadingModel()
        let starts = loading.startPage(.automatic)
        #expect(starts)
        loading.listingProgressed(filesSoFar: 40)
        loading.markRowsProvisional()
        #expect(loading.listedSoFar == 40)

        // When the first page arrives
        let replaces = loading.pageArrived(1, hasMore: true)

        // Then it replaces the provisional rows, once, and the listing is over
        #expect(replaces)
        #expect(!loading.rowsAreProvisional)
        #expect(loading.listedSoFar == nil)
        #expect(loading.pagesLoaded == 1)
        let replacesAgain = loading.pageArrived(2, hasMore: false)
        #expect(!replacesAgain)
        #expect(loading.pageState == .ended)

        // And keys typed before the rows are held up to the limit, then given back once, in order
        for character in "abc" { loading.hold(.key(.character(character)), limit: 2) }
        let held = loading.takeHeldInput()
        let heldAgain = loading.takeHeldInput()
        #expect(held == [.key(.character("a")), .key(.character("b"))])
        #expect(heldAgain.isEmpty)

        // And repeated ids get their occurrences in turn
        let first = loading.nextKey(for: "7")
        let second = loading.nextKey(for: "7")
        #expect(first == PhotoKey(id: "7", occurrence: 0))
        #expect(second == PhotoKey(id: "7", occurrence: 1))
    }

    @Test func theListKeepsItsOrderAndItsPrompt() {
        // Given a list of three photos in the feed's order
        var listing = ListModel(list: LazyList(lineHeight: 1, columns: 1, viewportHeight: 10, prefetchDistance: 0))
        listing.show([PhotoKey(id: "a"), PhotoKey(id: "b"), PhotoKey(id: "c")])

        // When `/` opens the filter's prompt, and a sort is chosen
        listing.startFilter()
        listing.sort(by: .name)

        // Then the prompt holds the filter in force and the order names the sort
        #expect(listing.prompt == .filter(text: "", previous: PhotoFilter("")))
        #expect(listing.order.sort == .name)
        listing.open(nil)
        #expect(listing.prompt == nil)
        #expect(listing.keys.count == 3)
    }
}
