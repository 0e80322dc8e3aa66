import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import Testing
import TerminalUI

/// The runtime: runs effects against the seams (fake loaders, a real pipeline), delivers their
/// results back, and draws frames on a `MemoryScreen`.
@Suite("Feed runtime", .timeLimit(.minutes(1)))
struct FeedRuntimeTests {
    static let photosDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos")

    private let options = FeedViewerOptions(thumbnail: TerminalSize(rows: 6, columns: 16), prefetch: 0)

    @Test func runSettlesWhenEveryVisibleItemLoaded() async {
        // Given loaders that succeed at once, on a screen two items tall
        let screen = MemoryScreen(size: TerminalSize(rows: 15, columns: 64))
        let runtime = FeedRuntime(
            screen: screen, feed: FakeFeed(count: 3), feedName: "fake feed",
            pipeline: FakePipeline { _ in FakeImages.success() }, options: options, clock: .frozen)

        // When it runs in snapshot mode, scrolled by one line
        let exit = await runtime.run(settling: SettleCondition(scroll: 1, wait: .seconds(60)))

        // Then it settles with items 1 and 2 shown as loaded from the network
        #expect(exit == .settled)
        let text = screen.plainText()
        #expect(text.contains("#1 "))
        #expect(!text.contains("#0 "))
        #expect(text.contains("network"))
        #expect(screen.placements.map(\.key) == ["1", "2"])
    }

    @Test func runQuitsOnQAndFailsOnAnEmptyFeed() async {
        // Given typed keys ending in q
        let screen = MemoryScreen(size: TerminalSize(rows: 22, columns: 64))
        screen.type("jjq")
        let runtime = FeedRuntime(
            screen: screen, feed: FakeFeed(count: 3), feedName: "fake", pipeline: FakePipeline(), options: options,
            clock: .frozen)
        #expect(await runtime.run() == .quit)
        #expect(!screen.isCursorVisible)

        // Given a feed with no photos, the loop ends with a clear reason
        let empty = FeedRuntime(
            screen: MemoryScreen(size: TerminalSize(rows: 22, columns: 64)), feed: FakeFeed(count: 0),
            feedName: "empty", pipeline: FakePipeline(), clock: .frozen)
        guard case .failed(let reason) = await empty.run() else {
            Issue.record("an empty feed did not fail")
            return
        }
        #expect(reason.contains("no photos"))
    }

    @Test func aFailedFirstPageEndsTheLoopWithTheReason() async {
        let runtime = FeedRuntime(
            screen: MemoryScreen(size: TerminalSize(rows: 24, columns: 64)), feed: ScriptedFeed([.failure("HTTP 500")]),
            feedName: "scripted feed", pipeline: FakePipeline(), options: options, clock: .frozen)
        #expect(await runtime.run() == .failed("cannot read the feed scripted feed: HTTP 500"))
    }

    @Test func effectsReachTheLoadersAndStaleLoadersAreLetGo() async throws {
        // Given a runtime whose first page is in
        let pipeline = FakePipeline()
        let runtime = FeedRuntime(
            screen: MemoryScreen(size: TerminalSize(rows: 22, columns: 64)), feed: FakeFeed(count: 0), feedName: "fake",
            pipeline: pipeline, options: options, clock: .frozen)
        runtime.send(.page(.success(FeedPage(photos: TestPhotos.picsum(9), summary: "fake", hasMore: false))))
        let first = try #require(runtime.loader(for: .item(PhotoKey(id: "0"))) as? FakeRowLoader)
        #expect(first.calls.contains { if case .load(_, .high) = $0 { true } else { false } })

        // When d is pressed, every live loader goes low-data
        runtime.send(.input(.key(.character("d"))))
        #expect(pipeline.created.allSatisfy { $0.lowData })

        // When the list jumps to the end, the first item's loader is cancelled and let go
        runtime.send(.input(.key(.character("G"))))
        #expect(first.calls.last == .cancel)
        #expect(runtime.loader(for: .item(PhotoKey(id: "0"))) == nil)

        // When it comes back, a new loader starts, low-data, at high priority
        runtime.send(.input(.key(.character("g"))))
        let second = try #require(runtime.loader(for: .item(PhotoKey(id: "0"))) as? FakeRowLoader)
        #expect(second !== first)
        #expect(second.lowData)
        #expect(second.priority == .high)
        await runtime.stop()
    }

