import Foundation
import TestSupport
import Testing

/// `photofeed show` as a child process on a damaged photo (issue 50): drawn as far as it decodes,
/// the damage said on stderr in one sentence, exit status 1.
@Suite(.timeLimit(.minutes(2)), .tags(.realTime)) struct ShowDamagedFileCommandTests {
    let environment = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": "", "COLORTERM": "", "NO_COLOR": "", "TERM": "xterm-256color"]

    /// coffee.jpg (600×400, baseline) cut at 60 % of its bytes, in a scratch folder that also
    /// serves as the cache home.
    func cutPhoto() throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-damaged-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let whole = try Data(contentsOf: BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg"))
        let file = folder.appendingPathComponent("coffee-cut.jpg")
        try whole.prefix(whole.count * 6 / 10).write(to: file)
        return (folder, file)
    }

    @Test func aJPEGCutAt60PercentIsDrawnAndSaidWithExitStatus1() async throws {
        // Given coffee.jpg cut at 60 % of its bytes
        let (folder, file) = try cutPhoto()
        defer { try? FileManager.default.removeItem(at: folder) }

        // When shown in 24-bit colour, with the picture cache on (in the scratch folder), twice
        var home = environment
        home["HOME"] = folder.path
        home["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        let flags = ["--width", "30", "--symbols", "half", "--colors", "truecolor"]
        let first = try await BuiltBinary.run(["show", file.path] + flags, environment: home)
        let second = try await BuiltBinary.run(["show", file.path] + flags, environment: home)

        // Then the picture is printed: its top rows the photo, its bottom rows grey
        for result in [first, second] {
            #expect(result.status == 1, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 10, "\(result.stdout)")
            #expect(lines.first?.contains("\u{1B}[38;2;") == true)
            #expect(lines.last?.contains("128;128;128") == true, "\(lines.last ?? "")")
            // And stderr says it in one sentence (the second time too: a damaged picture is never
            // stored in the picture cache as if whole)
            #expect(
                result.stderr
                    == "photofeed show: \(file.path): damaged: 64 % decoded (the JPEG data ends before the image is complete)\n")
        }
    }

    @Test func inPixelsPlacedAndInAGridItIsDrawnAndSaidToo() async throws {
        // Given coffee.jpg cut at 60 %, and the whole photo
        let (folder, file) = try cutPhoto()
        defer { try? FileManager.default.removeItem(at: folder) }
        var home = environment
        home["HOME"] = folder.path
        home["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        let whole = BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg").path
        let sentence = "photofeed show: \(file.path): damaged: 64 % decoded (the JPEG data ends before the image is complete)\n"

        // When shown in kitty's, sixel's and iTerm2's pixels (twice: the picture cache must not keep it)
        for backend in ["kitty", "sixel", "iterm"] {
            for _ in 0..<2 {
                let shown = try await BuiltBinary.run(["show", file.path, "--width", "20", "--graphics", backend], environment: home)
                // Then the picture is printed, said on stderr, exit status 1
                #expect(shown.status == 1, "\(backend): \(shown.stderr)")
                #expect(shown.stdout.count > 200, "\(backend)")
                #expect(shown.stderr == sentence, "\(backend): \(shown.stderr)")
            }
        }
        // When placed into a box as block art
        let placed = try await BuiltBinary.run(
            ["show", file.path, "--place", "20x10@0x0", "--symbols", "half", "--colors", "truecolor"], environment: home)
        #expect(placed.status == 1, "\(placed.stderr)")
        #expect(placed.stdout.contains("128;128;128"))
        #expect(placed.stderr == sentence, "\(placed.stderr)")
        // When in a grid beside the whole photo
        let grid = try await BuiltBinary.run(
            ["show", "--grid", "2", file.path, whole, "--width", "40", "--symbols", "half", "--colors", "truecolor"], environment: home)
        // Then both boxes are drawn, and only the cut file is said
        #expect(grid.status == 1, "\(grid.stderr)")
        #expect(grid.stdout.contains("128;128;128"))
        #expect(grid.stderr == sentence, "\(grid.stderr)")
    }
}
