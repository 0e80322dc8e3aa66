import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import Testing
import TerminalKit
import TerminalUI
import TerminalGraphics

/// The detail view (Enter): its own load at the size of the screen, Esc and q go back.
@Suite("Update: detail view")
struct UpdateDetailTests {
    private func harness(screen: TerminalSize = TerminalSize(rows: 24, columns: 64)) -> FeedHarness {
        var harness = FeedHarness(
            screen: screen, options: FeedViewerOptions(thumbnail: TerminalSize(rows: 6, columns: 16), prefetch: 0))
        let base = URL(fileURLWithPath: "/").appendingPathComponent("feed")
        let photos = ["Alejandro Escamilla", "Paul Jarvis", "Eve\u{1B}[2J"].enumerated().map { index, author in
            FeedPhoto(
                id: String(index + 10), author: author, size: PixelSize(width: 400, height: 300),
                origin: .picsum(base: base, cacheNamespace: nil))
        }
        harness.showPage(photos, summary: "fake feed")
        return harness
    }

    @Test func enterOpensALargerLoadAndEscOrQGoBackWithFocusKept() throws {
        // Given a loaded second item, focused
        var harness = harness()
        harness.press("j")
        #expect(harness.model.focusedKey == PhotoKey(id: "11"))
        harness.deliver(FakeImages.success(), to: "11")
        let itemPixels = try #require(harness.model.requestedPixels(of: PhotoKey(id: "11")))

        // When Enter is pressed
        let opened = harness.press(.enter)

        // Then the detail view has its own load, very high, asking for more pixels than the item did
        #expect(harness.model.detailKey == PhotoKey(id: "11"))
        let load = try #require(opened.loads.first { $0.slot == .detail })
        #expect(load.priority == .veryHigh)
        let detailPixels = try #require(TestPhotos.requestedSize(load.request))
        #expect(detailPixels.width > itemPixels.width && detailPixels.height > itemPixels.height)

        // And the frame shows title, id, size and state
        harness.deliverDetail(.loading(LoadProgress(completed: 1_200, total: 4_000)))
        let loading = harness.text()
        #expect(loading.contains("Paul Jarvis"))
        #expect(loading.contains("#11"))
        #expect(loading.contains("400×300"))
        #expect(loading.contains("loading 30%"))
        #expect(loading.contains("Esc/q back"))

        // When Esc is pressed
        let closed = harness.press(.escape)

        // Then the list is back, the detail load is cancelled and the focus is unchanged
        #expect(harness.model.detailKey == nil)
        #expect(closed.contains { if case .cancel(.detail) = $0 { true } else { false } })
        #expect(harness.model.focusedKey == PhotoKey(id: "11"))
        #expect(!harness.text().contains("Esc/q back"))

        // When the detail view is opened again and q is pressed, q goes back too (no quit)
        harness.press(.enter)
        let back = harness.press("q")
        #expect(harness.model.detailKey == nil)
        #expect(back.exit == nil)
    }

    @Test func jInTheDetailViewOpensTheNextPhotoAndDropsTheOldLoadsPhases() throws {
        // Given the detail view of the first photo
        var harness = harness()
        harness.press(.enter)
        let first = try #require(harness.model.detailToken)

        // When j moves to the next photo
        let moved = harness.press("j")

        // Then the old detail load is cancelled, a new one starts, and a late phase of the old one is dropped
        #expect(harness.model.detailKey == PhotoKey(id: "11"))
        #expect(moved.contains { if case .cancel(.detail) = $0 { true } else { false } })
        #expect(moved.loads.contains { $0.slot == .detail })
        harness.send(.phase(.detail, first, FakeImages.success()))
        #expect(harness.text().contains("Paul Jarvis"))
        #expect(!harness.text().contains("network"))
    }

    @Test func loadedDetailFrame() {
        // Given the first photo's detail view, loaded
        var harness = harness(screen: TerminalSize(rows: 16, columns: 48))
        harness.press(.enter)
        harness.deliverDetail(FakeImages.success(width: 92, height: 40))

        // When the frame is drawn
        let frame = harness.frame()

        // Then it matches the golden: title, id · size · source, the picture in its box, the state line
        let text = FrameText.plain(frame.cells)
        #expect(text.contains("Alejandro Escamilla"))
        #expect(text.contains("#10"))
        Golden.assertMatches(text, named: "viewer-detail-loaded.txt")
        Golden.assertMatches(FrameText.ansi(frame.cells), named: "viewer-detail-loaded.ansi")
        // And the picture is placed in the frame under the detail slot
        #expect(frame.pictures.map(\.key) == ["detail"])
    }
}
