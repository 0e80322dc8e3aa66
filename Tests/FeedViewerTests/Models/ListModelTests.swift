import FeedSources
import Foundation
import TerminalKit
import Testing
import Vocabulary

@testable import FeedViewer

/// The list on its own: its order, the prompt, `G` and the list's moves, driven through
/// ``ListModel/update(_:)`` with no feed model around it.
@Suite("List model")
struct ListModelTests {
    /// Photos named `names`, in this feed order.
    private static func items(_ names: [String]) -> FeedItems {
        var items = FeedItems()
        for name in names {
            let url = URL(fileURLWithPath: "/photos/\(name)")
            items.append(FeedPhoto(id: name, author: name, size: nil, origin: .original(url)), as: PhotoKey(id: name))
        }
        return items
    }

    /// A list of one column showing `rows` rows, with `names` arranged in it.
    private static func listing(_ names: [String], rows: Int = 3) -> ListModel {
        var listing = ListModel(list: LazyList(lineHeight: 1, columns: 1, viewportHeight: rows, prefetchDistance: 0))
        _ = listing.update(.arrange(items(names), focus: nil))
        return listing
    }

    /// The transitions the reply asks to plan, each as "key: from→to".
    private static func planned(_ reply: ModelReply<ListModel.Request>) -> [String] {
        reply.requests.flatMap { request -> [String] in
            guard case .plan(let transitions) = request else { return [] }
            return transitions.map { "\($0.item.id): \($0.from)→\($0.to)" }
        }
    }

    private static func asksForAPage(_ reply: ModelReply<ListModel.Request>) -> Bool {
        reply.requests.contains { if case .requestPageIfNeeded = $0 { true } else { false } }
    }

    @Test func arrangingShowsThePhotosAndAsksForTheLoadsOfThoseThatCameOnScreen() {
        // Given an empty list of three rows
        var listing = ListModel(list: LazyList(lineHeight: 1, columns: 1, viewportHeight: 3, prefetchDistance: 0))

        // When four photos arrive
        let reply = listing.update(.arrange(Self.items(["a", "b", "c", "d"]), focus: nil))

        // Then all four are listed, and the first three (on screen) are asked to load, in order
        #expect(listing.keys.map(\.id) == ["a", "b", "c", "d"])
        #expect(Self.planned(reply) == ["a: offscreen→visible", "b: offscreen→visible", "c: offscreen→visible"])
        #expect(reply.sayings.isEmpty)
    }

    @Test func aSortOrdersThePhotosSaysSoAndReadsEveryPage() {
        // Given photos in the feed's order z, a, m with pages still to come
        let items = Self.items(["z", "a", "m"])
        var listing = Self.listing(["z", "a", "m"])

        // When `O n` sorts them by name
        let reply = listing.update(.sort(.name, items: items, pageState: .idle))

        // Then they are in name order, the note says so, and every page is asked for
        #expect(listing.keys.map(\.id) == ["a", "m", "z"])
        #expect(listing.order.sort == .name)
        #expect(listing.readsAllPages)
        #expect(reply.notes == ["sorted by name"])
        #expect(Self.asksForAPage(reply))

        // When the last page has come
        let ended = listing.update(.pageArrived(pageState: .ended, listedSoFar: nil))

        // Then the list no longer reads every page and says it has them all
        #expect(!listing.readsAllPages)
        #expect(ended.notes == ["by name: all 3 photos"])
    }

    @Test func aSortWithoutFileFactsSaysItIsByName() {
        // Given web photos (no file facts)
        let items = Self.items(["b", "a"])
        var listing = Self.listing(["b", "a"])

        // When they are sorted by size, the feed having ended
        let reply = listing.update(.sort(.size, items: items, pageState: .ended))

        // Then the note warns, and no page is asked for
        #expect(reply.notes == ["sorted by size (these photos have no file facts: by name)"])
        #expect(!Self.asksForAPage(reply))
        #expect(!listing.readsAllPages)
    }

    @Test func theFilterPromptNarrowsAsItIsTypedAndEnterKeepsIt() {
        // Given photos and the filter's prompt open
        let items = Self.items(["apple", "banana", "apricot"])
        var listing = Self.listing(["apple", "banana", "apricot"])
        _ = listing.update(.startFilter)

        // When "ap" is typed
        _ = listing.update(.answer(.character("a"), items: items, pageState: .ended))
        _ = listing.update(.answer(.character("p"), items: items, pageState: .ended))

        // Then the list shows the matches and the prompt holds the text
        #expect(listing.keys.map(\.id) == ["apple", "apricot"])
        #expect(listing.prompt == .filter(text: "ap", previous: PhotoFilter("")))

        // When Enter keeps it
        let reply = listing.update(.answer(.enter, items: items, pageState: .ended))

        // Then the prompt closes and the note counts the matches
        #expect(listing.prompt == nil)
        #expect(reply.notes == ["2 matches /ap (n N next, \(ListModel.filterNoteEnding)"])
    }

