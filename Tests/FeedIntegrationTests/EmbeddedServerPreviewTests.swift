import FeedSources
@testable import FeedSourcesTests
import Foundation
import ImageLoading
import PicsumServer
import TestSupport
import Testing
import Vocabulary

/// Issue 13 end to end, in process: the real embedded server over loopback, shaped like a slow
/// mobile link, serves a large image as a progressive JPEG, and the real pipeline shows its
/// scans as previews before the image; a small (block-art) thumbnail stays baseline.
@Suite(.serialized, .tags(.realTime), .timeLimit(.minutes(2))) struct EmbeddedServerPreviewTests {
    static func phases(of request: ImageRequest, in pipeline: ImagePipeline) async -> [ImagePhase] {
        // The task is held while its phases are read (the pipeline keeps no strong reference).
        let task = pipeline.imageTask(for: request)
        var phases: [ImagePhase] = []
        for await phase in task.phases { phases.append(phase) }
        withExtendedLifetime(task) {}
        return phases
    }

    @Test func aLargeImageOverASlowLinkShowsPreviewsBeforeItArrives() async throws {
        // Given the embedded server at 40 KB/s with 300 ms of latency (a 3G-like link)
        var configuration = PicsumServer.Configuration(photosDirectory: TemporaryDirectory.assets, count: 10)
        configuration.shaping = NetworkShaping(latency: .milliseconds(300), bandwidth: 40_000)
        try await EmbeddedServer.with(configuration) { server, pipeline, loader in
            let feed = PicsumFeed.embedded(baseURL: server.baseURL, photoSet: server.photoSet, dataLoader: loader, pageSize: 10)
            let photo = try #require(try await feed.loadNextPage().first)

            // When a detail-sized image (720×480, progressive on the server) loads
            let box = PixelSize(width: 720, height: 480)
            let large = await Self.phases(of: photo.imageRequest(for: box), in: pipeline)

            // Then previews came before the image, their scans rising, each at the image's size
            let previews = large.compactMap(\.preview)
            #expect(!previews.isEmpty, "\(large.map(\.description))")
            #expect(previews.map(\.scan) == previews.map(\.scan).sorted())
            #expect(Set(previews.map(\.scan)).count == previews.count)
            let response = try #require(large.last?.response)
            #expect(previews.allSatisfy { $0.bitmap.size == response.bitmap.size })
            #expect(previews.allSatisfy { $0.progress.completed < response.byteCount })
            #expect(pipeline.counters.previews == previews.count)

            // When a block-art thumbnail (48×32, baseline on the server) loads
            let small = await Self.phases(of: photo.imageRequest(for: PixelSize(width: 48, height: 32)), in: pipeline)

            // Then it keeps its placeholder until it arrives
            #expect(small.last?.response != nil)
            #expect(!small.contains { $0.preview != nil })
        }
    }
}
