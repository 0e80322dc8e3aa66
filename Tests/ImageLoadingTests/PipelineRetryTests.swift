@testable import ImageLoading
import TestSupport
import Testing

@Suite struct PipelineRetryTests {
    let url = Fixtures.url
    let policy = RetryPolicy(maxAttempts: 3, initialDelay: .seconds(1), multiplier: 2, jitter: 0)

    @Test func serverErrorsAreRetriedWithBackoffOnTheInjectedClock() async throws {
        // Given a server failing twice with 500, then answering
        let loader = MockDataLoader()
        let body = Fixtures.jpeg()
        loader.set(url) { _, attempt in attempt < 3 ? .init(status: 500) : .init(body: body) }
        let clock = ManualClock()
        let pipeline = Fixtures.pipeline(loader: loader, retryPolicy: policy, clock: clock)
        // When the load runs and the test clock is advanced through each backoff
        let task = pipeline.imageTask(for: ImageRequest(string: url))
        await clock.sleepRequested(1)
        clock.advance(by: .seconds(1))
        await clock.sleepRequested(2)
        clock.advance(by: .seconds(2))
        // Then the third attempt succeeds after 1 s and 2 s of backoff
        #expect(try await task.response.source == .network)
        #expect(loader.loadCount(url) == 3)
        #expect(clock.requestedSleeps == [.seconds(1), .seconds(2)])
        #expect(pipeline.counters.retried == 2)
    }

    @Test func givesUpAfterThreeAttempts() async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(status: 503))
        let clock = ManualClock()
        let pipeline = Fixtures.pipeline(loader: loader, retryPolicy: policy, clock: clock)
        let task = pipeline.imageTask(for: ImageRequest(string: url))
        await clock.sleepRequested(1)
        clock.advance(by: .seconds(1))
        await clock.sleepRequested(2)
        clock.advance(by: .seconds(2))
        let result = await task.result
        #expect(result.flatMap { try? $0.get() } == nil)
        #expect(task.phase.error?.statusCode == 503)
        #expect(loader.loadCount(url) == 3)
    }

    @Test(arguments: [400, 403, 404])
    func clientErrorsAreNotRetried(status: Int) async throws {
        let loader = MockDataLoader()
        loader.set(url, .init(status: status))
        let clock = ManualClock()
        let pipeline = Fixtures.pipeline(loader: loader, retryPolicy: policy, clock: clock)
        let task = pipeline.imageTask(for: ImageRequest(string: url))
        await #expect(throws: ImageLoadError.httpStatus(status)) { try await task.response }
        #expect(loader.loadCount(url) == 1)
        #expect(clock.requestedSleeps.isEmpty)
    }

    @Test func retryAfterIsHonoured() async throws {
        let loader = MockDataLoader()
        let body = Fixtures.jpeg()
        loader.set(url) { _, attempt in attempt == 1 ? .init(status: 429, headers: ["Retry-After": "7"]) : .init(body: body) }
        let clock = ManualClock()
        let pipeline = Fixtures.pipeline(loader: loader, retryPolicy: policy, clock: clock)
        let task = pipeline.imageTask(for: ImageRequest(string: url))
        await clock.sleepRequested(1)
        clock.advance(by: .seconds(7))
        _ = try await task.response
        #expect(clock.requestedSleeps == [.seconds(7)])
    }

    @Test func noRetryAfterCancel() async throws {
        // Given a failing load waiting for its first backoff
        let loader = MockDataLoader()
        loader.set(url, .init(status: 500))
        let clock = ManualClock()
        let pipeline = Fixtures.pipeline(loader: loader, retryPolicy: policy, clock: clock)
        let events = pipeline.events
        let task = pipeline.imageTask(for: ImageRequest(string: url))
        await clock.sleepRequested(1)
        // When the task is cancelled
        task.cancel()
        _ = await events.first { $0.kind == .cancelled && $0.stage == .data }
        clock.advance(by: .seconds(60))
        // Then no further attempt is made, and nothing failed
        #expect(loader.loadCount(url) == 1)
        #expect(pipeline.counters.failed == 0)
    }

    @Test func transportErrorsAreRetried() async throws {
        let loader = MockDataLoader()
        let body = Fixtures.jpeg()
        loader.set(url) { _, attempt in attempt == 1 ? .init(error: .transport("refused")) : .init(body: body) }
        let clock = ManualClock()
        let pipeline = Fixtures.pipeline(loader: loader, retryPolicy: policy, clock: clock)
        let task = pipeline.imageTask(for: ImageRequest(string: url))
        await clock.sleepRequested(1)
        clock.advance(by: .seconds(1))
        #expect(try await task.response.source == .network)
        #expect(loader.loadCount(url) == 2)
    }
}