    @Test func escInTheFilterPromptPutsBackTheFilterBefore() {
        // Given photos filtered by "ban", and the prompt open again with "x" typed
        let items = Self.items(["apple", "banana"])
        var listing = Self.listing(["apple", "banana"])
        _ = listing.update(.filter("ban", items: items))
        _ = listing.update(.startFilter)
        _ = listing.update(.answer(.control("u"), items: items, pageState: .ended))
        _ = listing.update(.answer(.character("x"), items: items, pageState: .ended))
        #expect(listing.keys.isEmpty)

        // When Esc closes it
        let reply = listing.update(.answer(.escape, items: items, pageState: .ended))

        // Then the filter before is back, silently
        #expect(listing.prompt == nil)
        #expect(listing.order.filter.text == "ban")
        #expect(listing.keys.map(\.id) == ["banana"])
        #expect(reply.sayings.isEmpty)
    }

    @Test func theSortPromptTakesOneKey() {
        // Given the sort's prompt
        let items = Self.items(["b", "a"])
        var listing = Self.listing(["b", "a"])
        let question = listing.update(.chooseSort)
        #expect(question.sayings == [.message(FeedPrompt.sortQuestion)])
        #expect(listing.prompt == .sort)

        // When a key that names no sort is typed
        let kept = listing.update(.answer(.character("?"), items: items, pageState: .ended))

        // Then the order is kept and the prompt closes
        #expect(kept.sayings == [.message("kept the order")])
        #expect(listing.prompt == nil)
        #expect(listing.keys.map(\.id) == ["b", "a"])
    }

    @Test func nextMatchGoesAroundTheEnd() {
        // Given three photos, the focus on the last
        var listing = Self.listing(["a", "b", "c"])
        _ = listing.update(.move(.focusOn(2)))

        // When `n` asks for the next match
        let reply = listing.update(.nextMatch(1))

        // Then the focus is on the first, and the list's change is asked to be applied
        #expect(listing.focusedKey == PhotoKey(id: "a"))
        guard case .apply(let diff)? = reply.requests.first else {
            Issue.record("expected the list's change, got \(reply.requests)")
            return
        }
        #expect(!diff.isEmpty)
    }

    @Test func gAsksForPagesUntilTheFeedEndsThenGoesToTheLastRow() {
        // Given five photos of a feed still paging, on a list of three rows
        var listing = Self.listing(["a", "b", "c", "d", "e"])

        // When `G` is pressed
        let asked = listing.update(.jumpToEnd(pageState: .idle, listedSoFar: nil))

        // Then the list seeks the end without moving, says so and asks for pages
        #expect(listing.seekingEnd)
        #expect(listing.focusedKey == PhotoKey(id: "a"))
        #expect(asked.sayings == [.message("going to the end: 5 photos so far (any key stops)")])
        #expect(Self.asksForAPage(asked))
        #expect(listing.wantsPage(listing: false))

        // When the feed has ended
        let ended = listing.update(.pageArrived(pageState: .ended, listedSoFar: nil))

        // Then the focus is on the last row and the note counts the photos
        #expect(!listing.seekingEnd)
        #expect(listing.focusedKey == PhotoKey(id: "e"))
        #expect(ended.notes == ["the end: 5 photos"])
    }

    @Test func aKeyStopsGoingToTheEnd() {
        // Given `G` going to the end
        var listing = Self.listing(["a", "b"])
        _ = listing.update(.jumpToEnd(pageState: .loading, listedSoFar: 40))

        // When a key stops it
        let reply = listing.update(.stopSeekingEnd)

        // Then it stops and says where
        #expect(!listing.seekingEnd)
        #expect(reply.notes == ["stopped going to the end at 2 photos"])
    }

    @Test func aPageIsWantedOnlyNearTheEnd() {
        // Given forty photos on a list of three rows, the focus at the top
        let names = (0..<40).map { "p\($0)" }
        var listing = Self.listing(names)

        // Then no page is wanted yet, unless a listing goes on
        #expect(!listing.wantsPage(listing: false))
        #expect(listing.wantsPage(listing: true))

        // When the list scrolls near the end
        _ = listing.update(.move(.focusOn(38)))

        // Then the next page is wanted
        #expect(listing.wantsPage(listing: false))
    }

    @Test func showingFewerPhotosKeepsTheFocusedPhotoAndStopsTheLoadsOfThoseThatWent() {
        // Given four photos, "b" focused
        var listing = Self.listing(["a", "b", "c", "d"])
        _ = listing.update(.move(.focus(1)))

        // When "a" leaves the list
        let reply = listing.update(.show(["b", "c", "d"].map { PhotoKey(id: $0) }, focus: PhotoKey(id: "b")))

        // Then "b" keeps the focus, "a" goes off screen and "d" comes on
        #expect(listing.focusedKey == PhotoKey(id: "b"))
        #expect(Set(Self.planned(reply)) == ["a: visible→offscreen", "d: offscreen→visible"])
    }
}
