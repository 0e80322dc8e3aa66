import Foundation
import ImageCodecs
import Testing
import Vocabulary

/// Damage made the ways it happens (issue 50, point 5), to a few small files of every format:
/// cut at 10, 50 and 90 % of the bytes (a download or a copy interrupted), a run zeroed in the
/// middle (a bad sector: 4 KiB, or a tenth of a file under 40 KiB), bits flipped at places from
/// a fixed seed past the first fifth (bytes gone wrong in transit). Each variant is decoded with
/// partial decoding allowed and its outcome checked against ``MadeDamage/expected``: drawn whole,
/// drawn in part with its share, or refused with a reason that is a sentence; never a crash.
@Suite("Damage made to every format decodes as the table says")
struct MadeDamageTests {
    @Test(arguments: MadeDamage.sources)
    func everyDamagedVariantHasItsExpectedOutcome(source: MadeDamage.Source) throws {
        // Given the source file, whole
        let bytes = try source.bytes()
        for kind in MadeDamage.Kind.allCases {
            // When it is damaged so and decoded with partial decoding allowed
            let damaged = kind.apply(to: bytes)
            let outcome = MadeDamage.Outcome(decoding: damaged)

            // Then the outcome is the table's (a share within 3 points)
            guard let expected = MadeDamage.expected[source.name]?[kind] else {
                Issue.record("no expectation for \(source.name) \(kind): \(outcome)")
                continue
            }
            #expect(outcome.matches(expected), "\(source.name) \(kind): \(outcome), expected \(expected)")
            if case .refused(let reason) = outcome {
                #expect(MadeDamage.isSentence(reason), "\(source.name) \(kind): '\(reason)'")
            }
        }
    }

    @Test func aPartialPictureKeepsItsDecodedRowsAndIsGreyWhereNothingCame() throws {
        // Given strips.tiff (8-row LZW strips) cut at half its bytes
        let source = try #require(MadeDamage.sources.first { $0.name == "strips.tiff" })
        let whole = try source.bytes()
        let image = try ImageDecoder.decode(MadeDamage.Kind.cut50.apply(to: whole), options: MadeDamage.partial)
        let full = try ImageDecoder.decode(whole).bitmap

        // Then the strips before the cut are the whole file's rows, and the last row is grey
        let damage = try #require(image.damage)
        #expect(damage.isTruncated && damage.decodedRows % 8 == 0 && damage.decodedRows > 0)
        for y in 0..<damage.decodedRows {
            #expect((0..<full.width).allSatisfy { image.bitmap[$0, y] == full[$0, y] }, "row \(y)")
        }
        #expect((0..<full.width).allSatisfy { image.bitmap[$0, full.height - 1] == RGBA(128, 128, 128) })
    }

    @Test func aTIFFCutBeforeAnyRowIsRefusedInWordsNotLibtiffs() throws {
        // Given strips.tiff (directory first, 8-row strips) cut at a tenth of its bytes, inside
        // its first strip
        let source = try #require(MadeDamage.sources.first { $0.name == "strips.tiff" })
        let cut = MadeDamage.Kind.cut10.apply(to: try source.bytes())

        // When decoded with partial decoding allowed
        let error = #expect(throws: ImageCodecError.self) { try ImageDecoder.decode(cut, options: MadeDamage.partial) }

        // Then it is a truncation said in words, not libtiff's "Read error at scanline 4294967295"
        let words = String(describing: try #require(error))
        #expect(error?.kind == .truncated)
        #expect(words.contains("the TIFF data ends before any of the picture") && !words.contains("scanline"), "\(words)")
    }

    @Test func aTIFFOfOneStripBrokenInsideKeepsTheRowsAboveTheBreak() throws {
        // Given still.tiff (one LZW strip) with a tenth of its bytes zeroed from the middle
        let source = try #require(MadeDamage.sources.first { $0.name == "still.tiff" })
        let whole = try source.bytes()
        let image = try ImageDecoder.decode(MadeDamage.Kind.zeroed.apply(to: whole), options: MadeDamage.partial)
        let full = try ImageDecoder.decode(whole).bitmap

        // Then it is drawn, corrupt rather than cut: the rows well above the zeroed bytes are the
        // whole file's (libtiff decodes the strip row by row up to the code it cannot read), and
        // the rows from the break down are grey
        let damage = try #require(image.damage)
        #expect(!damage.isTruncated && damage.decodedRows > full.height * 2 / 5 && damage.decodedRows < full.height)
        for y in 0..<(full.height * 2 / 5) {
            #expect((0..<full.width).allSatisfy { image.bitmap[$0, y] == full[$0, y] }, "row \(y)")
        }
        for y in damage.decodedRows..<full.height {
            #expect((0..<full.width).allSatisfy { image.bitmap[$0, y] == RGBA(128, 128, 128) }, "row \(y)")
        }
    }

    @Test(arguments: ["interlaced.png", "interlaced.gif"])
    func anInterlacedFileCutShortDrawsItsPassesCoarselyWithoutGreyHoles(name: String) throws {
        // Given an interlaced file cut at 50 % of its bytes (its first passes complete)
        let source = try #require(MadeDamage.sources.first { $0.name == name })
        let whole = try source.bytes()
        let image = try ImageDecoder.decode(MadeDamage.Kind.cut50.apply(to: whole), options: MadeDamage.partial)
        let full = try ImageDecoder.decode(whole).bitmap

        // Then the picture is close to the whole one (rows copied down from the passes decoded), with
        // no grey row in it, and the first row is the file's
        _ = try #require(image.damage)
        #expect((0..<full.width).allSatisfy { image.bitmap[$0, 0] == full[$0, 0] })
        let difference = try #require(FormatAssets.meanDifference(image.bitmap, full))
        #expect(difference < 20, "mean difference \(difference)")
    }
}
