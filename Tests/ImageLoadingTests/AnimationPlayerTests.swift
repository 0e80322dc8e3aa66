import Foundation
import Testing

@testable import ImageLoading
import Vocabulary

@Suite("Animations in the pipeline: their bytes travel with the first frame, a player decodes on demand")
struct AnimationPlayerTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func format(_ name: String) -> URL { package.appendingPathComponent("Assets/formats/\(name)") }

    @Test(arguments: ["animated.gif", "animated.webp", "animated.png"])
    func animatedFilesAreFoundWhateverTheirSize(name: String) throws {
        // Given a small animated file (read whole with its first 64 KiB)
        // When it is read as an animation
        let data = try #require(AnimationData(animatedFile: Self.format(name)))
        // Then it holds the whole file and its frame count
        #expect(data.bytes == Array(try Data(contentsOf: Self.format(name))))
        #expect(data.frameCount == 3)
    }

    @Test(arguments: ["still.webp", "still.gif", "upright.png", "still.avif"])
    func stillsAreNoAnimation(name: String) {
        #expect(AnimationData(animatedFile: Self.format(name)) == nil)
    }

    @Test func aPlayerDecodesOnlyWhatIsAskedAndKeepsAWholeLoopThatFits() async throws {
        // Given a player for the three-frame GIF at 24×16 (a loop is 4.6 KB: it fits)
        let data = try #require(AnimationData(animatedFile: Self.format("animated.gif")))
        let player = AnimationPlayer(data: data, frameSize: PixelSize(width: 24, height: 16))
        // When nothing is asked, nothing is decoded
        #expect(await player.decodedFrames == 0)
        // When two loops are played
        for index in 0..<6 { #expect(try await player.frame(at: index).index == index % 3) }
        // Then the second loop came from the frames kept
        #expect(await player.decodedFrames == 3)
        #expect(await player.cachedBytes == 3 * 24 * 16 * 4)
    }

    @Test func aPlayerWithNoRoomDecodesAgainAndWalksForwardToAFrameBehindIt() async throws {
        // Given a player that may keep no frame
        let data = try #require(AnimationData(animatedFile: Self.format("animated.gif")))
        let player = AnimationPlayer(data: data, frameSize: PixelSize(width: 24, height: 16), frameCacheLimit: 0)
        // When frame 2 is asked for, then frame 1 (behind the cursor)
        _ = try await player.frame(at: 2)
        let behind = try await player.frame(at: 1)
        // Then frame 2 cost three decodes, frame 1 two more (from the loop's start), and nothing is kept
        #expect(behind.index == 1)
        #expect(await player.decodedFrames == 5)
        #expect(await player.cachedBytes == 0)
    }

    @Test func theResponseCarriesTheAnimationFromTheDecodeTheMemoryCacheAndAThumbnail() async throws {
        // Given a folder holding the 180×120 pan GIF, and a thumbnail cache
        let root = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("pan.gif")
        try FileManager.default.copyItem(at: Self.package.appendingPathComponent("Assets/photos/animated/chelsea-pan.gif"), to: file)
        let thumbnails = FreedesktopThumbnailCache(environment: ["XDG_CACHE_HOME": root.appendingPathComponent("cache").path])
        let request = ImageRequest(url: file, processors: [.resize(to: PixelSize(width: 60, height: 40), mode: .fill)])
        // When it is loaded (decoded, thumbnail written), loaded again (memory), and loaded by a
        // pipeline with no memory cache (the thumbnail)
        let pipeline = ImagePipeline(configuration: .init(thumbnailCache: thumbnails))
        let decoded = try await pipeline.image(for: request)
        let remembered = try await pipeline.image(for: request)
        let fresh = ImagePipeline(configuration: .init(memoryCache: nil, thumbnailCache: thumbnails))
        let fromThumbnail = try await fresh.image(for: request)
        await pipeline.shutdown()
        await fresh.shutdown()
        // Then each response has the file's bytes to play, whatever served its first frame
        #expect(decoded.source == .network && decoded.animation?.frameCount == 12)
        #expect(remembered.source == .memory && remembered.animation?.frameCount == 12)
        #expect(fromThumbnail.source == .thumbnail && fromThumbnail.animation?.frameCount == 12)
        #expect(fromThumbnail.animation?.bytes == Array(try Data(contentsOf: file)))
    }
}
