import BlockArt
import Foundation
import ImageCodecs
import Vocabulary
import Testing

@testable import PhotoShow

/// `show` called as a library: typed settings in, the printed bytes and the failures' lines out,
/// with no command line and no terminal.
@Suite("Show: the library, called directly")
struct ShowRunTests {
    @Test func onePictureIsPrintedAsBlockArtIntoTheOutput() async throws {
        // Given a solid red 40×20 PNG and settings for half blocks in 24-bit colour, 10 columns
        let file = try Self.writePNG(Bitmap(width: 40, height: 20, fill: RGBA(255, 0, 0)))
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let settings = Self.blockArt([file.path], width: 10)
        let output = MemoryOutput()
        let errors = MemoryOutput()
        // When show runs
        let shown = await Show.run(settings, output: output, errors: errors)
        // Then it succeeds with nothing on the error output
        #expect(shown)
        #expect(errors.text.isEmpty)
        // And it printed the picture's rows, in red, as the block-art layout says
        let layout = Show.layout(
            forImage: PixelSize(width: 40, height: 20), columns: 10, rows: nil,
            options: BlockArtOptions(symbols: .half, colors: .truecolor))
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == layout.grid.rows)
        #expect(output.text.contains("255;0;0"))
        #expect(!output.text.contains("\u{1B}[?25l"))  // no animation, no cursor games
    }

    @Test func aGridPutsItsPicturesSideBySideWithTheirTitles() async throws {
        // Given two pictures and a 2×1 grid with titles, 40 columns wide
        let red = try Self.writePNG(Bitmap(width: 32, height: 32, fill: RGBA(255, 0, 0)), name: "red")
        let blue = try Self.writePNG(Bitmap(width: 32, height: 32, fill: RGBA(0, 0, 255)), name: "blue")
        defer {
            try? FileManager.default.removeItem(at: red.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: blue.deletingLastPathComponent())
        }
        var settings = Self.blockArt([red.path, blue.path], width: 40)
        settings.grid = ShowGridSize(columns: 2, rows: 1)
        settings.title = true
        let output = MemoryOutput()
        // When show runs
        let shown = await Show.run(settings, output: output, errors: MemoryOutput())
        // Then both are shown, on the same rows: one line carries both titles
        #expect(shown)
        let lines = output.text.split(separator: "\n")
        #expect(lines.contains { $0.contains(red.lastPathComponent) && $0.contains(blue.lastPathComponent) })
        #expect(lines.contains { $0.contains("255;0;0") && $0.contains("0;0;255") })
    }

    @Test func anUnreadableFileIsOneSentenceAndTheOthersAreStillShown() async throws {
        // Given a missing file before a good one
        let good = try Self.writePNG(Bitmap(width: 8, height: 8, fill: RGBA(0, 255, 0)))
        defer { try? FileManager.default.removeItem(at: good.deletingLastPathComponent()) }
        let missing = "/nonexistent-\(UUID().uuidString).jpg"
        let output = MemoryOutput()
        let errors = MemoryOutput()
        // When show runs
        let shown = await Show.run(Self.blockArt([missing, good.path], width: 8), output: output, errors: errors)
        // Then the run reports a failure, with one sentence naming the file and the reason
        #expect(!shown)
        #expect(errors.text == "photofeed show: \(missing): transport error: no such file or directory\n")
        // And the good picture was still printed
        #expect(output.text.contains("0;255;0"))
    }

    @Test func settingsOutOfRangeSayWhichInTheCommandLinesWords() {
        // Given settings with no image and ones with a zero width
        // When they are validated
        // Then each is refused with the sentence the command line prints
        #expect(throws: ShowSettings.Invalid.self) { try ShowSettings(images: []).validate() }
        do {
            try ShowSettings(images: ["a.png"], width: 0).validate()
            Issue.record("a zero width was accepted")
        } catch {
            #expect(error.description == "--width must be 1…1000 (got 0)")
        }
    }

    /// Block art in 24-bit colour with half blocks: nothing asked of a terminal, nothing cached.
    static func blockArt(_ images: [String], width: Int) -> ShowSettings {
        ShowSettings(
            images: images, width: width, symbols: .half, colors: ShowSettings.ColorChoice(mode: .truecolor),
            graphics: .blocks, thumbnailCache: false, animate: .off)
    }

    /// `bitmap` as `name`.png in a folder of its own (removed with the file by the caller).
    static func writePNG(_ bitmap: Bitmap, name: String = "show") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("show-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("\(name).png")
        try Data(PNGEncoder.encode(bitmap)).write(to: url)
        return url
    }
}

/// An output that keeps what is written.
final class MemoryOutput: ShowOutput {
    private(set) var bytes: [UInt8] = []

    var text: String { String(decoding: bytes, as: UTF8.self) }

    func write(_ bytes: [UInt8]) -> Bool {
        self.bytes += bytes
        return true
    }
}
