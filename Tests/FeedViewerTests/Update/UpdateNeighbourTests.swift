import FeedSources
import Foundation
import ImageLoading
import Sidecars
import Testing
import FeedViewer
import Vocabulary

/// The detail view's neighbours prepared ahead (issue 52, point 6): the photos `j` and `k`
/// would go to load at a low priority with the detail view's own request; a step takes the
/// load (adopted, never loaded twice) or the picture drawn ahead; leaving, zooming or a filter
/// that changes who the neighbours are cancels what is no longer needed.
@Suite("Update: the detail view's neighbours prepared ahead")
struct UpdateNeighbourTests {
    private func harness(photos: Int = 4) -> FeedHarness {
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: 24), options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        harness.showPage(TestPhotos.files(photos))
        return harness
    }

    @Test func theNeighboursLoadAheadWithTheRequestTheirDetailViewWillMake() throws {
        // Given four photos, the second focused
        var harness = harness()
        harness.press("j")

        // When its detail view opens
        let opened = harness.press(.enter)

        // Then the photos after and before it load ahead, low, and nothing else does
        let ahead = opened.prefetched
        #expect(Set(ahead.map(\.key)) == ["0", "2"])
        #expect(ahead.allSatisfy { $0.request.priority == .low })

        // When the view is closed and the third photo's detail view opened on its own
        harness.press(.escape)
        harness.press("j")
        let own = try #require(harness.press(.enter).loads.first { $0.slot == .detail })

        // Then its request is the one loaded ahead for it, but for the priority
        var expected = try #require(ahead.first { $0.key == "2" }).request
        expected.priority = own.request.priority
        #expect(own.request == expected)
    }

    @Test func aStepAdoptsTheRunningLoadAheadInsteadOfLoadingAgain() throws {
        // Given the first photo's detail view, the second loading ahead
        var harness = harness()
        let opened = harness.press(.enter)
        #expect(opened.prefetched.map(\.key) == ["1"])

        // When j steps to it
        let stepped = harness.press("j")

        // Then its load ahead becomes the detail view's: adopted, not cancelled, no new load
        #expect(stepped.adopted == ["1"])
        #expect(!stepped.cancelledAhead.contains("1"))
        #expect(!stepped.loads.contains { $0.slot == .detail })
        // And the third loads ahead; the first's load, running until now, goes on as the load
        // ahead of it (not cancelled, not started again)
        #expect(stepped.prefetched.map(\.key) == ["2"])
        #expect(stepped.keptAhead == ["0"])
        #expect(!stepped.contains { if case .cancel(.detail) = $0 { true } else { false } })

        // When the adopted load arrives under the detail view's token, the view shows it
        #expect(!harness.text().contains("memory"))
        harness.deliverDetail(FakeImages.success(source: .memory))
        #expect(harness.text().contains("memory"))
    }

    @Test func aPictureDrawnAheadShowsAtOnceAndAStepBackLoadsNothing() throws {
        // Given the first photo's detail view, loaded, and the second's load ahead arrived
        var harness = harness()
        let ahead = try #require(harness.press(.enter).prefetched.first)
        harness.deliverDetail(FakeImages.success(source: .memory))
        let arrived = harness.send(.phase(.ahead, ahead.token, FakeImages.success(source: .memory)))
        #expect(arrived.releasedAhead == ["1"])

        // When j steps to it
        let stepped = harness.press("j")

        // Then it shows loaded at once: no load for it, nothing adopted
        #expect(harness.model.detailKey == PhotoKey(id: "1"))
        #expect(!stepped.loads.contains { $0.slot == .detail })
        #expect(stepped.adopted.isEmpty)
        #expect(harness.text().contains("memory"))

        // When k steps back to the first, its picture kept from the view: nothing loads either
        let back = harness.press("k")
        #expect(harness.model.detailKey == PhotoKey(id: "0"))
        #expect(!back.loads.contains { $0.slot == .detail })
        #expect(back.adopted.isEmpty)
        #expect(harness.text().contains("memory"))
    }

    @Test func zoomingOrLeavingTheDetailViewCancelsTheLoadsAhead() throws {
        // Given the second photo's detail view, loaded, its two neighbours loading ahead
        var harness = harness()
        harness.press("j")
        let opened = harness.press(.enter)
        harness.deliverDetail(FakeImages.success())
        #expect(Set(opened.prefetched.map(\.key)) == ["0", "2"])

        // When it zooms in
        let zoomed = harness.press("+")

        // Then both are cancelled
        #expect(Set(zoomed.cancelledAhead) == ["0", "2"])

        // When it is fitted again (Esc), they load ahead again
        let fitted = harness.press(.escape)
        #expect(harness.model.detailKey == PhotoKey(id: "1"))
        #expect(Set(fitted.prefetched.map(\.key)) == ["0", "2"])

        // When the detail view closes, both are cancelled and nothing loads ahead any more
        let closed = harness.press(.escape)
        #expect(harness.model.detailKey == nil)
        #expect(Set(closed.cancelledAhead) == ["0", "2"])
        #expect(harness.press("j").prefetched.isEmpty)
    }

    @Test func aFilterThatChangesTheNeighboursRetargetsTheLoadsAhead() throws {
        // Given five photos whose sidecars say 1 and 3 are picked, and 1's detail view
        var harness = harness(photos: 5)
        let found: [String: Decision] = ["1": Decision(flag: .picked), "2": Decision(flag: .rejected), "3": Decision(stars: 2, flag: .picked)]
        for index in 0..<5 { harness.send(.decisionRead(PhotoKey(id: "\(index)"), .success(found["\(index)"]))) }
        harness.press("j")
        let opened = harness.press(.enter)
        #expect(Set(opened.prefetched.map(\.key)) == ["0", "2"])

        // When F shows the picks only
        let filtered = harness.press("F")

        // Then the photos hidden are no longer loaded ahead, and the pick after 1 is
        #expect(harness.model.keys.map(\.id) == ["1", "3"])
        #expect(Set(filtered.cancelledAhead) == ["0", "2"])
        #expect(filtered.prefetched.map(\.key) == ["3"])
    }
}

