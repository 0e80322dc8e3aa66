import FeedSources
import Foundation
import ImageLoading
import LoadSemantics
import Testing
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// The runtime: runs effects against the seams (fake loaders, a real pipeline), delivers their
/// results back, and draws frames on a `MemoryScreen`.
@Suite("Feed runtime", .timeLimit(.minutes(1)))
struct FeedRuntimeTests {
    static let photosDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos")

    private let options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0)

    @Test func runSettlesWhenEveryVisibleItemLoaded() async {
        // Given loaders that succeed at once, on a screen two items tall
        let screen = MemoryScreen(size: CellSize(columns: 64, rows: 15))
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

    @Test func aPacedRunDrawsItsStartTheFrameBesideItAndItsSettledFrame() async {
        // Given the same snapshot drawn after every batch, and paced at one frame a minute
        func run(frameInterval: Duration) async -> (FeedExit, [Duration], String) {
            let screen = MemoryScreen(size: CellSize(columns: 64, rows: 15))
            let runtime = FeedRuntime(
                screen: screen, feed: FakeFeed(count: 3), feedName: "fake feed",
                pipeline: FakePipeline { _ in FakeImages.success() }, options: options, frameInterval: frameInterval)
            var frames: [Duration] = []
            runtime.frameObserver = { frames.append($0) }
            let exit = await runtime.run(settling: SettleCondition(scroll: 0, wait: .seconds(60)))
            return (exit, frames, screen.plainText())
        }
        let (eachExit, eachFrames, eachText) = await run(frameInterval: .zero)
        let (pacedExit, pacedFrames, pacedText) = await run(frameInterval: .seconds(60))

        // Then both settle on the same screen; the paced one drew the first frame (the list
        // loading), the one the pacer lets come with it, and the settled one (beside frames that
        // changed nothing, which do not count: how many batches come is the scheduler's), where
        // the other drew a frame a batch
        #expect(eachExit == .settled && pacedExit == .settled)
        // (the status bar, the last line, shows the last frame's time)
        let rows = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() }
        #expect(rows(pacedText) == rows(eachText))
        #expect(pacedText.contains("network"))
        #expect(pacedFrames.count <= 4, "\(pacedFrames.count) paced frames, \(eachFrames.count) unpaced")
        #expect(!eachFrames.isEmpty)
    }

    @Test func runQuitsOnQAndFailsOnAnEmptyFeed() async {
        // Given typed keys ending in q
        let screen = MemoryScreen(size: CellSize(columns: 64, rows: 22))
        screen.type("jjq")
        let runtime = FeedRuntime(
            screen: screen, feed: FakeFeed(count: 3), feedName: "fake", pipeline: FakePipeline(), options: options,
            clock: .frozen)
        #expect(await runtime.run() == .quit)
        #expect(!screen.isCursorVisible)

        // Given a feed with no photos, the loop ends with a clear reason
        let empty = FeedRuntime(
            screen: MemoryScreen(size: CellSize(columns: 64, rows: 22)), feed: FakeFeed(count: 0),
            feedName: "empty", pipeline: FakePipeline(), clock: .frozen)
        guard case .failed(let reason) = await empty.run() else {
            Issue.record("an empty feed did not fail")
            return
        }
        #expect(reason.contains("no photos"))
    }

    @Test func aFailedFirstPageEndsTheLoopWithTheReason() async {
        let runtime = FeedRuntime(
            screen: MemoryScreen(size: CellSize(columns: 64, rows: 24)), feed: ScriptedFeed([.failure("HTTP 500")]),
            feedName: "scripted feed", pipeline: FakePipeline(), options: options, clock: .frozen)
        #expect(await runtime.run() == .failed("cannot read the feed scripted feed: HTTP 500"))
    }

    @Test func effectsReachTheLoadersAndStaleLoadersAreLetGo() async throws {
        // Given a runtime whose first page is in
        let pipeline = FakePipeline()
        let runtime = FeedRuntime(
            screen: MemoryScreen(size: CellSize(columns: 64, rows: 22)), feed: FakeFeed(count: 0), feedName: "fake",
            pipeline: pipeline, options: options, clock: .frozen)
        runtime.send(.page(.success(FeedPage(photos: TestPhotos.picsum(9), summary: "fake", hasMore: false))))
        let first = try #require(runtime.loader(for: .item(PhotoKey(id: "0"))) as? FakeRowLoader)
        #expect(first.calls.contains { if case .load(_, .high) = $0 { true } else { false } })

        // When d is pressed, the running loads go on as they are (later loads are low-data)
        let before = pipeline.created.count
        runtime.send(.input(.key(.character("d"))))
        #expect(pipeline.created.count == before)
        #expect(!pipeline.created.contains { $0.lowData })

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
        let screen = MemoryScreen(size: CellSize(columns: 64, rows: 22))
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

    @Test func aRecorderAuditsTheRunAndWritesAValidTrace() async throws {
        // Given a viewer whose loads never finish, keeping them when items leave, while its
        // recorder audits as if leaving items were cancelled and writes a trace file
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = LoadRecorder(audit: .init(onDisappear: .cancel), trace: try FileTraceSink(path: path))
        var keeping = options
        keeping.onDisappear = .keep
        let pipeline = FakePipeline()
        let runtime = FeedRuntime(
            screen: MemoryScreen(size: CellSize(columns: 64, rows: 22)), feed: FakeFeed(count: 0), feedName: "fake",
            pipeline: pipeline, options: keeping, clock: .frozen, recorder: recorder)
        runtime.send(.page(.success(FeedPage(photos: TestPhotos.files(10), summary: "fake", hasMore: false))))
        runtime.render()
        // When the list jumps to the end and two frames are drawn
        runtime.send(.input(.key(.character("G"))))
        runtime.render()
        runtime.render()
        // Then the audit names the items that kept loading (rule 2)
        let rules = Set(recorder.violations.map(\.rule))
        #expect(rules == [.disappearWithinOneFrame])
        #expect(recorder.violations.contains { $0.slot == .item("0") })
        await runtime.stop()
        recorder.finish(at: .seconds(1))
        // And the trace is a complete, valid file with the loads, the frames and the violations
        let check = try ChromeTraceCheck(contentsOf: URL(fileURLWithPath: path))
        #expect(check.problems.isEmpty, "\(check.problems)")
        #expect(check.isTerminated)
        #expect(check.events(named: "load").count == pipeline.created.count)
        #expect(check.events(named: "appear").count >= 2)
        #expect(check.events.contains { $0.category == "audit" })
    }

    @Test func violationsReachTheStatusBarAndFlagTheirEventInRed() {
        // Given a model with the audit on and an item that logged its start
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), audits: true))
        harness.showPage(TestPhotos.files(4))
        #expect(harness.model.metrics.violations == 0)
        // When the audit reports a violation about item 0
        harness.send(.violations([Violation(rule: .oneDownloadPerURL, time: .zero, slot: .item("0"), detail: "two downloads")]))
        // Then the status bar counts it, the newest entry about row 1 is flagged, and the log says why
        #expect(harness.model.metrics.violations == 1)
        #expect(StatusBar.text(harness.model.metrics, width: 200).contains("audit 1 ✗"))
        let entries = harness.model.eventLog.entries
        #expect(entries.contains { $0.flagged && $0.row == 0 })
        #expect(entries.last.map { EventLogPanel.describe($0.kind) }?.contains("rule 3 (one download per URL): two downloads") == true)
        #expect(EventLogPanel.line(for: entries.last!).runs.contains { $0.style.foreground == .red })
    }

    @Test func aFrameThatChangesNothingWritesNothing() async {
        let screen = MemoryScreen(size: CellSize(columns: 64, rows: 22))
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
