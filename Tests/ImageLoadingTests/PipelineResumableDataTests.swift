@testable import ImageLoading
import TestSupport
import Testing

@Suite struct PipelineResumableDataTests {
    let url = Fixtures.url

    /// A loader whose first answer stops halfway at a gate; later answers follow `resumed`.
    private func loader(
        body: [UInt8], validator: [String: String], gate: Gate,
        resumed: @escaping @Sendable (DataRequest, [UInt8]) -> MockDataLoader.Response
    ) -> MockDataLoader {
        let loader = MockDataLoader()
        loader.set(url) { request, attempt in
            attempt == 1
                ? .init(headers: validator, body: body, chunkSize: 200, bodyGate: (body.count / 2, gate))
                : resumed(request, body)
        }
        return loader
    }

    private func rangeResponse(_ request: DataRequest, _ body: [UInt8]) -> MockDataLoader.Response {
        guard let range = request.header("Range"), range.hasPrefix("bytes="),
            let start = Int(range.dropFirst("bytes=".count).dropLast())
        else { return .init(headers: ["ETag": "\"v1\""], body: body) }
        return .init(
            status: 206, headers: ["ETag": "\"v1\"", "Content-Range": "bytes \(start)-\(body.count - 1)/\(body.count)"],
            body: Array(body[start...]))
    }

    /// Starts a load, waits until it is held halfway, cancels it and waits until the partial is kept.
    private func interruptedLoad(_ pipeline: ImagePipeline, gate: Gate) async {
        let events = pipeline.events
        let task = pipeline.imageTask(for: ImageRequest(string: url))
        await gate.reached()
        task.cancel()
        _ = await events.first { $0.kind == .cancelled && $0.stage == .data }
    }

    @Test func cancelledDownloadResumesWithRangeAndIfRange() async throws {
        // Given a download cancelled halfway, with a strong ETag
        let body = Fixtures.jpeg(width: 120, height: 90)
        let gate = Gate()
        let loader = loader(body: body, validator: ["ETag": "\"v1\""], gate: gate, resumed: rangeResponse)
        let pipeline = Fixtures.pipeline(loader: loader)
        await interruptedLoad(pipeline, gate: gate)
        // When it is loaded again
        let response = try await pipeline.image(for: ImageRequest(string: url))
        // Then the request asked for the rest, conditional on the ETag, and the image is whole
        let second = try #require(loader.requests.last)
        #expect(second.header("Range") == "bytes=\(body.count / 2)-")
        #expect(second.header("If-Range") == "\"v1\"")
        #expect(response.source == .network(resumedFrom: body.count / 2))
        #expect(response.byteCount == body.count)
        #expect(response.bytesTransferred == body.count - body.count / 2)
        #expect(response.bitmap.size.width == 120)
        #expect(pipeline.counters.resumed == 1)
    }

    @Test func aFullResponseToARangeRequestStartsOverCleanly() async throws {
        // Given a kept partial, and a server that now sends the whole (changed) image
        let body = Fixtures.jpeg(width: 120, height: 90)
        let changed = Fixtures.jpeg(width: 80, height: 60, seed: 200)
        let gate = Gate()
        let loader = loader(body: body, validator: ["ETag": "\"v1\""], gate: gate) { _, _ in
            .init(headers: ["ETag": "\"v2\""], body: changed)
        }
        let pipeline = Fixtures.pipeline(loader: loader)
        await interruptedLoad(pipeline, gate: gate)
        // When loaded again
        let response = try await pipeline.image(for: ImageRequest(string: url))
        // Then the partial was discarded: the new image decodes whole
        #expect(loader.requests.last?.header("Range") != nil)
        #expect(response.source == .network)
        #expect(response.byteCount == changed.count)
        #expect(response.bitmap.size.width == 80)
    }

    @Test func lastModifiedIsTheValidatorWithoutAStrongETag() async throws {
        let body = Fixtures.jpeg()
        let gate = Gate()
        let date = "Wed, 21 Oct 2026 07:28:00 GMT"
        let loader = loader(body: body, validator: ["ETag": "W/\"weak\"", "Last-Modified": date], gate: gate, resumed: rangeResponse)
        let pipeline = Fixtures.pipeline(loader: loader)
        await interruptedLoad(pipeline, gate: gate)
        _ = try await pipeline.image(for: ImageRequest(string: url))
        #expect(loader.requests.last?.header("If-Range") == date)
    }

    @Test func withoutAValidatorNothingIsKept() async throws {
        let body = Fixtures.jpeg()
        let gate = Gate()
        let loader = loader(body: body, validator: [:], gate: gate, resumed: rangeResponse)
        let pipeline = Fixtures.pipeline(loader: loader)
        await interruptedLoad(pipeline, gate: gate)
        let response = try await pipeline.image(for: ImageRequest(string: url))
        #expect(loader.requests.last?.header("Range") == nil)
        #expect(response.source == .network)
    }

    @Test func aDroppedConnectionIsResumedByTheRetry() async throws {
        // Given a body that breaks halfway, and a retry policy on a manual clock
        let body = Fixtures.jpeg(width: 100, height: 80)
        let loader = MockDataLoader()
        loader.set(url) { request, attempt in
            attempt == 1
                ? .init(headers: ["ETag": "\"v1\""], body: body, chunkSize: 100, failAfterBytes: body.count / 2)
                : rangeResponse(request, body)
        }
        let clock = ManualClock()
        let pipeline = Fixtures.pipeline(
            loader: loader, retryPolicy: RetryPolicy(initialDelay: .seconds(1), jitter: 0), clock: clock)
        // When the retry fires
        let task = pipeline.imageTask(for: ImageRequest(string: url))
        await clock.sleepRequested(1)
        clock.advance(by: .seconds(1))
        // Then the second attempt resumed from the bytes already received
        let response = try await task.response
        #expect(response.source == .network(resumedFrom: body.count / 2))
        #expect(response.byteCount == body.count)
    }

    @Test func aShortBodyIsATransportErrorNeverAShortImage() async throws {
        // Given a server that closes after half of the announced Content-Length
        let body = Fixtures.jpeg()
        let loader = MockDataLoader()
        loader.set(url, .init(headers: ["Content-Length": String(body.count)], body: Array(body.prefix(body.count / 2))))
        let pipeline = Fixtures.pipeline(loader: loader)
        // Then the load fails as truncated and nothing is decoded
        let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(string: url)) }
        #expect(error?.kind == .transport)
        #expect(pipeline.counters.decoded == 0)
    }
}
