import Foundation
import ImageCodecs
import ImageLoading
import Testing
import Vocabulary

/// A cold run draws first and makes its thumbnails afterwards: ``DeferredThumbnails`` reads
/// through the cache but keeps each miss as a ``ThumbnailJob``, which travels to the background
/// writer as one argument.
@Suite("Thumbnails: read now, written later")
struct DeferredThumbnailsTests {
    @Test func aMissIsKeptAsAJobOnceAndNothingIsStoredNow() throws {
        // Given a file, an empty cache and the deferring cache over it
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("deferred-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let file = root.appendingPathComponent("photo.png")
        try Data(PNGEncoder.encode(Bitmap(width: 600, height: 400, fill: RGBA(10, 20, 30)))).write(to: file)
        let base = FreedesktopThumbnailCache(directory: root.appendingPathComponent("thumbnails"))
        let deferred = DeferredThumbnails(base)
        let box = PixelSize(width: 80, height: 60)

        // When the file is looked up twice, as two pictures of it would
        let first = deferred.lookUp(file, covering: box)
        _ = deferred.lookUp(file, covering: box)

        // Then each lookup misses with no slot to store into, nothing is made now, and one job is kept
        guard case .miss(nil) = first else {
            Issue.record("expected a miss with nothing to store, got \(first)")
            return
        }
        #expect(deferred.sizeToStore(for: ImageHeader(format: .png, storedSize: PixelSize(width: 600, height: 400)), covering: box) == nil)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("thumbnails").path))
        #expect(deferred.takeJobs() == [ThumbnailJob(file: file, covering: box)])
        #expect(deferred.takeJobs().isEmpty)
    }

    @Test(arguments: ["/photos/a.jpg", "/photos/with space/ümlaut:colon.jpg", "/photos/100%.png"])
    func aJobTravelsAsOneArgument(path: String) throws {
        // Given a job for a file whose name has spaces, a colon, a percent sign or non-ASCII letters
        let job = ThumbnailJob(file: URL(fileURLWithPath: path), covering: PixelSize(width: 96, height: 64))

        // When it is written as an argument and read back
        let back = ThumbnailJob(argument: job.argument)

        // Then it is the same job, and the argument is plain ASCII
        #expect(back == job)
        let ascii = job.argument.allSatisfy { $0.isASCII }
        #expect(ascii)
    }

    @Test(arguments: ["", "96x64", "0x64:file:///a.jpg", "96x:file:///a.jpg", "96x64:https://example.com/a.jpg", "99999999x1:file:///a"])
    func aBadArgumentIsNoJob(argument: String) {
        #expect(ThumbnailJob(argument: argument) == nil)
    }
}
