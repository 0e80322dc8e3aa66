import Foundation
@testable import ImageLoading
import PicsumServer

/// The embedded picsum server over the package's photos, and a pipeline on the real HTTP loader.
enum LiveServer {
    static let photos = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos")

    static func start(_ shaping: NetworkShaping = NetworkShaping()) async throws -> PicsumServer {
        try await PicsumServer.start(PicsumServer.Configuration(photosDirectory: photos, count: 100, shaping: shaping))
    }

    /// A pipeline with the real loaders, no disk cache, a fresh memory cache.
    static func pipeline(
        limits: ImagePipeline.Limits = .init(), retryPolicy: RetryPolicy = .never
    ) -> ImagePipeline {
        ImagePipeline(configuration: .init(memoryCache: ImageCache(), limits: limits, retryPolicy: retryPolicy))
    }

    /// Runs `body` with a server and a pipeline, then shuts both down.
    static func with<T: Sendable>(
        shaping: NetworkShaping = NetworkShaping(),
        limits: ImagePipeline.Limits = .init(),
        retryPolicy: RetryPolicy = .never,
        _ body: (PicsumServer, ImagePipeline) async throws -> T
    ) async throws -> T {
        let server = try await start(shaping)
        let pipeline = pipeline(limits: limits, retryPolicy: retryPolicy)
        return try await run(server, pipeline) { try await body(server, pipeline) }
    }

    /// Runs `body`, then shuts the pipeline and the server down, whether `body` threw or not.
    static func run<T: Sendable>(
        _ server: PicsumServer, _ pipeline: ImagePipeline, _ body: () async throws -> T
    ) async throws -> T {
        do {
            let result = try await body()
            await pipeline.shutdown()
            await server.stop()
            return result
        } catch {
            await pipeline.shutdown()
            await server.stop()
            throw error
        }
    }
}

extension AsyncStream where Element == RequestLogEntry {
    /// Reads log entries until one for `target` finishes.
    func entry(for target: String) async -> RequestLogEntry? {
        for await entry in self where entry.target == target { return entry }
        return nil
    }
}
