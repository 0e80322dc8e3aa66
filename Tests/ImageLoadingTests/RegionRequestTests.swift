import CodecFixtures
import Foundation
import ImageCodecs
@testable import ImageLoading
import Testing
import Vocabulary

/// A zoomed view's request: `[.crop(region), .resize(to: output)]` through a real pipeline on a
/// real file decodes only the region, writes no thumbnail, and is cached apart from the whole.
@Suite struct RegionRequestTests {
    @Test func aCropFirstIsARegionDecodeAndNoThumbnailIsWritten() async throws {
        // Given a 640×427 JPEG in a folder, a thumbnail cache, and a pipeline with a memory cache
        let root = Fixtures.temporaryDirectory()
        let photo = root.appendingPathComponent("photo.jpg")
        let bytes = Fixtures.jpeg(width: 640, height: 427, seed: 7)
        try Data(bytes).write(to: photo)
        let thumbnails = FreedesktopThumbnailCache(environment: ["XDG_CACHE_HOME": root.appendingPathComponent("cache").path])
        let memory = ImageCache()
        let pipeline = ImagePipeline(configuration: .init(memoryCache: memory, thumbnailCache: thumbnails, decodeConcurrency: 2))
        defer { Task { await pipeline.shutdown() } }
        // When the 100×80 part at 300,200 is asked for at 1:1
        let region = PixelRect(x: 300, y: 200, width: 100, height: 80)
        let response = try await pipeline.image(
            for: ImageRequest(url: photo, processors: [.crop(region), .resize(to: region.size, mode: .fill)]))
        // Then it is that part of the decoded photo, pixel for pixel
        let whole = try ImageDecoder.decode(bytes).bitmap
        #expect(response.bitmap.size == region.size)
        let expected = whole.cropped(to: region)
        var worst = 0
        for y in 0..<region.height {
            for x in 0..<region.width {
                let p = response.bitmap[x, y], q = expected[x, y]
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
            }
        }
        #expect(worst <= 2, "the region differs from the whole decode's by up to \(worst)")
        // And no thumbnail was written for it (a part is no thumbnail of the file)
        let thumbnail = thumbnails.thumbnailURL(for: ThumbnailURI.uri(for: photo), in: .normal)
        #expect(!FileManager.default.fileExists(atPath: thumbnail.path))
        // And the memory cache keeps it under its own key (the crop is part of it)
        #expect(memory.keysByRecency.contains { $0.processors.first == .crop(region) })
    }
}
