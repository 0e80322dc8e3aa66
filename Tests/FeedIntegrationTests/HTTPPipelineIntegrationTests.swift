import Foundation
@testable import ImageLoading
@testable import ImageLoadingTests
import PicsumServer
import TestSupport
import Testing

/// The pipeline over loopback against the embedded server, with its shaping.
@Suite(.serialized, .tags(.realTime)) struct HTTPPipelineIntegrationTests {
    @Test func loadsAThumbnailOverHTTP() async throws {
        try await LiveServer.with { server, pipeline in
            let request = ImageRequest(
                url: server.baseURL.appendingPathComponent("id/3/300/200"),
                processors: [.resize(to: .init(width: 60, height: 40), mode: .fill)])
            let response = try await pipeline.image(for: request)
            #expect(response.source == .network)
            #expect(response.bitmap.size == .init(width: 60, height: 40))
            #expect(response.originalSize.width <= 300)
            #expect(try await pipeline.image(for: request).source == .memory)
        }
    }

    @Test func requestHeadersReachTheServerAndUnsafeOnesDoNot() async throws {
        try await LiveServer.with { server, pipeline in
            // Given a request with a custom header, and one that would split the header block
            let log = server.requests
            let request = ImageRequest(
                url: server.baseURL.appendingPathComponent("id/8/40/30"), cachePolicy: .viewLifetime,
                headers: ["X-Photofeed-Test": "42", "X-Injected": "a\r\nX-Evil: 1", "Bad Name": "x"])
            // When it is loaded over HTTP
            _ = try await pipeline.image(for: request)
            // Then the server saw the custom header, and neither the unsafe one nor a smuggled line
            let entry = try #require(await log.entry(for: "/id/8/40/30"))
            #expect(entry.requestHeaders["x-photofeed-test"] == "42")
            #expect(entry.requestHeaders["x-injected"] == nil)
            #expect(entry.requestHeaders["x-evil"] == nil)
            #expect(entry.requestHeaders["bad name"] == nil)
        }
    }

    @Test func tenConcurrentLoadsOfOneURLMakeOneRequest() async throws {
        try await LiveServer.with(shaping: NetworkShaping(latency: .milliseconds(50))) { server, pipeline in
            // Given the server's request log
            let log = server.requests
            let url = server.baseURL.appendingPathComponent("id/5/400/300")
            // When ten tasks load the same URL at once
            let tasks = (0..<10).map { _ in pipeline.imageTask(for: ImageRequest(url: url, cachePolicy: .viewLifetime)) }
            for task in tasks { _ = try await task.response }
            // Then the server saw one request for it (counted up to a later sentinel request)
            let sentinel = server.baseURL.appendingPathComponent("id/6/10/10")
            _ = try await pipeline.image(for: ImageRequest(url: sentinel))
            var hits = 0
            for await entry in log {
                if entry.target == "/id/5/400/300" { hits += 1 }
                if entry.target == "/id/6/10/10" { break }
            }
            #expect(hits == 1)
        }
    }

    @Test func cancelMidBodyClosesTheConnectionAndTheNextLoadResumes() async throws {
        try await LiveServer.with(shaping: NetworkShaping(bandwidth: 40_000)) { server, pipeline in
            // Given a slow download that has received some bytes
            let log = server.requests
            let path = "/id/7/900/700"
            let url = try #require(URL(string: server.baseURL.absoluteString + path))
            let events = pipeline.events
            let task = pipeline.imageTask(for: ImageRequest(url: url))
            _ = await events.first {
                if case .progress(let progress) = $0.kind { progress.completed > 0 } else { false }
            }
            // When it is cancelled
            task.cancel()
            _ = await events.first { $0.kind == .cancelled && $0.stage == .data }
            // Then the server saw the client go away early
            let first = try #require(await log.entry(for: path))
            #expect(first.clientWentAway)
            #expect(first.bytesSent < (first.expectedBytes ?? .max))
            // When the image is loaded again at full speed
            _ = try server.shaping.update { $0.bandwidth = nil }
            let response = try await pipeline.image(for: ImageRequest(url: url))
            // Then it was a range request, answered 206, and the response says it resumed
            let second = try #require(await log.entry(for: path))
            guard case .networkResumed(let offset) = response.source else {
                Issue.record("expected a resumed download, got \(response.source)")
                return
            }
            #expect(offset > 0)
            #expect(second.range == "bytes=\(offset)-")
            #expect(second.status == 206)
            #expect(response.bytesTransferred == response.byteCount - offset)
            #expect(response.bitmap.size == .init(width: 900, height: 700))
        }
    }

    @Test func retriesRideOutTheFailureRate() async throws {
        let policy = RetryPolicy(maxAttempts: 8, initialDelay: .milliseconds(5), maxDelay: .milliseconds(50))
        try await LiveServer.with(shaping: NetworkShaping(failureRate: 0.3, seed: 42), retryPolicy: policy) { server, pipeline in
            let urls = (10..<22).map { server.baseURL.appendingPathComponent("id/\($0)/120/80") }
            try await withThrowingTaskGroup(of: ImageResponse.self) { group in
                for url in urls { group.addTask { try await pipeline.image(for: ImageRequest(url: url)) } }
                for try await response in group { #expect(response.bitmap.size.width == 120) }
            }
            #expect(pipeline.counters.retried > 0)
            #expect(pipeline.counters.failed == 0)
        }
    }

    @Test func aStalledResponseHitsTheIdleTimeout() async throws {
        let limits = ImagePipeline.Limits(idleTimeout: .milliseconds(300))
        try await LiveServer.with(shaping: NetworkShaping(stallRate: 1), limits: limits) { server, pipeline in
            let url = server.baseURL.appendingPathComponent("id/8/200/200")
            let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(url: url)) }
            #expect(error?.kind == .timedOut)
        }
    }

    @Test func aTruncatedBodyIsDetectedNeverDecodedShort() async throws {
        try await LiveServer.with(shaping: NetworkShaping(truncateRate: 1, seed: 3)) { server, pipeline in
            let url = server.baseURL.appendingPathComponent("id/9/500/400")
            let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(url: url)) }
            #expect(error?.kind == .transport)
            #expect(pipeline.counters.decoded == 0)
        }
    }

    @Test func redirectsAreFollowed() async throws {
        try await LiveServer.with { server, pipeline in
            let url = server.baseURL.appendingPathComponent("200/100")
            let response = try await pipeline.image(for: ImageRequest(url: url))
            #expect(response.bitmap.size == .init(width: 200, height: 100))
        }
    }

    @Test func notFoundIsAnHTTPStatusFailure() async throws {
        try await LiveServer.with { server, pipeline in
            let url = server.baseURL.appendingPathComponent("id/999999/10/10")
            let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(url: url)) }
            #expect(error?.kind == .httpStatus)
        }
    }

    @Test func aClosedPortIsATransportFailure() async throws {
        let server = try await LiveServer.start()
        let url = server.baseURL.appendingPathComponent("id/1/10/10")
        await server.stop()
        let pipeline = LiveServer.pipeline()
        let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(url: url)) }
        #expect(error?.kind == .transport)
        await pipeline.shutdown()
    }

    @Test func filesLoadByPlainPathWithProgress() async throws {
        let pipeline = LiveServer.pipeline()
        let path = LiveServer.photos.appendingPathComponent("astronaut.jpg").path
        let events = pipeline.events
        let task = pipeline.imageTask(for: ImageRequest(string: path))
        let response = try await task.response
        #expect(response.source == .network)
        let seen = await events.collect { $0.stage == .task }
        #expect(seen.contains { if case .progress = $0.kind { true } else { false } })
        let missing = await #expect(throws: ImageLoadError.self) {
            try await pipeline.image(for: ImageRequest(string: path + ".missing"))
        }
        #expect(missing?.kind == .transport)
        await pipeline.shutdown()
    }
}

@Suite(.tags(.realTime)) struct HTTPDataLoaderLifecycleTests {
    @Test func droppedConfigurationsAndLoadersNeverNeedAShutdown() async throws {
        // Given configurations made and replaced, and a loader dropped after a real load
        var configuration = ImagePipeline.Configuration()
        configuration.dataLoader = MockDataLoader()
        _ = configuration
        let server = try await LiveServer.start()
        do {
            let loader = HTTPDataLoader()
            let response = try await loader.load(DataRequest(url: server.baseURL.appendingPathComponent("id/1/10/10")))
            for try await _ in response.body {}
            #expect(response.head.statusCode == 200)
        }
        // Then nothing traps, and a loader that was shut down refuses further loads clearly
        let stopped = HTTPDataLoader()
        await stopped.shutdown()
        await #expect(throws: ImageLoadError.transport("the HTTP loader was shut down")) {
            _ = try await stopped.load(DataRequest(url: server.baseURL))
        }
        await server.stop()
    }
}
