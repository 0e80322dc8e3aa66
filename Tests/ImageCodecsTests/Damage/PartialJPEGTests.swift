import ImageCodecs
import TestSupport
import Testing
import Vocabulary

/// Damaged JPEGs are drawn as far as they decode (issue 50): the rows before a cut, grey below;
/// a progressive file cut after its first scan as of its last scans; corrupt data as libjpeg
/// resynchronises, counted up to the first warning. The header is still needed.
@Suite("A damaged JPEG is drawn as far as it decodes")
struct PartialJPEGTests {
    static let partial = DecodingOptions(allowsPartialDecoding: true)
    static let grey = RGBA(128, 128, 128)

    @Test(arguments: [0.1, 0.5, 0.6, 0.9])
    func aBaselineJPEGCutShortDrawsItsTopRowsAndGreyBelow(share: Double) throws {
        for name in ["coffee.jpg", "astronaut.jpg"] {
            // Given a baseline JPEG cut at `share` of its bytes
            let whole = try TestAssets.bytes(name)
            let cut = Damage.cut(whole, at: share)

            // When decoded with partial decoding allowed
            let image = try ImageDecoder.decode(cut, options: Self.partial)
            let full = try ImageDecoder.decode(whole).bitmap

            // Then the top share of the rows is the whole file's, cut short, and the rest is grey
            let damage = try #require(image.damage, "\(name) at \(share)")
            #expect(damage.isTruncated && damage.scan == nil)
            #expect(damage.rows == full.height && image.bitmap.size == full.size)
            #expect(abs(damage.share - share) <= 0.08, "\(name) at \(share): \(damage)")
            #expect(damage.reason.contains("ends before"))
            for y in 0..<max(0, damage.decodedRows - 16) {
                #expect(Self.row(image.bitmap, y) == Self.row(full, y), "\(name) row \(y)")
            }
            for y in min(full.height, damage.decodedRows + 16)..<full.height {
                #expect(Self.row(image.bitmap, y).allSatisfy { $0 == Self.grey }, "\(name) row \(y)")
            }
        }
    }

    @Test func aJPEGCutAt60PercentSaysSoInASentence() throws {
        // Given coffee.jpg (600×400, baseline) cut at 60 % of its bytes
        let cut = Damage.cut(try TestAssets.bytes("coffee.jpg"), at: 0.6)

        // When decoded with partial decoding allowed
        let damage = try #require(try ImageDecoder.decode(cut, options: Self.partial).damage)

        // Then the damage reads as the share decoded and why
        #expect(damage.description == "64 % decoded (the JPEG data ends before the image is complete)")
    }

    @Test(arguments: [0.5, 0.9])
    func aProgressiveJPEGCutAfterItsFirstScanDrawsEveryRowAsOfItsLastScans(share: Double) throws {
        // Given chelsea.jpg (progressive, 10 scans) cut at `share` of its bytes
        let whole = try TestAssets.bytes("chelsea.jpg")
        let cut = Damage.cut(whole, at: share)

        // When decoded with partial decoding allowed
        let image = try ImageDecoder.decode(cut, options: Self.partial)
        let full = try ImageDecoder.decode(whole).bitmap

        // Then every row is drawn (no grey), close to the whole file, and the scan it ends in is named
        let damage = try #require(image.damage)
        let scan = try #require(damage.scan)
        #expect(scan > 1 && damage.decodedRows == damage.rows && damage.isTruncated)
        #expect(damage.extent == "every row decoded as of scan \(scan - 1), the detail after it missing")
        #expect(!Self.row(image.bitmap, full.height - 1).allSatisfy { $0 == Self.grey })
        #expect(Self.meanDifference(image.bitmap, full) < 12, "\(Self.meanDifference(image.bitmap, full))")
    }

    @Test func anErrorInALaterScanDrawsEveryRowAsOfTheScansBefore() throws {
        // Given chelsea.jpg (progressive) whose fifth scan asks for an impossible successive
        // approximation (Al = 14: libjpeg stops with an error, not a warning), and the same file
        // cut just before that scan
        let whole = try TestAssets.bytes("chelsea.jpg")
        let fifth = try #require(Self.scanOffsets(whole).dropFirst(4).first)
        let parameters = fifth + 5 + 2 * Int(whole[fifth + 4]) + 2
        var broken = whole
        broken[parameters] = (whole[parameters] & 0xF0) | 14
        let cut = Array(whole.prefix(fifth))

        // When both are decoded with partial decoding allowed
        let image = try ImageDecoder.decode(broken, options: Self.partial)
        let reference = try ImageDecoder.decode(cut, options: Self.partial)

        // Then the broken file draws every row as of its first four scans, as the cut one does,
        // and says which scan broke and why
        let damage = try #require(image.damage)
        #expect(damage.scan == 5 && damage.decodedRows == damage.rows && !damage.isTruncated)
        #expect(damage.extent == "every row decoded as of scan 4, the detail after it missing")
        #expect(damage.reason.hasPrefix("Invalid progressive parameters"), "\(damage.reason)")
        #expect(image.bitmap == reference.bitmap)
        // And without partial decoding it is still refused
        #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(broken) }
    }

