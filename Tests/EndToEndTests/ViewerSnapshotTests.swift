import Foundation
import TestSupport
import Testing

/// `photofeed snapshot` and the viewer's refusal to run without a terminal, end to end.
@Suite("Viewer snapshot", .timeLimit(.minutes(2)), .tags(.realTime))
struct ViewerSnapshotTests {
    private static func cacheDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-snap-" + UUID().uuidString).path
    }

    @Test func snapshotPrintsSettledRowsAsPlainText() async throws {
        // Given the embedded feed, unshaped
        // When a 100×40 snapshot is taken without colours
        let output = try await BuiltBinary.run([
            "snapshot", "--width", "100", "--height", "40", "--colors", "none", "--latency", "0", "--bandwidth", "0",
            "--cache-dir", Self.cacheDirectory(),
        ])

        // Then it exits 0 with 40 lines: the first rows loaded and the status bar last
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 40)
        #expect(output.stdout.contains("#0 · "))
        #expect(output.stdout.contains("#1 · "))
        #expect(output.stdout.contains("network"))
        #expect(lines.last?.contains("row 1/") == true)
        #expect(!output.stdout.contains("\u{1B}"))
    }

    @Test func snapshotWithPixelsWritesThePicturesAfterTheFrame() async throws {
        // Given the embedded feed, unshaped, and 8×16-pixel cells
        for (graphics, picture) in [("kitty", "\u{1B}_Ga=p,q=2,C=1,"), ("sixel", "\u{1B}P0;1;0q"), ("iterm", "\u{1B}]1337;File=inline=1;")] {
            // When a 100×40 snapshot is taken with that backend
            let output = try await BuiltBinary.run([
                "snapshot", "--width", "100", "--height", "40", "--colors", "none", "--latency", "0", "--bandwidth", "0",
                "--graphics", graphics, "--cell-pixels", "8x16", "--cache-dir", Self.cacheDirectory(),
            ])

            // Then the 40 lines of text come first, then each visible picture, put at its cells
            // by moving up from the line below the frame, the cursor saved and restored
            #expect(output.status == 0, "\(graphics): \(output.stderr)")
            let text = try #require(output.stdout.components(separatedBy: "\u{1B}7").first)
            #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 41, "\(graphics)")
            #expect(output.stdout.range(of: "\u{1B}7\u{1B}\\[[0-9]+A\u{1B}\\[[0-9]+G", options: .regularExpression) != nil, "\(graphics)")
            #expect(output.stdout.contains(picture), "\(graphics)")
            #expect(output.stdout.hasSuffix("\u{1B}8"), "\(graphics)")
            if graphics == "kitty" {
                // The pixels went first, as PNGs, once per image
                #expect(output.stdout.contains("a=t,q=2,f=100,"))
                #expect(!output.stdout.contains(",o=z,"))
            }
        }
        // And a cell size outside 1…200 pixels is refused with a clear message
        let refused = try await BuiltBinary.run(["snapshot", "--cell-pixels", "0x9999", "--cache-dir", Self.cacheDirectory()])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--cell-pixels must be WxH"))
    }

    @Test func snapshotOfAFolderWithAHostileFileName() async throws {
        // Given a folder holding one photo whose name carries escape sequences
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-hostile-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let photos = try FileManager.default.contentsOfDirectory(atPath: BuiltBinary.assetsDirectory.path)
            .filter { $0.hasSuffix(".jpg") }
        let source = try #require(photos.first)
        try FileManager.default.copyItem(
            at: BuiltBinary.assetsDirectory.appendingPathComponent(source),
            to: folder.appendingPathComponent("\u{1B}[2J\u{1B}]0;owned\u{07}Eve.jpg"))

        // When it is snapshotted without colours
        let output = try await BuiltBinary.run([
            "snapshot", "--feed", folder.path, "--width", "80", "--height", "20", "--colors", "none",
            "--no-disk-cache",
        ])

        // Then the name is shown as plain characters and no escape reaches the output
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stdout.contains("Eve"))
        #expect(!output.stdout.contains("\u{1B}"))
    }

    @Test func viewerWithoutATerminalSaysSoInOneLine() async throws {
        // When the viewer runs with stdout on a pipe
        let output = try await BuiltBinary.run(["--cache-dir", Self.cacheDirectory()])

        // Then it fails with one line pointing to snapshot and show
        #expect(output.status != 0)
        #expect(output.stderr.contains("snapshot"))
        #expect(output.stderr.contains("show"))
        #expect(output.stdout.isEmpty)
    }
}
