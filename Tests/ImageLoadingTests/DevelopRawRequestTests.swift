import CodecFixtures
import Foundation
import ImageCodecs
@testable import ImageLoading
import Testing
import Vocabulary

/// A RAW developed from its sensor data on request: `.developRaw` among a request's processors,
/// through a real pipeline on a real file, decodes the sensor picture, is cached apart from the
/// preview and writes no freedesktop.org thumbnail.
@Suite struct DevelopRawRequestTests {
    static let dng = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CodecFixtures/conformance/raw/preview-turned.dng")

    @Test func aDevelopedRAWIsItsOwnPictureKeptApartFromThePreview() async throws {
        // Given a DNG with a 96×64 preview over a 96×64 sensor picture (turned upright), in a
        // folder with a thumbnail cache, and a pipeline with a memory cache
        let root = Fixtures.temporaryDirectory()
        let photo = root.appendingPathComponent("IMG_1.dng")
        try Data(contentsOf: Self.dng).write(to: photo)
        let thumbnails = FreedesktopThumbnailCache(environment: ["XDG_CACHE_HOME": root.appendingPathComponent("cache").path])
        let memory = ImageCache()
        let pipeline = ImagePipeline(configuration: .init(memoryCache: memory, thumbnailCache: thumbnails, decodeConcurrency: 2))
        defer { Task { await pipeline.shutdown() } }
        let box = ImageProcessor.resize(to: PixelSize(width: 200, height: 200), mode: .fit)

        // When it is asked for developed, then as its preview
        let developed = try await pipeline.image(for: ImageRequest(url: photo, processors: [box, .developRaw]))
        let thumbnail = thumbnails.thumbnailURL(for: ThumbnailURI.uri(for: photo), in: .normal)
        let thumbnailAfterDeveloping = FileManager.default.fileExists(atPath: thumbnail.path)
        let preview = try await pipeline.image(for: ImageRequest(url: photo, processors: [box]))

        // Then the developed one is the sensor's half-size picture (32×48: grey, bright on the
        // right), the preview the preview (64×96: red on top)
        #expect(developed.originalSize == PixelSize(width: 32, height: 48))
        #expect(preview.originalSize == PixelSize(width: 64, height: 96))
        let grey = developed.bitmap[developed.bitmap.width * 7 / 8, developed.bitmap.height / 2]
        let red = preview.bitmap[preview.bitmap.width / 6, preview.bitmap.height / 5]
        #expect(abs(Int(grey.r) - Int(grey.b)) < 48)
        #expect(Int(red.r) > Int(red.b) + 128)
        // And no thumbnail was written for the developed one
        #expect(!thumbnailAfterDeveloping)
        // And the memory cache keeps both, under keys that differ by the variant
        let keys = memory.keysByRecency
        #expect(keys.contains { $0.processors == [box, .developRaw] })
        #expect(keys.contains { $0.processors == [box] })
        #expect(ImageCacheKey(url: photo.absoluteString, processors: [box, .developRaw]).description.contains("developRaw"))
    }

    @Test func aPictureThatIsNotARAWIsDecodedAsUsual() async throws {
        // Given a JPEG and a pipeline
        let root = Fixtures.temporaryDirectory()
        let photo = root.appendingPathComponent("photo.jpg")
        try Data(Fixtures.jpeg(width: 64, height: 48, seed: 3)).write(to: photo)
        let pipeline = ImagePipeline(configuration: .init(memoryCache: ImageCache(), decodeConcurrency: 1))
        defer { Task { await pipeline.shutdown() } }

        // When it is asked for developed
        let response = try await pipeline.image(for: ImageRequest(url: photo, processors: [.developRaw]))

        // Then it is the JPEG, whole
        #expect(response.bitmap.size == PixelSize(width: 64, height: 48))
    }
}
