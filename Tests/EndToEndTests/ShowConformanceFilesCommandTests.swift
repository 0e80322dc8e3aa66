import Foundation
import TestSupport
import Testing

/// `photofeed show` as a child process on files of the conformance suites that the codecs once
/// refused: a BMP, an AVIF libavif 0.11 cannot parse, and a BMP cut short.
@Suite(.timeLimit(.minutes(2)), .tags(.realTime)) struct ShowConformanceFilesCommandTests {
    let environment = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": "", "COLORTERM": "", "NO_COLOR": "", "TERM": "xterm-256color"]

    func fixture(_ path: String) -> String {
        BuiltBinary.packageRoot.appendingPathComponent("Tests/CodecFixtures/conformance/\(path)").path
    }

    @Test func aBMPAndAnAVIFWithTwoIpmaBoxesAreDrawn() async throws {
        // Given BMP Suite's RLE8 file and an AVIF sample with two ipma boxes
        for file in ["bmpsuite/g/pal8rle.bmp", "avif-sample-images/plum-blossom-small.profile0.8bpc.yuv420.alpha-full.avif"] {
            // When shown in 24-bit colour
            let result = try await BuiltBinary.run(
                ["show", fixture(file), "--width", "20", "--colors", "truecolor", "--no-thumbnail-cache"], environment: environment)
            // Then it draws, with nothing on stderr
            #expect(result.status == 0, "\(file): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(file): \(result.stderr)")
            #expect(result.stdout.contains("\u{1B}[38;2;") || result.stdout.contains("\u{1B}[48;2;"), "\(file)")
        }
    }

    @Test func aBMPCutShortIsOneSentenceSayingHowMuch() async throws {
        // Given BMP Suite's short file (13 of its 64 rows)
        let result = try await BuiltBinary.run(
            ["show", fixture("bmpsuite/b/shortfile.bmp"), "--width", "20", "--no-thumbnail-cache"], environment: environment)
        // Then it fails with the truncation in one line, and draws nothing
        #expect(result.status == 1)
        #expect(result.stderr.contains("truncated data: the BMP's pixel data ends after 13 of 64 rows"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}[38;"))
    }
}
