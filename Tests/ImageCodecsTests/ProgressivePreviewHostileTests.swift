@_spi(Testing) import ImageCodecs
import TestSupport
import Testing
import Vocabulary

/// Previews decode bytes still arriving from the network: truncated, corrupt and hostile
/// prefixes give a preview, no preview, or an `ImageCodecError` — never a crash, an exit() or
/// a hang. (`make fuzz` runs the same C entry point under AddressSanitizer.)
@Suite("Progressive previews of hostile data")
struct ProgressivePreviewHostileTests {
    /// What one prefix gave.
    enum Outcome: Equatable { case preview(scan: Int), none, error(ImageCodecError.Kind) }

    static func outcome(_ bytes: [UInt8], options: DecodingOptions = DecodingOptions()) -> Outcome {
        do {
            return try ImageDecoder.decodePreview(bytes, options: options).map { .preview(scan: $0.scan) } ?? .none
        } catch let error as ImageCodecError {
            return .error(error.kind)
        } catch {
            Issue.record("not an ImageCodecError: \(error)")
            return .none
        }
    }

    @Test func everyTruncationOfAProgressiveJPEGIsSafe() throws {
        // Given a small progressive JPEG
        let jpeg = try JPEGEncoder.encode(TestImages.gradient(width: 48, height: 32), quality: 80, progressive: true)

        // When every prefix of it is decoded
        var last = 0
        for cut in 0...jpeg.count {
            let outcome = Self.outcome(Array(jpeg.prefix(cut)))
            // Then none fails, and the scans shown never go back
            switch outcome {
            case .preview(let scan):
                #expect(scan >= last, "cut \(cut)")
                last = scan
            case .none:
                #expect(last == 0, "cut \(cut): a preview vanished")
            case .error(let kind):
                Issue.record("cut \(cut): \(kind)")
            }
        }
        #expect(last == 10)
    }

    @Test(arguments: 0..<4)
    func corruptedPrefixesFailAsErrorsOrStillPreview(seed: Int) throws {
        // Given progressive JPEGs with bytes overwritten at random after the header
        var random = SplitMix64(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 7)
        let jpeg = try JPEGEncoder.encode(TestImages.gradient(width: 96, height: 64), quality: 75, progressive: true)
        let firstScan = try #require(JPEGMarkers.offsets(of: 0xDA, in: jpeg).first)
        var kinds = Set<String>()
        for _ in 0..<60 {
            var bytes = jpeg
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let at = Int.random(in: 2..<bytes.count, using: &random)
                bytes[at] = at < firstScan && Bool.random(using: &random) ? 0xFF : UInt8.random(in: 0...255, using: &random)
            }
            let cut = Int.random(in: 0...bytes.count, using: &random)

            // When a prefix is decoded, Then it returns (a preview, nothing, or an error value)
            kinds.insert("\(Self.outcome(Array(bytes.prefix(cut))))")
        }
        #expect(!kinds.isEmpty)
    }

    @Test func aPrefixOfHundredsOfEmptyScansEndsOnTheWorkBudget() throws {
        // Given the first 80% of a progressive JPEG that repeats an empty scan 990 times
        let bomb = try HostileImages.emptyScans(990, width: 2000, height: 2000, gray: false)
        let prefix = Array(bomb.prefix(bomb.count * 8 / 10))

        // When previewed toward a thumbnail, Then the scan budget ends it with an error value
        let outcome = Self.outcome(prefix, options: DecodingOptions(targetSize: PixelSize(width: 80, height: 80)))
        #expect(outcome == .error(.limitExceeded))
    }

    @Test func aPrefixClaimingAHugeFrameIsRefusedByTheMemoryCap() throws {
        // Given a sub-kilobyte progressive JPEG whose frame claims 7071×7071
        let forged = try HostileImages.progressiveClaiming(width: 7071, height: 7071, gray: false)

        // When previewed, Then the decoder's memory cap refuses it (no coefficient buffers)
        let outcome = Self.outcome(forged, options: DecodingOptions(targetSize: PixelSize(width: 80, height: 80)))
        #expect(outcome == .error(.limitExceeded))
    }

    @Test func aFrameOverThePixelLimitIsRefusedFromTheHeader() throws {
        // Given a progressive JPEG claiming more pixels than allowed
        let forged = try HostileImages.progressiveClaiming(width: 4000, height: 4000, gray: true)

        // When previewed with a 1-megapixel limit, Then it is refused before decoding
        #expect(Self.outcome(forged, options: DecodingOptions(maxPixels: 1_000_000)) == .error(.tooManyPixels))
    }
}
