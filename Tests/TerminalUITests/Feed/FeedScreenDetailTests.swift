import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import Testing

@testable import TerminalUI

/// The detail view (Enter) driven through the loop's key handling on a `MemoryScreen`.
@Suite("Feed screen detail view")
struct FeedScreenDetailTests {
    private func viewer(on screen: MemoryScreen, pipeline: FakePipeline) -> FeedScreen {
        let options = FeedViewerOptions(thumbnail: TerminalSize(rows: 6, columns: 16), prefetch: 0)
        let viewer = FeedScreen(
            screen: screen, feed: FakeFeed(count: 3), feedName: "fake feed", pipeline: pipeline, options: options,
            clock: .frozen)
        let base = URL(fileURLWithPath: "/").appendingPathComponent("feed")
        let photos = ["Alejandro Escamilla", "Paul Jarvis", "Eve\u{1B}[2J"].enumerated().map { index, author in
            FeedPhoto(
                id: String(index + 10), author: author, size: PixelSize(width: 400, height: 300),
                origin: .picsum(base: base, cacheNamespace: nil))
        }
        viewer.receivePage(.success(FeedPage(photos: photos, summary: "fake feed", hasMore: false)))
        return viewer
    }

    /// The `{w}/{h}` a picsum-style load asked for (the last two path components).
    private func requestedSize(_ loader: FakeRowLoader) throws -> PixelSize {
        let urls = loader.calls.compactMap { call -> URL? in
            if case .load(let url?, _) = call { url } else { nil }
        }
        let url = try #require(urls.last)
        let parts = url.pathComponents.suffix(2).compactMap { Int($0) }
        try #require(parts.count == 2)
        return PixelSize(width: parts[0], height: parts[1])
    }

    @Test func enterOpensALargerLoadAndEscOrQGoBackWithFocusKept() throws {
        // Given a loaded second row, focused
        let pipeline = FakePipeline()
        let screen = MemoryScreen(size: TerminalSize(rows: 24, columns: 64))
        let viewer = viewer(on: screen, pipeline: pipeline)
        viewer.handle(.key(.character("j")))
        #expect(viewer.list.focus == 1)
        viewer.receive(FakeImages.success(), row: 1, generation: 1)
        let rowLoader = try #require(pipeline.created.dropFirst().first)
        let rowPixels = try requestedSize(rowLoader)
        let loadersBefore = pipeline.created.count

        // When Enter is pressed
        viewer.handle(.key(.enter))

        // Then the detail view has its own loader, asking for more pixels than the row did
        #expect(viewer.detail?.row == 1)
        #expect(pipeline.created.count == loadersBefore + 1)
        let detailLoader = try #require(pipeline.created.last)
        let detailPixels = try requestedSize(detailLoader)
        #expect(detailPixels.width > rowPixels.width)
        #expect(detailPixels.height > rowPixels.height)
        #expect(detailPixels.width * detailPixels.height > rowPixels.width * rowPixels.height)

        // And the frame shows title, id, size and state
        viewer.receiveDetail(.loading(LoadProgress(completed: 1_200, total: 4_000)), generation: viewer.detailGeneration)
        viewer.render()
        let loading = screen.plainText()
        #expect(loading.contains("Paul Jarvis"))
        #expect(loading.contains("#11"))
        #expect(loading.contains("400×300"))
        #expect(loading.contains("loading 30%"))
        #expect(loading.contains("Esc/q back"))

        // When Esc is pressed
        viewer.handle(.key(.escape))

        // Then the list is back, the detail load is cancelled and the focus is unchanged
        #expect(viewer.detail == nil)
        #expect(detailLoader.calls.last == .cancel)
        #expect(viewer.list.focus == 1)
        viewer.render()
        #expect(!screen.plainText().contains("Esc/q back"))
        #expect(viewer.exit == nil)

        // When the detail view is opened again and q is pressed
        viewer.handle(.key(.enter))
        #expect(viewer.detail?.row == 1)
        viewer.handle(.key(.character("q")))

        // Then q goes back too (it does not quit the viewer)
        #expect(viewer.detail == nil)
        #expect(viewer.list.focus == 1)
        #expect(viewer.exit == nil)
    }

    @Test func loadedDetailFrame() throws {
        // Given a deterministic feed and the first row's detail view, loaded
        let pipeline = FakePipeline()
        let screen = MemoryScreen(size: TerminalSize(rows: 16, columns: 48))
        let viewer = viewer(on: screen, pipeline: pipeline)
        viewer.handle(.key(.enter))
        viewer.receiveDetail(FakeImages.success(width: 92, height: 40), generation: viewer.detailGeneration)

        // When the frame is drawn
        viewer.render()

        // Then it matches the golden: title, id · size · source, the picture in its box, the state line
        let text = screen.plainText()
        #expect(text.contains("Alejandro Escamilla"))
        #expect(text.contains("#10"))
        Golden.assertMatches(text, named: "viewer-detail-loaded.txt")
        Golden.assertMatches(screen.ansiText(), named: "viewer-detail-loaded.ansi")
    }
}
