@testable import ImageLoading
import ImageCodecs
import Testing

/// The download's cheap check for "a new scan has arrived": marker segments skipped by length,
/// scans closed by the next marker, baseline and non-JPEG bytes ignored.
@Suite struct JPEGScanCounterTests {
    @Test func countsTheScansOfAProgressiveJPEGChunkByChunk() {
        // Given a progressive JPEG (10 scans) fed in chunks of 97 bytes
        let jpeg = ProgressiveFixtures.jpeg(width: 64, height: 48)
        var counter = JPEGScanCounter()
        var received: [UInt8] = []
        var counts: [Int] = []
        for start in stride(from: 0, to: jpeg.count, by: 97) {
            received += jpeg[start..<min(jpeg.count, start + 97)]
            counts.append(counter.advance(over: received))
        }

        // Then the count only grows, agrees with the decoder, and reaches 10 at EOI
        #expect(counts == counts.sorted())
        #expect(counts.last == 10)
        #expect(counter.isProgressive)
        #expect(!counter.isTracking)
    }

    @Test func agreesWithTheDecoderAtEveryScanBoundary() throws {
        // Given the shortest prefixes holding 1…9 complete scans
        let jpeg = ProgressiveFixtures.jpeg(width: 64, height: 48)
        for scans in 1...9 {
            let cut = ProgressiveFixtures.cut(afterScans: scans, of: jpeg)
            // When the decoder previews that prefix, Then it shows exactly that scan
            let preview = try ImageDecoder.decodePreview(Array(jpeg[..<cut]))
            #expect(preview?.scan == scans, "cut \(cut)")
            // And a byte less is not ahead of the counter by more than that scan (libjpeg may
            // finish a scan's last blocks before the marker that closes it arrives)
            let shorter = try ImageDecoder.decodePreview(Array(jpeg[..<(cut - 1)]))
            #expect((scans - 1...scans).contains(shorter?.scan ?? 0), "cut \(cut - 1)")
        }
    }

    @Test func stopsOnBaselineJPEGsAndOtherBytes() throws {
        // Given a baseline JPEG, a PNG signature and text
        let baseline = Fixtures.jpeg()
        for bytes in [baseline, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array("hello".utf8)] {
            var counter = JPEGScanCounter()
            // When read, Then nothing is counted and the counter stops
            let counted = counter.advance(over: bytes)
            #expect(counted == 0)
            #expect(!counter.isTracking)
        }
    }

    @Test func aScheduleWaitsForANewScanAndTheInterval() {
        // Given a schedule of one preview a second over a progressive JPEG's prefixes
        let jpeg = ProgressiveFixtures.jpeg(width: 64, height: 48)
        var schedule = PreviewSchedule(interval: .seconds(1))
        let two = Array(jpeg[..<ProgressiveFixtures.cut(afterScans: 2, of: jpeg)])
        let three = Array(jpeg[..<ProgressiveFixtures.cut(afterScans: 3, of: jpeg)])

        // Then: nothing before the first interval; then a new scan previews; the same scans
        // never twice; a newer scan waits for the interval; the whole file is left to the
        // final decode
        let answers = [
            schedule.shouldPreview(Array(jpeg[..<10]), at: .zero),
            schedule.shouldPreview(two, at: .milliseconds(999)),
            schedule.shouldPreview(two, at: .seconds(1)),
            schedule.shouldPreview(two, at: .milliseconds(1_200)),
            schedule.shouldPreview(three, at: .milliseconds(1_500)),
            schedule.shouldPreview(three, at: .seconds(2)),
            schedule.shouldPreview(jpeg, at: .seconds(9)),
        ]
        #expect(answers == [false, false, true, false, false, true, false])
        #expect(!schedule.isActive)
    }

    @Test func aResumedScheduleMayPreviewItsKeptBytesAtOnce() {
        // Given kept bytes holding two scans
        let jpeg = ProgressiveFixtures.jpeg(width: 64, height: 48)
        let two = Array(jpeg[..<ProgressiveFixtures.cut(afterScans: 2, of: jpeg)])
        var resumed = PreviewSchedule(interval: .seconds(1), previewsAtOnce: true)

        // Then they preview at the start of the resumed body
        #expect(resumed.shouldPreview(two, at: .zero) == true)
    }
}
