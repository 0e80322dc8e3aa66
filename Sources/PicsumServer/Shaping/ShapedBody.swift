import Hummingbird
import NIOCore

/// Writes one response body under shaping: timed chunks for a bandwidth limit, a stall, or a
/// truncation; and reports every outcome to the request's recorder.
struct ShapedBody: Sendable {
    /// The bytes the response announces (its Content-Length).
    var bytes: ByteBuffer
    /// `.deliver`, `.stall` or `.truncate`; `.fail` never reaches a body.
    var fate: ShapingFate
    /// Whether the bandwidth knob applies (image routes only).
    var appliesBandwidth: Bool

    /// Chunks per second when the bandwidth is limited.
    static let chunksPerSecond = 20

    /// Thrown to make Hummingbird close the connection without completing the body.
    struct Abort: Error {}

    func responseBody(recorder: RequestRecorder, environment: ShapingEnvironment) -> ResponseBody {
        let body = self
        return ResponseBody(contentLength: bytes.readableBytes) { writer in
            do {
                try await body.write(to: &writer, recorder: recorder, environment: environment)
            } catch is Abort {
                throw Abort()
            } catch {
                recorder.finish(environment.shutdown.isTriggered ? .serverStopped : .clientWentAway)
                throw error
            }
        }
    }

    private func write(
        to writer: inout any ResponseBodyWriter, recorder: RequestRecorder, environment: ShapingEnvironment
    ) async throws {
        let total = bytes.readableBytes
        var limit = total
        switch fate {
        case .stall where total > 0:
            recorder.finish(await environment.waitForClientToLeave())
            throw Abort()
        case .truncate(let fraction) where total > 0:
            limit = min(total - 1, max(0, Int(Double(total) * fraction)))
        default:
            break
        }
        var offset = 0
        while offset < limit {
            let bandwidth = appliesBandwidth ? environment.control.settings.bandwidth : nil
            let chunk = bandwidth.map { max(1, $0 / Self.chunksPerSecond) } ?? limit
            let length = min(chunk, limit - offset)
            guard let slice = bytes.getSlice(at: bytes.readerIndex + offset, length: length) else { break }
            try await writer.write(slice)
            recorder.sent(length)
            offset += length
            if offset < limit, bandwidth != nil {
                let interval = Duration.seconds(1) / Self.chunksPerSecond
                guard await environment.shutdown.sleep(for: interval, clock: environment.clock) else {
                    recorder.finish(.serverStopped)
                    throw Abort()
                }
            }
        }
        if limit < total {
            recorder.finish(.truncated)
            throw Abort()
        }
        try await writer.finish(nil)
        recorder.finish(.completed)
    }
}

/// What a shaped body needs from the server: live knobs, the clock, the stop signal, the connection.
struct ShapingEnvironment: Sendable {
    var control: NetworkShapingControl
    var clock: any Clock<Duration>
    var shutdown: ShutdownSignal
    /// The connection; nil in unit tests, where only the server's stop ends a stall.
    var channel: (any Channel)?
    /// The longest a stall holds the connection (then the server closes it).
    var maxStall: Duration = .seconds(60)

    /// Waits until the client closes the connection, the server stops, or the stall has lasted
    /// `maxStall` (in both of the latter, the server closes the connection).
    func waitForClientToLeave() async -> RequestLogEntry.Outcome {
        let channel = channel
        let shutdown = shutdown
        return await withTaskGroup(of: RequestLogEntry.Outcome.self) { group in
            if let channel {
                group.addTask {
                    try? await channel.triggerUserOutboundEvent(AwaitInputClosed())
                    return .clientWentAway
                }
            }
            group.addTask {
                await shutdown.wait()
                return .serverStopped
            }
            let clock = clock, maxStall = maxStall
            group.addTask {
                // Cancelled (an error) when the stall ended otherwise first.
                guard (try? await clock.sleep(for: maxStall)) != nil else { return .clientWentAway }
                return .stallTimedOut
            }
            let first = await group.next() ?? .clientWentAway
            if first == .serverStopped || first == .stallTimedOut { channel?.close(promise: nil) }
            group.cancelAll()
            return first
        }
    }
}