    @Test func aLoadedItemComesBackFromMemoryInTheSameFrame() async throws {
        // Given six local photos through a real pipeline with a memory cache, the first items loaded
        let names = ["astronaut.jpg", "brick.jpg", "coffee.jpg", "astronaut.jpg", "brick.jpg", "coffee.jpg"]
        let photos = names.enumerated().map { index, name in
            FeedPhoto(
                id: String(index), author: "A\(index)", size: nil,
                origin: .original(Self.photosDirectory.appendingPathComponent(name)))
        }
        let pipeline = ImagePipeline(configuration: .init(dataLoader: FileDataLoader(), memoryCache: ImageCache()))
        let screen = MemoryScreen(size: TerminalSize(rows: 22, columns: 64))
        let runtime = FeedRuntime(
            screen: screen, feed: FakeFeed(count: 0), feedName: "photos", pipeline: LiveFeedPipeline(pipeline: pipeline),
            options: options, clock: .frozen)
        runtime.send(.page(.success(FeedPage(photos: photos, summary: "photos", hasMore: false))))
        let visible = runtime.model.visibleKeys
        #expect(visible.count >= 2)
        // Follow each visible item's loader (no sleeps) to its final phase, and hand it to the
        // runtime the way its forwarder would.
        for key in visible {
            let loader = try #require(runtime.loader(for: .item(key)))
            let token = try #require(runtime.model.loadToken(of: key))
            for await phase in loader.phases where phase.isTerminal {
                runtime.send(.phase(.item(key), token, phase))
                break
            }
        }
        let key = PhotoKey(id: "0")
        #expect(runtime.model.picture(of: key) != nil)

        // When the list jumps to the end, the first items let their images go
        runtime.send(.input(.key(.character("G"))))
        #expect(runtime.model.picture(of: key) == nil)

        // And when it jumps back
        runtime.send(.input(.key(.character("g"))))

        // Then, before any message is handled, item 0 shows its picture again, from memory, in this frame
        #expect(runtime.model.picture(of: key) != nil)
        guard case .loaded(source: .memory, _, _)? = runtime.model.state(of: key) else {
            Issue.record("item 0 is \(String(describing: runtime.model.state(of: key))), not loaded from memory")
            return
        }
        runtime.render()
        #expect(screen.placements.contains { $0.key == "0" })
        #expect(!screen.plainText().contains("loading"))
        #expect(pipeline.counters.memoryHits >= visible.count)
        await runtime.stop()
        await pipeline.shutdown()
    }

    @Test func aFrameThatChangesNothingWritesNothing() async {
        let screen = MemoryScreen(size: TerminalSize(rows: 22, columns: 64))
        let runtime = FeedRuntime(
            screen: screen, feed: FakeFeed(count: 0), feedName: "fake", pipeline: FakePipeline(), options: options,
            clock: .frozen)
        runtime.send(.page(.success(FeedPage(photos: TestPhotos.files(3), summary: "fake", hasMore: false))))
        runtime.render()
        runtime.render()  // the status bar gains the first frame's time
        let written = screen.cellsWritten
        let flushes = screen.flushCount
        runtime.render()
        #expect(screen.cellsWritten == written)
        #expect(screen.flushCount == flushes)
        // And a moved focus writes only the two items' changed cells, not the screen
        runtime.send(.input(.key(.character("j"))))
        runtime.render()
        #expect(screen.cellsWritten - written < 22 * 64 / 2)
        await runtime.stop()
    }
}
