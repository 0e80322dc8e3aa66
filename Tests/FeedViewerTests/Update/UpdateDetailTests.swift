import FeedSources
import Foundation
import ImageLoading
import SystemPackage
import Testing
import TerminalKit
import FeedViewer
import TerminalGraphics
import Vocabulary

/// The detail view (Enter): its own load at the size of the screen, Esc and q go back.
@Suite("Update: detail view")
struct UpdateDetailTests {
    private func harness(screen: CellSize = CellSize(columns: 64, rows: 24)) -> FeedHarness {
        var harness = FeedHarness(
            screen: screen, options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
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

        // Then the old detail load goes on as the load ahead of the photo left (a neighbour
        // now), the new photo's load ahead becomes the detail view's, and a late phase of the
        // old one is dropped
        #expect(harness.model.detailKey == PhotoKey(id: "11"))
        #expect(moved.contains { if case .keepAhead(PhotoKey(id: "10"), _, _) = $0 { true } else { false } })
        #expect(moved.contains { if case .adopt(PhotoKey(id: "11"), _, _, _) = $0 { true } else { false } })
        harness.send(.phase(.detail, first, FakeImages.success()))
        #expect(harness.text().contains("Paul Jarvis"))
        #expect(!harness.text().contains("network"))
    }

    @Test func loadedDetailFrame() {
        // Given the first photo's detail view, loaded
        var harness = harness(screen: CellSize(columns: 48, rows: 16))
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

/// Zoom and pan in the photo view: each change asks for the part of the original it shows.
@Suite("Update: zoom and pan in the photo view")
struct UpdateZoomTests {
    private func opened() throws -> FeedHarness {
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: 24), options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        let photos = (0..<3).map { index in
            FeedPhoto(
                id: "p\(index).jpg", author: "p\(index).jpg", size: PixelSize(width: 5312, height: 2988),
                origin: .file(directory: URL(fileURLWithPath: "/photos"), name: FilePath("p\(index).jpg")))
        }
        harness.showPage(photos)
        harness.deliver(FakeImages.success(width: 64, height: 36), to: "p0.jpg")
        harness.press(.enter)
        harness.deliverDetail(FakeImages.success(width: 124, height: 70))
        return harness
    }

    @Test func equalsAsksForTheMiddleAtOnePixelAPixelAndShowsAStandInAtOnce() throws {
        var harness = try opened()
        // When = is pressed
        let effects = harness.press("=")
        // Then the running load is replaced by one for the view's part of the file, cropped while decoded
        #expect(effects.contains { if case .cancel(.detail) = $0 { true } else { false } })
        let load = try #require(effects.loads.first { $0.slot == .detail })
        guard case .crop(let region)? = load.request.processors.first, case .resize(let output, .fill)? = load.request.processors.last else {
            Issue.record("no crop and resize: \(load.request.processors)")
            return
        }
        #expect(load.request.url?.path == "/photos/p0.jpg")
        // One original pixel a block-art pixel across (down, block art's pixels are taller)
        #expect(region.width == output.width)
        #expect(abs(region.x + region.width / 2 - 2656) <= 1)
        // And the stand-in is on screen already, the frame says the zoom
        #expect(harness.text().contains("zoom 100%"))
        #expect(harness.text().contains("Esc fit"))
        // When l pans, the next part is a quarter view to the right
        let panned = harness.press("l")
        guard case .crop(let next)? = panned.loads.first?.request.processors.first else {
            Issue.record("no crop after l")
            return
        }
        #expect(next.x == region.x + region.width / 4)
        // When Esc, the photo is fitted again (the whole file, no crop), and Esc again closes the view
        let fitted = harness.press(.escape)
        let whole = try #require(fitted.loads.first { $0.slot == .detail })
        #expect(!whole.request.processors.contains { if case .crop = $0 { true } else { false } })
        #expect(harness.model.detailKey != nil)
        harness.press(.escape)
        #expect(harness.model.detailKey == nil)
    }

    @Test func jPansWhenZoomedAndChangesPhotosWhenFittedNAndPAlways() throws {
        var harness = try opened()
        harness.press("j")
        #expect(harness.model.detailKey?.id == "p1.jpg")
        harness.deliverDetail(FakeImages.success(width: 124, height: 70))
        harness.press("+")
        harness.press("j")
        #expect(harness.model.detailKey?.id == "p1.jpg")
        harness.press("n")
        #expect(harness.model.detailKey?.id == "p2.jpg")
        #expect(harness.text().contains("Esc fit") == false)
    }

    @Test func ctrlWheelZoomsAndADragPans() throws {
        var harness = try opened()
        harness.send(.input(.mouseZoom(.up)))
        #expect(harness.text().contains("zoom 4%") || harness.text().contains("zoom 3%"))
        harness.send(.input(.mouseClick(CellPoint(row: 10, column: 30))))
        let dragged = harness.send(.input(.mouseDrag(CellPoint(row: 10, column: 20))))
        #expect(dragged.loads.first { $0.slot == .detail } != nil)
    }
}
