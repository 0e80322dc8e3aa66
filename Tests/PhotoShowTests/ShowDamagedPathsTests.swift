import BlockArt
import Foundation
import ImageCodecs
import TerminalGraphics
import Testing
import Vocabulary

@testable import PhotoShow

/// A damaged photo on `show`'s other paths (issue 50): in real pixels (kitty, sixel, iTerm2),
/// placed into a box (`--place`, block art and pixels) and in a grid, it is drawn as far as it
/// decodes, then said in one sentence on the error output, and the run reports a failure (exit 1).
@Suite("Show: a damaged photo on every path")
struct ShowDamagedPathsTests {
    /// A 120×160 gradient JPEG cut at 60 % of its bytes, and a whole PNG, in a folder of their own.
    static func files() throws -> (cut: String, whole: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("show-damaged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var bitmap = Bitmap(width: 120, height: 160, fill: .black)
        for y in 0..<160 {
            for x in 0..<120 { bitmap[x, y] = RGBA(UInt8(x * 2), UInt8(y), 90) }
        }
        let jpeg = try JPEGEncoder.encode(bitmap, quality: 90)
        let cut = folder.appendingPathComponent("cut.jpg")
        try Data(jpeg.prefix(jpeg.count * 6 / 10)).write(to: cut)
        let whole = folder.appendingPathComponent("whole.png")
        try Data(PNGEncoder.encode(Bitmap(width: 16, height: 16, fill: RGBA(0, 200, 0)))).write(to: whole)
        return (cut.path, whole.path, folder)
    }

    static func settings(_ images: [String], graphics: GraphicsSelection.Request, width: Int? = 20) -> ShowSettings {
        ShowSettings(
            images: images, width: width, symbols: .half, colors: ShowSettings.ColorChoice(mode: .truecolor),
            graphics: graphics, thumbnailCache: false, animate: .off)
    }

    /// The one sentence a damaged `file` gets.
    static func sentence(_ file: String, errors: MemoryOutput) -> Bool {
        errors.text.hasPrefix("photofeed show: \(file): damaged: ")
            && errors.text.contains(" % decoded (the JPEG data ends before the image is complete)\n")
            && errors.text.split(separator: "\n").count == 1
    }

    @Test(arguments: [KittyDirectGraphics() as any GraphicsProtocol, SixelGraphics(), ITermInlineGraphics()])
    func inPixelsItIsDrawnAndSaid(_ graphics: any GraphicsProtocol) async throws {
        // Given a JPEG cut at 60 %
        let (cut, _, folder) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = MemoryOutput()
        let errors = MemoryOutput()
        // When shown in real pixels
        let shown = await Show.run(Self.settings([cut], graphics: .pixels(graphics)), output: output, errors: errors)
        // Then its picture is printed, the damage is said once, and the run failed
        #expect(!shown)
        #expect(output.bytes.count > 100)
        #expect(output.text.contains("\u{1B}"))
        #expect(Self.sentence(cut, errors: errors), "\(errors.text)")
    }

    @Test func placedAsBlockArtItIsDrawnAndSaid() async throws {
        // Given a JPEG cut at 60 %, placed into a 20×10 box
        let (cut, _, folder) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = Self.settings([cut], graphics: .blocks, width: nil)
        settings.place = ShowPlacement(columns: 20, rows: 10, left: 2, top: 1)
        let output = MemoryOutput()
        let errors = MemoryOutput()
        // When shown
        let shown = await Show.run(settings, output: output, errors: errors)
        // Then the picture is drawn (its grey rows below the photo's) and the damage said
        #expect(!shown)
        #expect(output.text.contains("38;2;"))
        #expect(output.text.contains("128;128;128"))
        #expect(Self.sentence(cut, errors: errors), "\(errors.text)")
    }

    @Test func placedInPixelsItIsDrawnAndSaid() async throws {
        // Given a JPEG cut at 60 %, placed into a box in kitty's pixels
        let (cut, _, folder) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = Self.settings([cut], graphics: .pixels(KittyDirectGraphics()), width: nil)
        settings.place = ShowPlacement(columns: 20, rows: 10, left: 2, top: 1)
        let output = MemoryOutput()
        let errors = MemoryOutput()
        // When shown
        let shown = await Show.run(settings, output: output, errors: errors)
        // Then the picture's escapes are written and the damage said
        #expect(!shown)
        #expect(output.text.contains("\u{1B}_G"))
        #expect(Self.sentence(cut, errors: errors), "\(errors.text)")
    }

    @Test func inAGridItsBoxIsDrawnAndTheFileNamed() async throws {
        // Given a cut JPEG beside a whole PNG in a 2×1 grid
        let (cut, whole, folder) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = Self.settings([cut, whole], graphics: .blocks, width: 40)
        settings.grid = ShowGridSize(columns: 2, rows: 1)
        let output = MemoryOutput()
        let errors = MemoryOutput()
        // When shown
        let shown = await Show.run(settings, output: output, errors: errors)
        // Then both boxes are drawn (the cut one with its grey rows), and only the cut file is said
        #expect(!shown)
        let lines = output.text.split(separator: "\n")
        #expect(lines.contains { $0.contains("0;200;0") })
        #expect(output.text.contains("128;128;128"))
        #expect(Self.sentence(cut, errors: errors), "\(errors.text)")
    }
}
