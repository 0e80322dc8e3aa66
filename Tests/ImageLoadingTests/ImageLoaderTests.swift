import Foundation
@testable import ImageLoading
import Testing

@Suite struct ImageLoaderTests {
    let full = "https://images.test/full.jpg"
    let small = "https://images.test/small.jpg"

    private func settled(_ loader: ImageLoader) async -> ImagePhase {
        for await phase in loader.phases where phase.isTerminal { return phase }
        return loader.phase
    }

    @Test func aNilRequestIsAFailureNotAnEndlessEmpty() async {
        let loader = ImageLoader(pipeline: Fixtures.pipeline(loader: MockDataLoader()))
        loader.load(nil)
        #expect(loader.phase.error?.kind == .invalidURL)
    }

    @Test func loadsAndReportsTheResult() async throws {
        let mock = MockDataLoader()
        mock.set(full, .init(body: Fixtures.jpeg()))
        let loader = ImageLoader(pipeline: Fixtures.pipeline(loader: mock))
        loader.load(ImageRequest(string: full))
        let phase = await settled(loader)
        #expect(phase.response?.source == .network)
    }

    @Test func lowDataLoadsTheSmallImageAndSwitchingItOffChangesOnlyTheLoadsThatFollow() async throws {
        // Given a request with a low-data variant, in low-data mode
        let mock = MockDataLoader()
        mock.set(small, .init(body: Fixtures.jpeg(width: 16, height: 12)))
        let gate = Gate()
        mock.set(full, .init(body: Fixtures.jpeg(width: 64, height: 48), headGate: gate))
        let loader = ImageLoader(pipeline: Fixtures.pipeline(loader: mock))
        loader.lowData = true
        loader.load(ImageRequest(url: URL(string: full), lowDataURL: URL(string: small)))
        let low = await settled(loader)
        #expect(low.response?.bitmap.size.width == 16)
        #expect(loader.showsLowData)
        // When low-data mode is switched off, nothing loads by itself (the caller decides)
        loader.lowData = false
        #expect(loader.phase.response?.bitmap.size.width == 16)
        #expect(mock.loadCount(full) == 0)
        // When the request is loaded again, it is the regular image
        gate.open()
        loader.load(ImageRequest(url: URL(string: full), lowDataURL: URL(string: small)))
        let regular = await settled(loader)
        #expect(regular.response?.bitmap.size.width == 64)
        #expect(!loader.showsLowData)
        #expect(mock.loadCount(full) == 1)
    }

    @Test func cancelReturnsALoadingRowToIdle() async throws {
        let mock = MockDataLoader()
        let gate = Gate()
        mock.set(full, .init(body: Fixtures.jpeg(), headGate: gate))
        let loader = ImageLoader(pipeline: Fixtures.pipeline(loader: mock))
        loader.load(ImageRequest(string: full))
        await gate.reached()
        loader.cancel()
        guard case .idle = loader.phase else {
            Issue.record("expected idle, got \(loader.phase)")
            return
        }
    }

    @Test func priorityFollowsIntoTheRunningLoad() async throws {
        let mock = MockDataLoader()
        let gate = Gate()
        mock.set(full, .init(body: Fixtures.jpeg(), headGate: gate))
        let pipeline = Fixtures.pipeline(loader: mock)
        let loader = ImageLoader(pipeline: pipeline)
        loader.priority = .low
        loader.load(ImageRequest(string: full))
        await gate.reached()
        loader.priority = .veryHigh
        #expect(pipeline.dataStage.priority(full) == .veryHigh)
        gate.open()
        _ = await settled(loader)
    }
}

@Suite struct ImageLoaderMemoryHitTests {
    @Test func aMemoryHitIsShownAtOnceWithoutALoadingPhase() async throws {
        // Given an image already in the memory cache
        let mock = MockDataLoader()
        mock.set(Fixtures.url, .init(body: Fixtures.jpeg()))
        let pipeline = Fixtures.pipeline(loader: mock)
        _ = try await pipeline.image(for: ImageRequest(string: Fixtures.url))
        // When a loader loads it (a row re-appearing)
        let loader = ImageLoader(pipeline: pipeline)
        let phases = loader.phases
        loader.load(ImageRequest(string: Fixtures.url))
        // Then the phase is the memory hit immediately, with no loading phase before it
        #expect(loader.phase.response?.source == .memory)
        var seen: [ImagePhase] = []
        for await phase in phases {
            seen.append(phase)
            if phase.isTerminal { break }
        }
        #expect(seen.count == 2)  // the initial idle, then success
        #expect(seen.last?.response?.source == .memory)
    }
}

@Suite struct ImageLoaderReloadTests {
    @Test func reloadAfterAFailureLoadsAgain() async throws {
        // Given a server failing once, then answering
        let mock = MockDataLoader()
        let body = Fixtures.jpeg()
        mock.set(Fixtures.url) { _, attempt in attempt == 1 ? .init(status: 500) : .init(body: body) }
        let loader = ImageLoader(pipeline: Fixtures.pipeline(loader: mock))
        let phases = loader.phases
        loader.load(ImageRequest(string: Fixtures.url))
        for await phase in phases where phase.isTerminal { break }
        #expect(loader.phase.error?.statusCode == 500)
        // When the row asks to retry
        let again = loader.phases
        loader.reload()
        // Then it loads again and succeeds
        for await phase in again where phase.response != nil { break }
        #expect(loader.phase.response?.source == .network)
        #expect(mock.loadCount(Fixtures.url) == 2)
    }
}