    @Test func aWarningAboutTheFirstScansParametersCountsNoRowMissing() throws {
        // Given chelsea.jpg whose first scan (the DC coefficients) claims to refine a bit no scan
        // began (Ah = 2, Al = 1: libjpeg warns "Inconsistent progression sequence" as the scan
        // starts, then decodes it as it stands, and every later scan as usual)
        let whole = try TestAssets.bytes("chelsea.jpg")
        let first = try #require(Self.scanOffsets(whole).first)
        let parameters = first + 5 + 2 * Int(whole[first + 4]) + 2
        var damaged = whole
        damaged[parameters] = 0x21

        // When decoded with partial decoding allowed
        let image = try ImageDecoder.decode(damaged, options: Self.partial)

        // Then it is said to be damaged, but no row is counted missing (the warning came before
        // any data; the picture is what the file's scans make of it, no row grey)
        let damage = try #require(image.damage)
        #expect(damage.decodedRows == damage.rows && !damage.isTruncated, "\(damage)")
        #expect(!Self.row(image.bitmap, image.bitmap.height - 1).allSatisfy { $0 == Self.grey })
    }

    @Test func aRunOfZerosInTheMiddleIsDamageFoundWhereLibjpegNoticesIt() throws {
        for name in ["coffee.jpg", "astronaut.jpg"] {
            // Given a baseline JPEG with 4 KiB zeroed from half-way (a bad sector)
            let damaged = Damage.zeroed(try TestAssets.bytes(name), at: 0.5, length: 4096)

            // When decoded with partial decoding allowed
            let damage = try #require(try ImageDecoder.decode(damaged, options: Self.partial).damage, "\(name)")

            // Then it is corrupt, not cut, and the rows counted are at least those before the run
            // (libjpeg notices zeros only at the next marker, so the count may run past them)
            #expect(!damage.isTruncated)
            #expect(damage.share >= 0.4, "\(name): \(damage)")
            #expect(damage.reason.hasPrefix("Corrupt JPEG data"))
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func flippedBitsDecodeWholeOrDamagedAtFullSize(seed: UInt64) throws {
        for name in ["coffee.jpg", "chelsea.jpg"] {
            // Given a JPEG with 8 bits flipped past its first tenth (its header kept), from a fixed seed
            let whole = try TestAssets.bytes(name)
            let damaged = Damage.flipped(whole, count: 8, from: whole.count / 10, seed: seed)

            // When decoded with partial decoding allowed, Then it is a picture of the file's
            // size (whole, when libjpeg noticed nothing, or marked damaged) or an error value
            do {
                let image = try ImageDecoder.decode(damaged, options: Self.partial)
                #expect(image.bitmap.size == (try ImageDecoder.probe(whole)).storedSize)
                if let damage = image.damage { #expect(damage.decodedRows <= damage.rows) }
            } catch let error as ImageCodecError {
                #expect([.decoder, .truncated].contains(error.kind), "\(error)")
            }
        }
    }

    @Test func aCutInsideTheHeaderOrBeforeTheFirstBlockIsStillRefused() throws {
        let bytes = try TestAssets.bytes("coffee.jpg")
        let data = try #require(Self.scanOffsets(bytes).first) + 2 + 12
        for cut in [10, 100, data + 1, data + 15] {
            // Given a JPEG cut inside its header, or before its first block's data is complete
            let prefix = Array(bytes.prefix(cut))

            // When decoded with partial decoding allowed, Then it is still a truncation error
            let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(prefix, options: Self.partial) }
            #expect(error?.kind == .truncated, "cut at \(cut): \(String(describing: error))")
        }
    }

    @Test(arguments: [600, 800, 1_200])
    func aCutInsideTheFirstRowOfBlocksCountsTheBlocksItDrew(cut: Int) throws {
        // Given coffee.jpg (baseline, 600 wide, rows of 16 × 16 blocks) cut inside its first row of blocks
        let bytes = Array(try TestAssets.bytes("coffee.jpg").prefix(cut))

        // When decoded with partial decoding allowed
        let image = try ImageDecoder.decode(bytes, options: Self.partial)

        // Then the share is that of the blocks drawn (the top row's picture up to where it turns
        // grey, over the row of blocks' 16 rows; the block the cut is in drawn but not counted,
        // the rows rounded down), not "0 % decoded"
        let damage = try #require(image.damage)
        let drawn = Self.row(image.bitmap, 0).prefix { $0 != Self.grey }.count
        let drawnRows = Double(drawn) * 16 / Double(image.bitmap.width)
        #expect(drawn > 0 && drawn < image.bitmap.width, "\(drawn) columns drawn")
        #expect(damage.decodedRows > 0 && Double(damage.decodedRows) <= drawnRows && drawnRows - Double(damage.decodedRows) < 1.5,
                "\(damage.decodedRows) rows said, \(drawnRows) drawn")
        #expect(!damage.extent.hasPrefix("0 %"), "\(damage)")
        #expect(Self.row(image.bitmap, 16).allSatisfy { $0 == Self.grey })
    }

    @Test func aShareUnderOnePercentIsSaidSoNotZero() throws {
        // Given coffee.jpg cut a few blocks into its data (one row's worth of its 400)
        let bytes = try TestAssets.bytes("coffee.jpg")
        let data = try #require(Self.scanOffsets(bytes).first) + 2 + 12
        let cut = Array(bytes.prefix(data + 35))

        // When decoded with partial decoding allowed
        let damage = try #require(try ImageDecoder.decode(cut, options: Self.partial).damage)

        // Then it says less than 1 %, not 0 %, in words and in a row's mark
        #expect(damage.decodedRows > 0 && damage.percent == 0, "\(damage)")
        #expect(damage.extent == "less than 1 % decoded")
        #expect(damage.shortShare == "<1%")
    }

    @Test func aProgressiveJPEGCutAndNeededAt1To8IsSaidDamagedNotDrawnWholeFromItsDCScans() throws {
        // Given chelsea.jpg (progressive, 451×300) cut at 50 % of its bytes, its DC scans whole,
        // needed at 1/8 with DC-only decoding allowed (as the viewer's thumbnails and a small
        // `show` are)
        let whole = try TestAssets.bytes("chelsea.jpg")
        let cut = Damage.cut(whole, at: 0.5)
        let target = PixelSize(width: 57, height: 38)
        let small = DecodingOptions(targetSize: target, allowsDCOnlyDecoding: true, allowsPartialDecoding: true)

        // When the cut file and the whole one are decoded
        let image = try ImageDecoder.decode(cut, options: small)
        let complete = try ImageDecoder.decode(whole, options: small)

        // Then the cut one says what is missing (every row as of its last whole scan), at the
        // same 1/8 size; the whole one is whole
        let damage = try #require(image.damage, "a cut file drawn at 1/8 is said damaged")
        #expect(damage.isTruncated && (damage.scan ?? 0) > 1 && damage.decodedRows == damage.rows, "\(damage)")
        #expect(image.bitmap.size == complete.bitmap.size)
        #expect(complete.damage == nil)
        // And without partial decoding it is refused, as at every other size
        let strict = DecodingOptions(targetSize: target, allowsDCOnlyDecoding: true)
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(cut, options: strict) }
        #expect(error?.kind == .truncated)
    }

