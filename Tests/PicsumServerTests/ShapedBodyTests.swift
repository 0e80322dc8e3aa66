import Hummingbird
import Synchronization
import TestSupport
import Testing
@testable import PicsumServer

@Suite("Shaped body pacing in virtual time (no socket)")
struct ShapedBodyTests {
    /// Records what a response body writes.
    final class Sink: Sendable {
        let writes = Mutex<[Int]>([])
        let finished = Mutex(false)
    }

    struct SinkWriter: ResponseBodyWriter {
        let sink: Sink
        mutating func write(_ buffer: ByteBuffer) async throws {
            sink.writes.withLock { $0.append(buffer.readableBytes) }
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
            sink.finished.withLock { $0 = true }
        }
    }

    private func run(
        bytes: Int, fate: ShapingFate, shaping: NetworkShaping, clock: ManualClock
    ) async throws -> (writes: [Int], finished: Bool, entry: RequestLogEntry?, threw: Bool) {
        let log = RequestLog()
        let entries = log.subscribe()
        let control = NetworkShapingControl(shaping)
        let sink = Sink()
        let environment = ShapingEnvironment(control: control, clock: clock, shutdown: ShutdownSignal(), channel: nil)
        let recorder = RequestRecorder(method: "GET", target: "/t", range: nil, log: log, inFlight: InFlightRequests())
        recorder.respond(status: 200, expectedBytes: bytes)
        let body = ShapedBody(bytes: ByteBuffer(repeating: 7, count: bytes), fate: fate, appliesBandwidth: true)
            .responseBody(recorder: recorder, environment: environment)
        var threw = false
        do {
            try await body.write(SinkWriter(sink: sink))
        } catch {
            threw = true
        }
        log.finish()
        var iterator = entries.makeAsyncIterator()
        return (sink.writes.withLock { $0 }, sink.finished.withLock { $0 }, await iterator.next(), threw)
    }

    @Test func bandwidthSendsTimedChunks() async throws {
        // Given 1000 bytes at 2000 B/s / When written / Then 10 chunks of 100 bytes, 50 ms apart, in virtual time.
        let clock = ManualClock(sleepsAdvanceTime: true)
        let result = try await run(bytes: 1000, fate: .deliver, shaping: NetworkShaping(bandwidth: 2000), clock: clock)
        #expect(result.writes == Array(repeating: 100, count: 10))
        #expect(clock.requestedSleeps == Array(repeating: .milliseconds(50), count: 9))
        #expect(result.finished && !result.threw)
        #expect(result.entry?.outcome == .completed)
        #expect(result.entry?.bytesSent == 1000)
    }

    @Test func unlimitedBandwidthIsOneWrite() async throws {
        let clock = ManualClock(sleepsAdvanceTime: true)
        let result = try await run(bytes: 5000, fate: .deliver, shaping: NetworkShaping(), clock: clock)
        #expect(result.writes == [5000])
        #expect(clock.requestedSleeps.isEmpty)
    }

    @Test func truncationStopsPartWayAndClosesWithoutFinishing() async throws {
        let clock = ManualClock(sleepsAdvanceTime: true)
        let result = try await run(bytes: 1000, fate: .truncate(fraction: 0.25), shaping: NetworkShaping(bandwidth: 2000), clock: clock)
        #expect(result.writes.reduce(0, +) == 250)
        #expect(!result.finished && result.threw)
        #expect(result.entry?.outcome == .truncated)
        #expect(result.entry?.bytesSent == 250)
    }

    @Test func aStallWithoutAClientEndsWhenTheServerStops() async throws {
        // Given a stalled body with no connection to watch / When the server stops / Then it ends, logged as such.
        let log = RequestLog()
        let entries = log.subscribe()
        let shutdown = ShutdownSignal()
        let environment = ShapingEnvironment(
            control: NetworkShapingControl(NetworkShaping()), clock: ManualClock(sleepsAdvanceTime: true), shutdown: shutdown, channel: nil)
        let recorder = RequestRecorder(method: "GET", target: "/s", range: nil, log: log, inFlight: InFlightRequests())
        let body = ShapedBody(bytes: ByteBuffer(repeating: 1, count: 10), fate: .stall, appliesBandwidth: true)
            .responseBody(recorder: recorder, environment: environment)
        let sink = Sink()
        let writing = Task { try await body.write(SinkWriter(sink: sink)) }
        shutdown.trigger()
        await #expect(throws: (any Error).self) { try await writing.value }
        var iterator = entries.makeAsyncIterator()
        #expect(await iterator.next()?.outcome == .serverStopped)
        #expect(sink.writes.withLock { $0 }.isEmpty)
    }
}
