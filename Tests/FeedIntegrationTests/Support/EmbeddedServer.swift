@testable import FeedSourcesTests
import ImageLoading
import PicsumServer

/// The embedded picsum server over the package's photos, and a pipeline on the real loaders.
enum EmbeddedServer {
    /// Runs `body` with a server of `count` photos, a pipeline (fresh memory cache, no disk
    /// cache) and its data loader (for the feed's list requests); then shuts all of them down.
    static func with(
        count: Int, _ body: (PicsumServer, ImagePipeline, DataLoader) async throws -> Void
    ) async throws {
        try await with(PicsumServer.Configuration(photosDirectory: TemporaryDirectory.assets, count: count), body)
    }

    /// Runs `body` with a server made from `configuration` (its photos, count and shaping), a
    /// pipeline retrying by `retryPolicy` and its data loader; then shuts all of them down.
    static func with(
        _ configuration: PicsumServer.Configuration, retryPolicy: RetryPolicy = .default,
        _ body: (PicsumServer, ImagePipeline, DataLoader) async throws -> Void
    ) async throws {
        let server = try await PicsumServer.start(configuration)
        let loader = DataLoader()
        let pipeline = ImagePipeline(configuration: .init(dataLoader: loader, memoryCache: ImageCache(), retryPolicy: retryPolicy))
        do {
            try await body(server, pipeline, loader)
        } catch {
            await pipeline.shutdown()
            await server.stop()
            throw error
        }
        await pipeline.shutdown()
        await server.stop()
    }
}
