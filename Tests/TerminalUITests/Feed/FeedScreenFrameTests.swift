import FeedSources
import Foundation
import ImageLoading
import Testing

@testable import TerminalUI

/// Whole-viewer frames on a `MemoryScreen`: golden text, and the loop run to a settled snapshot.
@Suite("Feed screen frames")
struct FeedScreenFrameTests {
    private static let hostile = "\u{1B}[2J\u{1B}]0;owned\u{07}Eve"

    private func viewer(on screen: MemoryScreen, pipeline: FakePipeline = FakePipeline()) -> FeedScreen {
        let options = FeedViewerOptions(thumbnail: TerminalSize(rows: 6, columns: 16), prefetch: 0)
        return FeedScreen(
            screen: screen, feed: FakeFeed(count: 3), feedName: "fake feed", pipeline: pipeline, options: options,
            clock: .frozen)
    }

    private func page(_ viewer: FeedScreen) {
        let authors = ["Alejandro Escamilla", "Paul Jarvis", Self.hostile]
        let photos = authors.enumerated().map { index, author in
            FeedPhoto(
                id: String(index), author: author, size: .init(width: 400, height: 300),
                origin: .original(URL(fileURLWithPath: "/photos/\(index).jpg")))
        }
        viewer.receivePage(.success(FeedPage(photos: photos, summary: "fake feed", hasMore: false)))
    }

    @Test func loadingAndFailedRows() {
        // Given rows 0 loading, 1 failed, 2 (hostile author) queued
        let screen = MemoryScreen(size: TerminalSize(rows: 22, columns: 64))
        let viewer = viewer(on: screen)
        page(viewer)
        viewer.receive(.loading(LoadProgress(completed: 1_200, total: 4_000)), row: 0, generation: 1)
        viewer.receive(.failure(.httpStatus(500)), row: 1, generation: 1)

        // When the frame is drawn
        viewer.render()

        // Then it matches the golden: placeholder, failure glyph and reason, hostile text as plain characters
        let text = screen.plainText()
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("✗"))
        Golden.assertMatches(text, named: "viewer-loading-failed.txt")
        Golden.assertMatches(screen.ansiText(), named: "viewer-loading-failed.ansi")
    }

    @Test func loadedRow() {
        // Given row 0 loaded
        let screen = MemoryScreen(size: TerminalSize(rows: 22, columns: 64))
        let viewer = viewer(on: screen)
        page(viewer)
        viewer.receive(FakeImages.success(), row: 0, generation: 1)

        // When the frame is drawn
        viewer.render()

        // Then the thumbnail is drawn in the box
        Golden.assertMatches(screen.plainText(), named: "viewer-loaded.txt")
        Golden.assertMatches(screen.ansiText(), named: "viewer-loaded.ansi")
    }

    @Test func helpOverlay() {
        // Given the viewer with the help overlay open
        let screen = MemoryScreen(size: TerminalSize(rows: 30, columns: 64))
        let viewer = viewer(on: screen)
        page(viewer)
        viewer.execute(.toggleHelp)

        // When the frame is drawn
        viewer.render()

        // Then every key binding is listed
        let text = screen.plainText()
        #expect(text.contains("retry all failed rows"))
        Golden.assertMatches(text, named: "viewer-help.txt")
    }

    @Test func runSettlesWhenEveryVisibleRowLoaded() async {
        // Given loaders that succeed at once, on a screen two rows tall
        let screen = MemoryScreen(size: TerminalSize(rows: 15, columns: 64))
        let pipeline = FakePipeline { _ in FakeImages.success() }
        let viewer = viewer(on: screen, pipeline: pipeline)

        // When the loop runs in snapshot mode, scrolled by one row
        let exit = await viewer.run(settling: .init(scroll: 1, wait: .seconds(60)))

        // Then it settles with rows 1 and 2 shown as loaded from the network
        #expect(exit == .settled)
        let text = screen.plainText()
        #expect(text.contains("#1 "))
        #expect(!text.contains("#0 "))
        #expect(text.contains("network"))
    }

    @Test func runQuitsOnQAndFailsOnAnEmptyFeed() async {
        // Given typed keys ending in q
        let screen = MemoryScreen(size: TerminalSize(rows: 22, columns: 64))
        screen.type("jjq")
        let exit = await viewer(on: screen).run()
        // Then the loop ends with quit
        #expect(exit == .quit)

        // Given a feed with no photos
        let empty = FeedScreen(
            screen: MemoryScreen(size: TerminalSize(rows: 22, columns: 64)), feed: FakeFeed(count: 0),
            feedName: "empty", pipeline: FakePipeline(), clock: .frozen)
        // Then the loop ends with a clear reason
        guard case .failed(let reason) = await empty.run() else {
            Issue.record("an empty feed did not fail")
            return
        }
        #expect(reason.contains("no photos"))
    }
}
