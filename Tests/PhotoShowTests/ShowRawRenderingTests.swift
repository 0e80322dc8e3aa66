import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ImageCodecs
import ImageLoading
import Synchronization
import Testing
import Vocabulary

@testable import PhotoShow

/// `show --raw develop`: a camera RAW file drawn from its sensor data, not its embedded preview,
/// and its picture kept in show's picture cache under a name of its own.
@Suite("Show: --raw preview or develop")
struct ShowRawRenderingTests {
    static let dng = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CodecFixtures/conformance/raw/preview-turned.dng")
    static let target = PixelSize(width: 16, height: 24)

    /// Decodes through ImageCodecs for one RAW rendering, counting the decodes.
    final class CountingDecoding: PhotoDecoding {
        let rawRendering: RawRendering
        private let count = Mutex(0)
        var decodes: Int { count.withLock { $0 } }

        init(_ rawRendering: RawRendering) {
            self.rawRendering = rawRendering
        }

        func decode(_ bytes: [UInt8], options: DecodingOptions) throws -> DecodedImage {
            count.withLock { $0 += 1 }
            return try ImageDecoder.decode(bytes, options: options)
        }

        func decode(_ picture: RawFilePicture, options: DecodingOptions) throws -> DecodedImage {
            count.withLock { $0 += 1 }
            return try picture.decode(options: options)
        }
    }

    @Test func developDrawsTheSensorsPictureNotThePreview() async throws {
        // Given the DNG whose preview is 64×96 upright and whose sensor picture is 32×48 at half size
        // When show decodes it for --raw preview and --raw develop, no cache
        let (preview, previewSize) = try await Show.decodeFile(
            Self.dng.path, maxBytes: 1 << 26, thumbnails: nil, decoder: DamageRecordingDecoding(), target: { _ in Self.target })
        let (developed, developedSize) = try await Show.decodeFile(
            Self.dng.path, maxBytes: 1 << 26, thumbnails: nil, decoder: DamageRecordingDecoding(rawRendering: .develop),
            target: { _ in Self.target })

        // Then each is its own picture, of its own size
        #expect(previewSize == PixelSize(width: 64, height: 96))
        #expect(developedSize == PixelSize(width: 32, height: 48))
        #expect(preview != developed)
    }

    @Test func aRAWOverTheByteLimitIsShownFromItsPreview() async throws {
        // Given the DNG grown to 8 MiB by a hole after its end (a RAW's sensor data, as far as
        // size goes), and a JPEG of 8 MiB too
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("show-raw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let raw = root.appendingPathComponent("DSC_0001.DNG")
        try Data(contentsOf: Self.dng).write(to: raw)
        #expect(truncate(raw.path, 8 << 20) == 0)
        let jpeg = root.appendingPathComponent("large.jpg")
        try Data(contentsOf: Self.dng.deletingLastPathComponent().appendingPathComponent("preview-turned.preview.jpg")).write(to: jpeg)
        #expect(truncate(jpeg.path, 8 << 20) == 0)

        // When show decodes both under a 1 MiB byte limit
        let (_, size) = try await Show.decodeFile(
            raw.path, maxBytes: 1 << 20, thumbnails: nil, decoder: DamageRecordingDecoding(), target: { _ in Self.target })
        let refused = await #expect(throws: ImageLoadError.self) {
            try await Show.decodeFile(jpeg.path, maxBytes: 1 << 20, thumbnails: nil, target: { _ in Self.target })
        }

        // Then the RAW is its preview, upright (its sensor data is never read); the JPEG, read
        // whole, is refused as too large
        #expect(size == PixelSize(width: 64, height: 96))
        #expect(refused?.kind == .tooLarge)
    }

    @Test func aPictureKeptForThePreviewIsNeverTakenForTheDevelopedOne() async throws {
        // Given the DNG's picture kept by a --raw preview run, in a scratch picture cache
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("show-raw-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = PictureCache(directory: root.appendingPathComponent(".pictures").path)
        func pictures(_ raw: RawRendering) throws -> PictureThumbnails {
            let settings = ShowSettings(images: [Self.dng.path], raw: raw)
            return PictureThumbnails(cache, variant: try #require(Show.pictureThumbnails(settings, aspect: .standard)).variant)
        }
        func run(_ raw: RawRendering) async throws -> Int {
            let decoder = CountingDecoding(raw)
            let kept = try pictures(raw)
            _ = try await Show.decodeFile(Self.dng.path, maxBytes: 1 << 26, thumbnails: kept, decoder: decoder, target: { _ in Self.target })
            Show.handOver(kept, ShowSettings(images: [Self.dng.path], raw: raw))
            return decoder.decodes
        }
        #expect(try await run(.preview) == 1)

        // When --raw develop shows it twice, then --raw preview again
        let firstDevelop = try await run(.develop)
        let secondDevelop = try await run(.develop)
        let previewAgain = try await run(.preview)

        // Then the first develop decodes (the kept picture is the preview's), the second takes
        // the developed picture kept, and the preview's is still there for the preview
        #expect(firstDevelop == 1)
        #expect(secondDevelop == 0)
        #expect(previewAgain == 0)
        #expect(cache.inventory().files == 2)
        #expect(Show.rawVariant(.preview).isEmpty)
        #expect(Show.rawVariant(.develop) != Show.rawVariant(.preview))
    }
}