    @Test func dataDamagedFromItsFirstBlockIsRefusedWithTheReason() throws {
        // Given coffee.jpg whose image data begins with a marker (FF D9): libjpeg warns
        // "premature end of data segment" in the first block and draws every block grey
        var bytes = try TestAssets.bytes("coffee.jpg")
        let data = try #require(Self.scanOffsets(bytes).first) + 2 + 12
        bytes[data] = 0xFF
        bytes[data + 1] = 0xD9

        // When decoded with partial decoding allowed
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(bytes, options: Self.partial) }

        // Then it is refused, saying nothing of the picture decodes and libjpeg's reason
        let words = String(describing: try #require(error))
        #expect(error?.kind == .decoder)
        #expect(words.contains("nothing of the picture decodes") && words.contains("premature end of data segment"), "\(words)")
    }

    @Test func partialDecodingIsOffUnlessAskedFor() throws {
        // Given a JPEG cut at 60 %
        let cut = Damage.cut(try TestAssets.bytes("coffee.jpg"), at: 0.6)

        // When decoded with the default options, Then it is refused as before
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(cut) }
        #expect(error?.kind == .truncated)
    }

    @Test func aScaledAndReducedDecodeCountsItsOwnRows() throws {
        // Given coffee.jpg cut at 60 %, decoded toward 75×50 (1/8) and further reduced
        let cut = Damage.cut(try TestAssets.bytes("coffee.jpg"), at: 0.6)
        var options = Self.partial
        options.targetSize = PixelSize(width: 30, height: 20)
        options.reductionThreshold = 1

        // When decoded
        let image = try ImageDecoder.decode(cut, options: options)

        // Then the damage counts the small bitmap's rows, at about the same share, grey below
        let damage = try #require(image.damage)
        #expect(damage.rows == image.bitmap.height && image.scaleDenominator > 8)
        #expect(abs(damage.share - 0.64) <= 0.1, "\(damage)")
        #expect(Self.row(image.bitmap, image.bitmap.height - 1).allSatisfy { $0 == Self.grey })
    }

    /// The offsets of a JPEG's SOS markers (FF DA), in order (entropy data never holds FF DA).
    static func scanOffsets(_ jpeg: [UInt8]) -> [Int] {
        (0..<max(0, jpeg.count - 1)).filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }
    }

    static func row(_ bitmap: Bitmap, _ y: Int) -> [RGBA] { (0..<bitmap.width).map { bitmap[$0, y] } }

    static func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        var total = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                total += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
            }
        }
        return Double(total) / Double(3 * a.width * a.height)
    }
}
