import CodecFixtures
import Foundation
import ImageCodecs
@testable import ImageLoading
import Testing
import Vocabulary

/// A camera RAW file through a real pipeline is not read whole: the data stage reads its first
/// bytes, the decode stage its preview from the open file, so a RAW over the byte limit is shown
/// (the limit bounds what is held, and the sensor data is never held); the original's own bytes,
/// asked for whole (`data(for:)`), are still read whole and bounded.
@Suite struct RawFileLoadTests {
    static let dng = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CodecFixtures/conformance/raw/preview-turned.dng")

    /// The turned DNG (a 96×64 preview to be turned upright) grown to `size` bytes by a hole
    /// after its end, as a RAW's sensor data makes it large.
    static func largeRAW(size: Int) throws -> URL {
        let photo = Fixtures.temporaryDirectory().appendingPathComponent("DSC_0001.DNG")
        try Data(contentsOf: dng).write(to: photo)
        let handle = try FileHandle(forWritingTo: photo)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        return photo
    }

    @Test func aRAWOverTheByteLimitIsShownFromItsPreview() async throws {
        // Given an 8 MiB DNG and a pipeline whose byte limit is 1 MiB
        let photo = try Self.largeRAW(size: 8 << 20)
        let pipeline = ImagePipeline(
            configuration: .init(memoryCache: ImageCache(), limits: .init(maxResponseBytes: 1 << 20), decodeConcurrency: 1))
        defer { Task { await pipeline.shutdown() } }

        // When its picture is asked for
        let response = try await pipeline.image(
            for: ImageRequest(url: photo, processors: [.resize(to: PixelSize(width: 64, height: 96), mode: .fit)]))

        // Then it is the preview, upright; the original counts as the whole file, and what came
        // through the loader is its first bytes only
        #expect(response.originalSize == PixelSize(width: 64, height: 96))
        #expect(response.byteCount == 8 << 20)
        #expect(response.bytesTransferred <= ImageFormat.rawSniffWindow)
    }

    @Test func theOriginalsBytesAreStillReadWholeAndBounded() async throws {
        // Given an 8 MiB DNG
        let photo = try Self.largeRAW(size: 8 << 20)
        let small = ImagePipeline(configuration: .init(limits: .init(maxResponseBytes: 1 << 20), decodeConcurrency: 1))
        let large = ImagePipeline(configuration: .init(limits: .init(maxResponseBytes: 16 << 20), decodeConcurrency: 1))
        defer { Task { await small.shutdown(); await large.shutdown() } }

        // When its original bytes are asked for under a 1 MiB and a 16 MiB limit
        let refused = await #expect(throws: ImageLoadError.self) { try await small.data(for: ImageRequest(url: photo)) }
        let bytes = try await large.data(for: ImageRequest(url: photo))

        // Then the first is refused as too large, the second is the whole file, byte for byte
        #expect(refused?.kind == .tooLarge)
        #expect(bytes == [UInt8](try Data(contentsOf: photo)))
    }

    @Test func aRAWOverTheByteLimitHasItsMetadata() async throws {
        // Given an 8 MiB DNG and a pipeline whose byte limit is 1 MiB
        let photo = try Self.largeRAW(size: 8 << 20)
        let pipeline = ImagePipeline(configuration: .init(limits: .init(maxResponseBytes: 1 << 20), decodeConcurrency: 1))
        defer { Task { await pipeline.shutdown() } }

        // When its metadata is asked for
        let metadata = try await pipeline.metadata(for: ImageRequest(url: photo))

        // Then it is the RAW's: its preview's size upright, the whole file's size
        #expect(metadata.header.format == .raw)
        #expect(metadata.header.size == PixelSize(width: 64, height: 96))
        #expect(metadata.byteCount == 8 << 20)
    }

    @Test func aJPEGNamedLikeARAWIsStillReadWhole() async throws {
        // Given a JPEG named .DNG (no RAW's first bytes)
        let photo = Fixtures.temporaryDirectory().appendingPathComponent("IMG_2.DNG")
        try Data(Fixtures.jpeg(width: 64, height: 48, seed: 5)).write(to: photo)
        let pipeline = ImagePipeline(configuration: .init(decodeConcurrency: 1))
        defer { Task { await pipeline.shutdown() } }

        // When its picture is asked for
        let error = await #expect(throws: ImageLoadError.self) { try await pipeline.image(for: ImageRequest(url: photo)) }

        // Then the name's claim is refused as before, naming what the file is
        #expect(error?.description.contains("JPEG") == true)
    }
}
