import FeedSources
import LoadSemantics
import Synchronization
import Testing
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// A file the run writes failing (the trace, the server log): the viewer says so in its status
/// bar and goes on.
@Suite("Feed runtime: output failures", .timeLimit(.minutes(1)))
struct FeedRuntimeOutputFailureTests {
    /// A trace sink whose disk is full.
    final class FullDiskSink: TraceSink {
        let writes = Mutex(0)
        func write(_ bytes: [UInt8]) throws(TraceSinkError) {
            writes.withLock { $0 += 1 }
            throw TraceSinkError("the trace run.json: write failed: No space left on device; it stops there")
        }
        func close() {}
    }

    private let options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0)

    @Test func aTraceThatCannotBeWrittenShowsInTheStatusBarAndTheViewerGoesOn() async {
        // Given a viewer recording to a trace on a full disk, with keys that scroll
        let sink = FullDiskSink()
        let recorder = LoadRecorder(audit: nil, trace: sink)
        let screen = MemoryScreen(size: CellSize(columns: 100, rows: 15))
        screen.type("jj")
        let runtime = FeedRuntime(
            screen: screen, feed: FakeFeed(count: 5), feedName: "fake", pipeline: FakePipeline { _ in FakeImages.success() },
            options: options, clock: .frozen, recorder: recorder)

        // When it runs until every visible item settled
        let exit = await runtime.run(settling: SettleCondition(scroll: 1, wait: .seconds(60)))

        // Then it ran to the end (the failure stopped nothing), the status bar names the failure,
        // the event log keeps it, and the trace was not written to again after it failed
        #expect(exit == .settled)
        #expect(runtime.model.metrics.outputFailure == "the trace run.json: write failed: No space left on device; it stops there")
        let statusLine = screen.plainText().split(separator: "\n").last.map(String.init) ?? ""
        #expect(statusLine.contains("✗ the trace run.json: write failed"), "\(statusLine)")
        #expect(runtime.model.eventLog.entries.contains { "\($0.kind)".contains("No space left on device") })
        #expect(sink.writes.withLock { $0 } == 1)
        #expect(recorder.traceError != nil)
    }

    @Test func otherFilesFailuresArriveOnTheirStream() async {
        // Given a viewer told of a server log that failed before its first key
        let (failures, continuation) = AsyncStream.makeStream(of: String.self)
        continuation.yield("server log requests.log: write failed: Input/output error; it stops there")
        continuation.finish()
        let screen = MemoryScreen(size: CellSize(columns: 120, rows: 15))
        let runtime = FeedRuntime(
            screen: screen, feed: FakeFeed(count: 3), feedName: "fake", pipeline: FakePipeline { _ in FakeImages.success() },
            options: options, clock: .frozen, outputFailures: failures)

        // When it runs until every visible item settled
        _ = await runtime.run(settling: SettleCondition(scroll: 0, wait: .seconds(60)))

        // Then the failure is in the status bar
        #expect(runtime.model.metrics.outputFailure?.hasPrefix("server log requests.log") == true)
        #expect(screen.plainText().contains("✗ server log requests.log"))
    }
}
