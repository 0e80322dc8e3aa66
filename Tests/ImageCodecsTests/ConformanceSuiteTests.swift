import ImageCodecs
import Testing
import Vocabulary

/// The public decoder conformance suites (Tests/CodecFixtures/conformance, PROVENANCE there):
/// every valid file drawn close to another decoder's reference, every corrupt file refused with
/// a reason, none crashing.
@Suite("Public conformance suites: PngSuite, BMP Suite, libwebp's test data, AVIF samples")
struct ConformanceSuiteTests {
    @Test(arguments: ConformanceSuite.all)
    func everyValidFileDecodesCloseToItsReference(suite: ConformanceSuite) throws {
        // Given the suite's valid files and their reference decodes
        let references = try suite.references()
        #expect(references.count >= 20)
        var failures: [String] = []
        for reference in references {
            // When each is decoded whole and upright
            let bytes = try suite.bytes(reference.name)
            let decoded: DecodedImage
            do {
                decoded = try ImageDecoder.decode(bytes)
            } catch {
                failures.append("\(reference.name): refused: \(error)")
                continue
            }
            // Then its size is the reference's and every grid cell is within the tolerance
            let bitmap = decoded.bitmap
            guard bitmap.width == reference.width, bitmap.height == reference.height else {
                failures.append("\(reference.name): \(bitmap.size), the reference is \(reference.width)×\(reference.height)")
                continue
            }
            let cells = ConformanceSuite.grid(of: bitmap)
            let worst = zip(cells, reference.cells).map { abs(Int($0) - Int($1)) }.max() ?? 0
            if cells.count != reference.cells.count || worst > suite.tolerance {
                failures.append("\(reference.name): a grid cell differs by \(worst) (tolerance \(suite.tolerance))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(references.count) files:\n\(failures.joined(separator: "\n"))")
    }

    @Test func everyCorruptPNGIsRefusedWithAReason() throws {
        // Given PngSuite's corrupt files (x*.png)
        let suite = ConformanceSuite.pngSuite
        let corrupt = try suite.files().filter { $0.hasPrefix("x") }
        #expect(corrupt.count == 14)
        for name in corrupt {
            // When decoded, Then each is an ImageCodecError whose sentence says why
            let error = #expect(throws: ImageCodecError.self, "\(name)") { try ImageDecoder.decode(suite.bytes(name)) }
            #expect(Self.isReason(error), "\(name): \(String(describing: error))")
        }
    }

    @Test func corruptBMPsAreRefusedWithAReasonOrDrawnAsBrowsersDraw() throws {
        // Given BMP Suite's bad files: some cannot be drawn, others are drawn leniently by browsers
        let suite = ConformanceSuite.bmpSuite
        let refused: Set = [
            "b/badbitcount.bmp", "b/badheadersize.bmp", "b/badwidth.bmp", "b/reallybig.bmp", "b/shortfile.bmp",
        ]
        let bad = try suite.files().filter { $0.hasPrefix("b/") }
        #expect(bad.count == 20)
        for name in bad {
            // When decoded
            let result = Result { try ImageDecoder.decode(suite.bytes(name)) }
            // Then the unreadable ones are refused with a reason, the rest drawn (none crash)
            switch result {
            case .success where refused.contains(name):
                Issue.record("\(name) was drawn; it should be refused")
            case .failure(let error) where !refused.contains(name):
                Issue.record("\(name) was refused: \(error)")
            case .failure(let error):
                #expect(Self.isReason(error as? ImageCodecError), "\(name): \(error)")
            case .success:
                break
            }
        }
    }

    @Test(arguments: ConformanceSuite.all)
    func noFileCrashesAndEveryRefusalHasAReason(suite: ConformanceSuite) throws {
        // Given every file of the suite, valid, questionable or corrupt
        for name in try suite.files() where !name.hasSuffix(".py") {
            // When probed and decoded toward a thumbnail, Then each draws or is refused with a reason
            let bytes = try suite.bytes(name)
            do {
                _ = try ImageDecoder.probe(bytes)
                _ = try ImageDecoder.decode(bytes, options: DecodingOptions(targetSize: PixelSize(width: 16, height: 16)))
            } catch {
                #expect(Self.isReason(error as? ImageCodecError), "\(name): \(error)")
            }
        }
    }

    @Test func anAVIFLibavifCannotParseIsDrawnWithItsAlpha() throws {
        // Given a sample with two ipma boxes, which libavif 0.11 refuses ("BMFF parsing failed")
        let bytes = try ConformanceSuite.avifSamples.bytes("plum-blossom-small.profile0.8bpc.yuv420.alpha-full.avif")
        // When decoded
        let image = try ImageDecoder.decode(bytes)
        // Then it is drawn (through libheif), transparent around the blossom and opaque on it
        #expect(image.header.format == .avif)
        let alphas = Set(stride(from: 3, to: image.bitmap.bytes.count, by: 4).map { image.bitmap.bytes[$0] })
        #expect(alphas.contains(0) && alphas.contains(255))
    }

    /// A one-sentence error of ImageCodecs, not a type dump.
    static func isReason(_ error: ImageCodecError?) -> Bool {
        guard let text = error?.description else { return false }
        return text.count > 15 && !text.contains("ImageCodecError(") && !text.contains("\n")
    }
}
