import BlockArt
import Foundation
import ImageCodecs
import ImageLoading
import Testing
import Vocabulary

@testable import PhotoShow

/// A cold `show` prints from a decode toward its cells only; the thumbnails it missed are made
/// afterwards by ``Show/writeThumbnails(_:into:maxBytes:)``, as the background writer does.
@Suite("Show: thumbnails made after the output")
struct ShowThumbnailsLaterTests {
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos/Wine_by_Jakkub_Mede.jpg")

    @Test func aColdRunWritesNothingAndTheWriterThenMakesWhatTheNextRunReads() async throws {
        // Given an empty thumbnail cache and the deferring cache over it
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("show-later-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let base = FreedesktopThumbnailCache(directory: root.appendingPathComponent("thumbnails"))
        let deferred = DeferredThumbnails(base)
        let options = BlockArtOptions(symbols: .half, colors: .truecolor)

        // When a large photo is decoded for 30 columns through it (a cold run)
        let (cold, _) = try await Show.decodeFile(
            Self.photo.path, columns: 30, rows: nil, options: options, maxBytes: 1 << 26, thumbnails: deferred)
        let jobs = deferred.takeJobs()

        // Then no thumbnail was written, one job was kept, and the picture is the one drawn with the cache off
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("thumbnails").path))
        #expect(jobs.count == 1)
        let (uncached, _) = try await Show.decodeFile(
            Self.photo.path, columns: 30, rows: nil, options: options, maxBytes: 1 << 26, thumbnails: nil)
        #expect(cold == uncached)

        // When the writer makes the jobs' thumbnails, twice
        let written = await Show.writeThumbnails(jobs, into: base)
        let writtenAgain = await Show.writeThumbnails(jobs, into: base)

        // Then it made one, the second time none (it is there and valid), and the next run reads it
        #expect(written == 1)
        #expect(writtenAgain == 0)
        guard case .hit = base.lookUp(Self.photo, covering: jobs[0].covering) else {
            Issue.record("the next run's lookup missed")
            return
        }
    }
}
