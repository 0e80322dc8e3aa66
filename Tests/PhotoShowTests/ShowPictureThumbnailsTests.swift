import BlockArt
import Foundation
import ImageCodecs
import ImageLoading
import Synchronization
import Testing
import Vocabulary

@testable import PhotoShow

/// `show`'s pictures one after another (a previewer's runs): a miss decodes the photo once,
/// toward what it draws, and the picture kept for the next run is made from those pixels and
/// written after the output, in the same process; a hit reads the picture, not the photo.
@Suite("Show: pictures kept from the pixels decoded")
struct ShowPictureThumbnailsTests {
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos/Wine_by_Jakkub_Mede.jpg")

    /// Decodes through ImageCodecs, counting the decodes.
    final class CountingDecoding: PhotoDecoding {
        private let count = Mutex(0)
        var decodes: Int { count.withLock { $0 } }

        func decode(_ bytes: [UInt8], options: DecodingOptions) throws -> DecodedImage {
            count.withLock { $0 += 1 }
            return try ImageDecoder.decode(bytes, options: options)
        }
    }

    /// Records the jobs handed to it: a background writer, were one started.
    final class WriterSpy: Sendable {
        private let jobs = Mutex<[ThumbnailJob]>([])
        var handed: [ThumbnailJob] { jobs.withLock { $0 } }
        var writer: ThumbnailWriter { ThumbnailWriter(name: "spy") { jobs in self.jobs.withLock { $0 += jobs } } }
    }

    static func scratchCache() -> (PictureCache, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("show-pictures-\(UUID().uuidString)")
        return (PictureCache(directory: root.appendingPathComponent(".pictures").path), root)
    }

    static let target = PixelSize(width: 120, height: 90)

    @Test func aMissDecodesOnceAndThePictureIsWrittenFromThosePixelsAfterTheOutput() async throws {
        // Given an empty picture cache, show's settings with a background writer, and a decoder that counts
        let (cache, root) = Self.scratchCache()
        defer { try? FileManager.default.removeItem(at: root) }
        let pictures = PictureThumbnails(cache)
        let spy = WriterSpy()
        var settings = ShowSettings(images: [Self.photo.path])
        settings.writeThumbnailsLater = spy.writer
        let decoder = CountingDecoding()

        // When the photo is decoded for its picture (a cold run, before its output is written)
        let (cold, originalSize) = try await Show.decodeFile(
            Self.photo.path, maxBytes: 1 << 26, thumbnails: pictures, decoder: decoder, target: { _ in Self.target })

        // Then it was decoded once, its picture is kept in memory and nothing is written yet
        #expect(decoder.decodes == 1)
        #expect(originalSize == PixelSize(width: 2560, height: 3837))
        #expect(pictures.pendingCount == 1)
        #expect(cache.inventory().files == 0)

        // When the run hands over after its output
        Show.handOver(pictures, settings)

        // Then the picture is written from the pixels already decoded: no second decode, no job for a writer
        #expect(decoder.decodes == 1)
        #expect(cache.inventory().files == 1)
        #expect(spy.handed.isEmpty)
        #expect(pictures.pendingCount == 0)

        // When the next run decodes the same photo toward the same pixels
        let nextDecoder = CountingDecoding()
        let (warm, _) = try await Show.decodeFile(
            Self.photo.path, maxBytes: 1 << 26, thumbnails: PictureThumbnails(cache), decoder: nextDecoder,
            target: { _ in Self.target })

        // Then it decodes nothing: the picture, at the size asked, is the cold run's decode area-averaged to it
        #expect(nextDecoder.decodes == 0)
        #expect(warm.size == Self.target)
        #expect(warm == cold.resized(to: Self.target))
    }

    @Test func theHitIsDrawnAsTheDecodeIs() async throws {
        // Given a photo drawn once through the picture cache, 40 columns of sextants
        let (cache, root) = Self.scratchCache()
        defer { try? FileManager.default.removeItem(at: root) }
        let options = BlockArtOptions(symbols: .sextant, colors: .truecolor)
        func draw(_ thumbnails: PictureThumbnails?) async throws -> CellGrid {
            let (bitmap, size) = try await Show.decodeFile(
                Self.photo.path, columns: 40, rows: 20, options: options, maxBytes: 1 << 26, thumbnails: thumbnails)
            return Show.render(bitmap, originalSize: size ?? bitmap.size, columns: 40, rows: 20, options: options)
        }
        let first = PictureThumbnails(cache)
        let uncached = try await draw(nil)
        let cold = try await draw(first)
        Show.handOver(first, ShowSettings(images: [Self.photo.path]))

        // When it is drawn again from the picture kept
        let warm = try await draw(PictureThumbnails(cache))

        // Then the cold run drew what the uncached run drew, and the warm one the same layout
        #expect(cold == uncached)
        #expect(warm.columns == uncached.columns && warm.rows == uncached.rows)
    }

    @Test func aPictureKeptForOtherCellsIsNeverTaken() async throws {
        // Given the photo's picture kept by a run at 1:2 cells
        let (cache, root) = Self.scratchCache()
        defer { try? FileManager.default.removeItem(at: root) }
        let settings = ShowSettings(images: [Self.photo.path])
        // (show's own names for the pictures, in a scratch cache)
        func pictures(at aspect: CellAspect) throws -> PictureThumbnails {
            PictureThumbnails(cache, variant: try #require(Show.pictureThumbnails(settings, aspect: aspect)).variant)
        }
        let standard = try pictures(at: .standard)
        _ = try await Show.decodeFile(Self.photo.path, maxBytes: 1 << 26, thumbnails: standard, target: { _ in Self.target })
        Show.handOver(standard, settings)
        #expect(cache.inventory().files == 1)
        func decodes(at aspect: CellAspect) async throws -> Int {
            let decoder = CountingDecoding()
            let kept = try pictures(at: aspect)
            _ = try await Show.decodeFile(
                Self.photo.path, maxBytes: 1 << 26, thumbnails: kept, decoder: decoder, target: { _ in Self.target })
            return decoder.decodes
        }

        // When a run on 8×19-pixel cells asks for a picture of the same pixel size, and one on 8×16 cells
        // Then the first decodes the photo (the kept picture is named for 1:2), the second takes it
        #expect(try await decodes(at: try #require(CellAspect(width: 8, height: 19))) == 1)
        #expect(try await decodes(at: try #require(CellAspect(width: 8, height: 16))) == 0)
    }

    @Test func showKeepsItsPicturesItselfAndStartsNoWriter() {
        // Given show's settings with a background writer, and with the cache off
        var settings = ShowSettings(images: [Self.photo.path])
        settings.writeThumbnailsLater = WriterSpy().writer
        var off = settings
        off.thumbnailCache = false

        // When show asks for the pictures it reads and keeps
        let pictures = Show.pictureThumbnails(settings, aspect: .standard)

        // Then they are photofeed's picture cache, kept in this process (no deferred jobs for a writer), and none when off
        #expect(pictures != nil)
        #expect(Show.pictureThumbnails(off, aspect: .standard) == nil)
    }
}
