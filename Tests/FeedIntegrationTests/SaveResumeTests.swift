import FeedSources
@testable import FeedSourcesTests
import Foundation
import ImageCodecs
import ImageLoading
import PicsumServer
import TestSupport
import Testing
import Vocabulary

/// `s` on a web photo: the original's bytes through the pipeline (`ImagePipeline.data(for:)`),
/// then `PhotoSaver`. A download cut mid-body keeps its bytes, and the next save asks only for
/// the rest (`Range` + `If-Range`, 206) and writes the whole original.
@Suite("Saving a web photo resumes a cut download", .tags(.realTime))
struct SaveResumeTests {
    @Test func aSaveCutMidBodyResumesWhereItStoppedAndWritesTheWholeOriginal() async throws {
        // Given the embedded server cutting every image response part-way
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-resume-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = PicsumServer.Configuration(
            photosDirectory: TemporaryDirectory.assets, count: 5, shaping: NetworkShaping(truncateRate: 1, seed: 11))
        try await EmbeddedServer.with(configuration, retryPolicy: .never) { server, pipeline, _ in
            let log = server.requests
            let path = "/id/2/900/600"
            let request = ImageRequest(url: server.baseURL.appendingPathComponent(String(path.dropFirst())))
            // When the original is fetched to be saved, the connection is cut: the save fails, naming why
            await #expect(throws: ImageLoadError.self) { _ = try await pipeline.data(for: request) }
            let cut = try #require(await Self.entry(in: log, for: path))
            #expect(cut.outcome == .truncated)
            #expect(cut.bytesSent > 0)
            // When the network is whole again and the save is tried again
            _ = try server.shaping.update { $0.truncateRate = 0 }
            let bytes = try await pipeline.data(for: request)
            let saved = try PhotoSaver.save(bytes, named: "photo-2-900x600", into: folder)
            // Then only the rest was asked for, from where the kept bytes end (at most what the
            // server wrote before the cut: the last of it may never have arrived)
            let resumed = try #require(await Self.entry(in: log, for: path))
            let offset = try #require(resumed.range.flatMap { Int($0.dropFirst("bytes=".count).dropLast()) })
            #expect(resumed.range == "bytes=\(offset)-")
            #expect(offset > 0 && offset <= cut.bytesSent)
            #expect(resumed.status == 206)
            #expect(resumed.bytesSent == bytes.count - offset)
            // And the saved file is the whole original, a 900×600 JPEG, under its name
            #expect(saved.lastPathComponent == "photo-2-900x600.jpg")
            #expect(try ImageDecoder.decode([UInt8](Data(contentsOf: saved))).bitmap.size == PixelSize(width: 900, height: 600))
        }
    }

    /// Reads the server's log until an entry for `target` finishes.
    private static func entry(in log: AsyncStream<RequestLogEntry>, for target: String) async -> RequestLogEntry? {
        for await entry in log where entry.target == target { return entry }
        return nil
    }
}