/// The rows under the detail view: hidden, they start no loads while `j` scrolls the list
/// behind it; they do once it closes.
@Suite("Update: rows hidden under the detail view")
struct UpdateHiddenRowsTests {
    @Test func rowsScrolledBehindTheDetailViewStartNoLoadsUntilItCloses() throws {
        // Given thirty photos, three rows on screen, the first three loaded, the first's detail view
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: 24), options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        let shown = harness.showPage(TestPhotos.files(30)).startedIDs
        #expect(!shown.isEmpty && !shown.contains("8"))
        for id in shown { harness.deliver(FakeImages.success(), to: id) }
        harness.press(.enter)

        // When j steps eight photos on (the list scrolls behind the view)
        var stepped: [FeedEffect] = []
        for _ in 0..<8 { stepped += harness.press("j") }

        // Then no row started a load; only the detail view and its neighbours loaded
        #expect(harness.model.detailKey == PhotoKey(id: "8"))
        #expect(stepped.startedIDs.isEmpty)

        // When the detail view closes, the rows now on screen start theirs, the focused one among them
        let closed = harness.press(.escape)
        #expect(closed.startedIDs.contains("8"))
        #expect(closed.loadPriorities(of: "8") == [.high])
    }
}

extension Array where Element == FeedEffect {
    /// The loads ahead started: the photo's id, the token, the request.
    fileprivate var prefetched: [(key: String, token: LoadToken, request: ImageRequest)] {
        compactMap { if case .prefetch(let key, let token, let request, _) = $0 { (key.id, token, request) } else { nil } }
    }

    /// The photos whose load ahead was cancelled.
    fileprivate var cancelledAhead: [String] {
        compactMap { if case .cancelPrefetch(let key) = $0 { key.id } else { nil } }
    }

    /// The photos whose load ahead was let go (it arrived).
    fileprivate var releasedAhead: [String] {
        compactMap { if case .releasePrefetch(let key) = $0 { key.id } else { nil } }
    }

    /// The photos whose detail view's load went on as the load ahead of them.
    fileprivate var keptAhead: [String] {
        compactMap { if case .keepAhead(let key, _, _) = $0 { key.id } else { nil } }
    }

    /// The photos whose load ahead became the detail view's.
    fileprivate var adopted: [String] {
        compactMap { if case .adopt(let key, _, _, _) = $0 { key.id } else { nil } }
    }
}
