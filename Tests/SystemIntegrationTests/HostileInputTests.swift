@testable import ImageCodecs
@testable import ImageCodecsTests
import Testing
import TestSupport
import Vocabulary

/// Issue 12 §1: a hostile file costs time and memory bounded by the output, not by what its
/// header or chunk lengths claim. Each bound is generous (the failures were seconds and GB).
@Suite("Hostile input is refused cheaply", .serialized, .tags(.realTime))
struct HostileInputTests {
    /// Peak RSS may grow this much while one hostile file is decoded (it grew by 0.3–2.1 GB).
    static let memoryBound = 100 * 1024 * 1024

    @Test(arguments: ["tEXt", "iTXt", "zTXt", "sPLT"])
    func pngChunkClaiming2GBFailsAsTruncatedWithoutAllocating(type: String) throws {
        // Given 80 bytes: IHDR and a chunk whose length says 0x7fffffff
        let bomb = HostileImages.chunkBomb(type)
        #expect(bomb.count == 80)

        // When it is decoded three times (in a child process, whose peak memory is its own)
        let report = try DecodePeakChild.measure(bomb, repeats: 3)

        // Then each attempt fails as truncated, and the 2 GB were never allocated
        #expect(report.results == Array(repeating: ImageCodecError.Kind.truncated.description, count: 3))
        #expect(report.growth < Self.memoryBound, "peak RSS grew by \(report.growth) bytes")
    }

    @Test func pngClaiming60000SquaredIsRefusedFromTheHeader() throws {
        // Given a tiny PNG whose IHDR claims 60000×60000 (3.6 gigapixels)
        let bomb = PNGChunks.claiming(width: 60_000, height: 60_000)

        // When it is probed and decoded (several times)
        let header = try ImageDecoder.probe(bomb)
        var errors: [ImageCodecError] = []
        for _ in 0..<5 {
            do { _ = try ImageDecoder.decode(bomb) } catch let error as ImageCodecError { errors.append(error) }
        }

        let report = try DecodePeakChild.measure(bomb, repeats: 5)

        // Then the header is read, every decode is refused as too many pixels with the numbers,
        // and the peak memory barely moves (the 14 GB buffer was never allocated): measured in a
        // child process, whose peak is its own
        #expect(header.storedSize == PixelSize(width: 60_000, height: 60_000))
        #expect(errors.count == 5)
        #expect(errors.allSatisfy { $0.kind == .tooManyPixels })
        #expect(errors.first?.description.contains("60000×60000") == true)
        #expect(errors.first?.description.contains("50000000") == true)
        #expect(report.results == Array(repeating: ImageCodecError.Kind.tooManyPixels.description, count: 5))
        #expect(report.growth < 50 * 1024 * 1024, "peak RSS grew by \(report.growth) bytes")
    }

    @Test func pngWithASideOverAMillionPixelsIsRefusedFromTheHeader() throws {
        // Given PNG headers 1×50,000,000 (at the 50-megapixel limit) and 50,000,000×1
        for (width, height) in [(UInt32(1), UInt32(50_000_000)), (50_000_000, 1)] {
            let png = HostileImages.grayClaiming(width: width, height: height)

            // When decoded toward a thumbnail, Then the side limit refuses it from the header
            // (each row costs libpng time whatever its width: 50 million of them took seconds)
            let error = #expect(throws: ImageCodecError.self) {
                try ImageDecoder.decode(png, options: DecodingOptions(targetSize: PixelSize(width: 40, height: 40)))
            }
            #expect(error?.kind == .limitExceeded)
            #expect(error?.description.contains("1000000") == true, "\(String(describing: error))")
            // The header itself is still readable (folders list sizes from it)
            #expect(try ImageDecoder.probe(png).storedSize == PixelSize(width: Int(width), height: Int(height)))
        }
    }

    @Test(arguments: [true, false])
    func progressiveJPEGWithHundredsOfEmptyScansEndsOnItsWorkBudget(gray: Bool) throws {
        // Given a progressive JPEG claiming 2000×2000 (coefficients fit in memory) followed by
        // 990 empty scans: under the old 1000-scan limit, each walking every block again
        let bomb = try HostileImages.emptyScans(990, width: 2000, height: 2000, gray: gray)
        #expect(bomb.count < 20_000)

        // When decoded (full size and toward a thumbnail)
        for target in [nil, PixelSize(width: 80, height: 80)] {
            let error = #expect(throws: ImageCodecError.self) {
                try ImageDecoder.decode(bomb, options: DecodingOptions(targetSize: target))
            }

            // Then the scan budget ends it with an error that says why
            #expect(error?.kind == .limitExceeded)
            #expect(error?.description.contains("scans") == true, "\(String(describing: error))")
        }
    }

    @Test(arguments: [true, false])
    func progressiveJPEGClaiming7071SquaredIsRefusedBeforeItsBuffersExist(gray: Bool) throws {
        // Given a sub-kilobyte progressive JPEG whose frame claims 7071×7071 (just under 50 MP):
        // libjpeg would zero 100–300 MB of coefficients for it
        let forged = try HostileImages.progressiveClaiming(width: 7071, height: 7071, gray: gray)
        let withScans = try HostileImages.emptyScans(990, width: 7071, height: 7071, gray: gray)

        // When decoded toward a thumbnail
        for bomb in [forged, withScans] {
            let error = #expect(throws: ImageCodecError.self) {
                try ImageDecoder.decode(bomb, options: DecodingOptions(targetSize: PixelSize(width: 80, height: 80)))
            }
            let report = try DecodePeakChild.measure(bomb, target: (80, 80))

            // Then the decoder's memory cap refuses it, and the buffers were never allocated (the
            // peak measured in a child process, whose memory is its own)
            #expect(error?.kind == .limitExceeded)
            #expect(error?.description.contains("MB") == true, "\(String(describing: error))")
            #expect(report.results == [ImageCodecError.Kind.limitExceeded.description])
            #expect(report.growth < Self.memoryBound, "peak RSS grew by \(report.growth) bytes")
        }
    }

    @Test func decoderMemoryCapGrowsWithTheFile() {
        // Given the default options, Then a small file gets the floor and a large one earns more
        let options = DecodingOptions()
        #expect(options.decoderMemoryCap(inputBytes: 1_500) == DecodingOptions.defaultMaxDecoderMemory)
        #expect(options.decoderMemoryCap(inputBytes: 8_000_000) == 8_000_000 * DecodingOptions.decoderMemoryPerInputByte)
        #expect(options.decoderMemoryCap(inputBytes: Int.max) == Int.max)
    }
}
