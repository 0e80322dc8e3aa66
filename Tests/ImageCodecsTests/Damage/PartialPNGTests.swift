import ImageCodecs
import TestSupport
import Testing
import Vocabulary

/// Damaged PNGs are drawn as far as their rows decode (issue 50): the rows before the data ends or
/// breaks (a zlib error, a filter byte, a CRC), grey below. IHDR is still needed, and an
/// interlaced file (whose passes cover the picture at once) is still refused.
@Suite("A damaged PNG is drawn as far as its rows decode")
struct PartialPNGTests {
    static let partial = DecodingOptions(allowsPartialDecoding: true)
    static let grey = RGBA(128, 128, 128)

    @Test(arguments: [0.1, 0.5, 0.9])
    func aPNGCutShortDrawsItsTopRowsAndGreyBelow(share: Double) throws {
        // Given horse.png (400×328 RGBA, one IDAT) cut at `share` of its bytes
        let whole = try TestAssets.bytes("horse.png")
        let cut = Damage.cut(whole, at: share)

        // When decoded with partial decoding allowed
        let image = try ImageDecoder.decode(cut, options: Self.partial)
        let full = try ImageDecoder.decode(whole).bitmap

        // Then the rows read are the whole file's, exactly, and every row below is opaque grey
        let damage = try #require(image.damage)
        #expect(damage.isTruncated && damage.rows == 328)
        #expect(abs(damage.share - share) <= 0.08, "\(damage)")
        #expect(damage.reason == "the PNG data ends before the image is complete")
        for y in 0..<damage.decodedRows {
            #expect(Self.row(image.bitmap, y) == Self.row(full, y), "row \(y)")
        }
        for y in damage.decodedRows..<full.height {
            #expect(Self.row(image.bitmap, y).allSatisfy { $0 == Self.grey }, "row \(y)")
        }
    }

    @Test func aReducedDecodeKeepsItsRowsAndGreysTheRest() throws {
        // Given horse.png cut at half its bytes, decoded reduced (area-averaged while rows stream)
        let cut = Damage.cut(try TestAssets.bytes("horse.png"), at: 0.5)
        var options = Self.partial
        options.targetSize = PixelSize(width: 100, height: 82)
        options.reductionThreshold = 1

        // When decoded
        let image = try ImageDecoder.decode(cut, options: options)

        // Then the damage counts the reduced rows and the bottom is grey
        let damage = try #require(image.damage)
        #expect(image.scaleDenominator > 1 && damage.rows == image.bitmap.height)
        #expect(abs(damage.share - 0.5) <= 0.08, "\(damage)")
        #expect(Self.row(image.bitmap, image.bitmap.height - 1).allSatisfy { $0 == Self.grey })
    }

    @Test(arguments: [0.1, 0.5, 0.9])
    func aRunOfZerosOrFlippedBitsAreDamageNotARefusal(share: Double) throws {
        // Given horse.png with 4 KiB zeroed from `share` of the way (a bad sector), and with
        // 3 bits flipped past that point (fixed seed)
        let whole = try TestAssets.bytes("horse.png")
        let zeroed = Damage.zeroed(whole, at: share, length: 4096)
        let flipped = Damage.flipped(whole, count: 3, from: Int(Double(whole.count) * share), seed: 7)

        for damaged in [zeroed, flipped] {
            // When decoded with partial decoding allowed
            let image = try ImageDecoder.decode(damaged, options: Self.partial)

            // Then it is corrupt, not cut, drawn down to where libpng noticed, grey below
            let damage = try #require(image.damage)
            #expect(!damage.isTruncated && damage.decodedRows > 0)
            #expect(damage.share >= share - 0.08, "\(damage)")
            #expect(Self.row(image.bitmap, 327).allSatisfy { $0 == Self.grey })
        }
    }

    @Test(arguments: [9, 20, 33, 60])
    func aCutInsideIHDROrBeforeTheFirstRowIsStillRefused(cut: Int) throws {
        // Given horse.png cut inside its signature, IHDR, or before a row of IDAT
        let prefix = Array(try TestAssets.bytes("horse.png").prefix(cut))

        // When decoded with partial decoding allowed, Then it is still a truncation error
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(prefix, options: Self.partial) }
        #expect(error?.kind == .truncated, "cut at \(cut): \(String(describing: error))")
    }

    @Test(arguments: [1, 4])
    func anInterlacedPNGCutShortDrawsItsPassesEachPixelStandingForItsBlock(reduce: Int) throws {
        // Given horse.png's pixels written interlaced (Adam7) and cut at 60 % of its bytes
        let pixels = try ImageDecoder.decode(try TestAssets.bytes("horse.png")).bitmap
        let interlaced = try PNGEncoder.encode(pixels, interlaced: true)
        let cut = Damage.cut(interlaced, at: 0.6)

        // When decoded with partial decoding allowed, whole size and toward a quarter of it
        let target = PixelSize(width: pixels.width / reduce, height: pixels.height / reduce)
        var options = DecodingOptions(targetSize: reduce > 1 ? target : nil, allowsPartialDecoding: true)
        options.reductionThreshold = 1  // (horse is under the default threshold: reduce it anyway)
        let image = try ImageDecoder.decode(cut, options: options)
        options.allowsPartialDecoding = false
        let whole = try ImageDecoder.decode(interlaced, options: options)
        #expect(image.bitmap.size == whole.bitmap.size && whole.bitmap.width == pixels.width / reduce)

        // Then it is drawn (was refused before issue 50's passes): a share of the pixels under the
        // cut's, the picture close to the whole one (each missing pixel copies its block's decoded one)
        let damage = try #require(image.damage)
        #expect(damage.isTruncated && damage.share > 0.2 && damage.share < 0.6, "\(damage)")
        let difference = try #require(FormatAssets.meanDifference(image.bitmap, whole.bitmap))
        #expect(difference < 12, "mean difference \(difference)")
    }

    static func row(_ bitmap: Bitmap, _ y: Int) -> [RGBA] { (0..<bitmap.width).map { bitmap[$0, y] } }
}
