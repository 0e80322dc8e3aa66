import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `photofeed show` run as a child process on the shipped assets and on bad files.
@Suite(.timeLimit(.minutes(2)), .tags(.realTime)) struct ShowCommandTests {
    let asset = BuiltBinary.assetsDirectory.appendingPathComponent("chelsea.jpg").path
    let plainEnvironment = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": "", "COLORTERM": "", "NO_COLOR": "", "TERM": "xterm-256color"]

    /// Lines of output with the escape sequences removed.
    private func visibleLines(_ text: String) -> [String] {
        text.replacing(/\u{1B}\[[0-9;]*m/, with: "").split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    @Test func showsAPhotoAtTheRequestedWidthKeepingItsAspect() async throws {
        // Given chelsea.jpg (451×300) at 40 columns in truecolor sextants
        let result = try await BuiltBinary.run(
            ["show", asset, "--width", "40", "--symbols", "sextant", "--colors", "truecolor"], environment: plainEnvironment)
        // Then it succeeds with 40 / 1.5 / 2 ≈ 13 rows of 40 cells, each ending in a reset
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = visibleLines(result.stdout)
        #expect(lines.count == 13)
        #expect(lines.allSatisfy { $0.unicodeScalars.count == 40 }, "\(lines.map(\.unicodeScalars.count))")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix("\u{1B}[0m") })
        #expect(result.stdout.contains("\u{1B}[38;2;"))
        // And no cursor movement: the only escapes are SGR
        #expect(result.stdout.replacing(/\u{1B}\[[0-9;]*m/, with: "").contains("\u{1B}") == false)
    }

    @Test func aFileWhoseNameClaimsAnotherFormatIsAnErrorNamingBoth() async throws {
        // Given a PNG named .webp, shown alone, as pixels, and in a grid beside a good photo
        let named = BuiltBinary.packageRoot.appendingPathComponent("Assets/formats/png-named.webp").path
        let alone = try await BuiltBinary.run(["show", named, "--width", "20", "--no-thumbnail-cache"], environment: plainEnvironment)
        let pixels = try await BuiltBinary.run(
            ["show", named, "--width", "20", "--graphics", "kitty", "--no-thumbnail-cache"], environment: plainEnvironment)
        let grid = try await BuiltBinary.run(
            ["show", "--grid", "2", named, asset, "--no-thumbnail-cache"], environment: plainEnvironment)
        // Then each says what the name claims and what the bytes are
        let reason = "format mismatch: claimed to be WEBP, the bytes are PNG"
        #expect(alone.status == 1)
        #expect(alone.stderr.contains(reason), "\(alone.stderr)")
        #expect(pixels.status == 1)
        #expect(pixels.stderr.contains(reason), "\(pixels.stderr)")
        // And the grid still shows the good photo, the other cell failing with the reason
        #expect(grid.stdout.contains("\u{1B}[38;"))
        #expect((grid.stdout + grid.stderr).contains("mismatch"), "\(grid.stderr)")
    }

    @Test func aDashReadsThePictureFromAPipe() async throws {
        // Given chelsea.jpg shown from its file, and the same bytes piped into `show -`
        let flags = ["--width", "40", "--symbols", "sextant", "--colors", "truecolor"]
        let direct = try await BuiltBinary.run(["show", asset, "--no-thumbnail-cache"] + flags, environment: plainEnvironment)
        let binary = try BuiltBinary.photofeed.path
        let piped = try await BuiltBinary.runShell(
            "cat '\(asset)' | '\(binary)' show - \(flags.joined(separator: " "))", environment: plainEnvironment)
        // Then both print the same picture
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == direct.stdout)
        // And an empty pipe is one clear line
        let empty = try await BuiltBinary.runShell("true | '\(binary)' show -", environment: plainEnvironment)
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("nothing on standard input"))
    }

    @Test func realPixelsWhenAFlagAsksEvenIntoAPipe() async throws {
        // Given chelsea.jpg (451×300) at 40 columns of 10×20-pixel cells (400 pixels wide)
        let sixel = try await BuiltBinary.run(["show", asset, "--width", "40", "--graphics", "sixel"], environment: plainEnvironment)
        // Then --graphics sixel prints one sixel graphic 400 pixels wide (its raster attributes), then a newline
        #expect(sixel.status == 0, "\(sixel.stderr)")
        #expect(sixel.stdout.hasPrefix("\u{1B}P0;1;0q\"1;1;400;266"))
        #expect(sixel.stdout.hasSuffix("\u{1B}\\\n"))
        // And --graphics kitty transmits and displays one image, 40 cells wide, in chunks
        let kitty = try await BuiltBinary.run(["show", asset, "--width", "40", "--graphics", "kitty"], environment: plainEnvironment)
        #expect(kitty.status == 0, "\(kitty.stderr)")
        #expect(kitty.stdout.hasPrefix("\u{1B}_Ga=T,q=2,c=40,r=14,f=100,i="))
        #expect(kitty.stdout.components(separatedBy: "\u{1B}_G").count - 1 > 1)
        // And auto into a pipe is block art: no graphics escapes
        let auto = try await BuiltBinary.run(["show", asset, "--width", "40"], environment: plainEnvironment)
        #expect(!auto.stdout.contains("\u{1B}P") && !auto.stdout.contains("\u{1B}_G"))
    }

    @Test func aPictureIsReadBackFromThePictureCacheNotDecodedAgain() async throws {
        // Given a copy of chelsea.jpg and a cache home of its own
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("picture-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("chelsea.jpg").path
        try FileManager.default.copyItem(atPath: asset, toPath: photo)
        let environment = plainEnvironment.merging(["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]) { $1 }
        var printed: [String: String] = [:]
        for backend in ["kitty", "sixel", "iterm"] {
            let first = try await BuiltBinary.run(["show", photo, "--width", "40", "--graphics", backend], environment: environment)
            #expect(first.status == 0, "\(first.stderr)")
            printed[backend] = first.stdout
        }
        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache/photofeed/.pictures").path)
        // (kitty's as a PNG, sixel's and iTerm2's as the bytes they printed)
        #expect(pictures.filter { $0.hasSuffix(".png") }.count == 1)
        #expect(pictures.filter { $0.hasSuffix(".printed") }.count == 2)

        // When its bytes are spoiled in place (same size, same modification time)
        var before = stat()
        #expect(stat(photo, &before) == 0)
        let handle = try #require(FileHandle(forWritingAtPath: photo))
        try handle.write(contentsOf: Data(repeating: 0x55, count: Int(before.st_size)))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, photo, &times, 0) == 0)
        var after = stat()
        #expect(stat(photo, &after) == 0 && after.st_ino == before.st_ino && after.st_size == before.st_size)

        // Then each protocol prints the same bytes as before, from the cache (kitty's under an
        // image id of this process's own)
        for backend in ["kitty", "sixel", "iterm"] {
            let again = try await BuiltBinary.run(["show", photo, "--width", "40", "--graphics", backend], environment: environment)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(Self.withoutImageIDs(again.stdout) == Self.withoutImageIDs(try #require(printed[backend])), "\(backend)")
        }
        // And --no-thumbnail-cache reads the photo, which now fails to decode
        let uncached = try await BuiltBinary.run(
            ["show", photo, "--width", "40", "--graphics", "kitty", "--no-thumbnail-cache"], environment: environment)
        #expect(uncached.status != 0)
        #expect(uncached.stdout.isEmpty)
    }

    @Test func twoShowsOfOnePhotoGiveTheirPicturesTwoKittyImageIDs() async throws {
        // Given one photo shown twice in a row to kitty (a picture cache of its own)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("image-ids-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = plainEnvironment.merging(["XDG_CACHE_HOME": folder.path]) { $1 }
        var outputs: [String] = []
        for _ in 0..<2 {
            let shown = try await BuiltBinary.run(["show", asset, "--width", "20", "--graphics", "kitty"], environment: environment)
            #expect(shown.status == 0, "\(shown.stderr)")
            outputs.append(shown.stdout)
        }
        // Then each transmission names its image apart (were they equal, kitty would replace the
        // first picture's image with the second and take the first off the screen), and the
        // pictures are otherwise the same bytes
        let ids = outputs.map { output in output.matches(of: /[,;]i=([0-9]+)/).map { String($0.output.1) } }
        #expect(ids.allSatisfy { !$0.isEmpty && Set($0).count == 1 }, "\(ids)")
        #expect(ids[0].first != ids[1].first)
        #expect(Self.withoutImageIDs(outputs[0]) == Self.withoutImageIDs(outputs[1]))
    }

    /// `output` with kitty's image ids (`i=N`) made one placeholder.
    static func withoutImageIDs(_ output: String) -> String {
        output.replacing(/([,;])i=[0-9]+/) { "\($0.output.1)i=ID" }
    }

    @Test func aHostileFileNameNeverReachesTheTerminalRaw() async throws {
        // Given a file name carrying an OSC title change, a screen clear and a bell
        let marker = UUID().uuidString
        let hostile = FileManager.default.temporaryDirectory.appendingPathComponent("\u{1B}]2;owned\u{07}\u{1B}[2J\u{1B}c-\(marker).jpg").path

        // When show fails on it
        let result = try await BuiltBinary.run(["show", hostile], environment: plainEnvironment)

        // Then the error line names it without a single control character
        #expect(result.status != 0)
        #expect(result.stderr.contains("photofeed show:") && result.stderr.contains(marker))
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F..<0xA0).contains($0.value) })
    }

    @Test func showsEveryAsset() async throws {
        let assets = try FileManager.default.contentsOfDirectory(atPath: BuiltBinary.assetsDirectory.path)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
            .map { BuiltBinary.assetsDirectory.appendingPathComponent($0).path }
        #expect(assets.count >= 10)
        let result = try await BuiltBinary.run(["show"] + assets + ["--width", "24", "--height", "12", "--colors", "256"],
                                         environment: plainEnvironment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = visibleLines(result.stdout)
        #expect(lines.count >= assets.count * 6 && lines.count <= assets.count * 12)
        #expect(result.stdout.contains("\u{1B}[38;5;") || result.stdout.contains("\u{1B}[48;5;"))
    }

    @Test func badFilesAreReportedAndTheRestStillShown() async throws {
        // Given a missing file, a text file, a JPEG cut inside its first scan (drawn as far as
        // it decodes since issue 50; a progressive JPEG cut after its DC scan is whole at 20
        // columns: its 1/8 scale needs no more), then a good photo
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("show-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let truncated = directory.appendingPathComponent("truncated.jpg")
        try Data(try Data(contentsOf: URL(fileURLWithPath: asset)).prefix(2500)).write(to: truncated)
        let missing = directory.appendingPathComponent("missing.jpg").path
        let text = BuiltBinary.assetsDirectory.appendingPathComponent("PROVENANCE.md").path
        // When they are shown in one command
        let result = try await BuiltBinary.run(["show", missing, text, truncated.path, asset, "--width", "20"],
                                         environment: plainEnvironment)
        // Then each bad file gets one line on stderr naming it and the reason
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 3)
        #expect(errors[0] == "photofeed show: \(missing): transport error: no such file or directory")
        #expect(errors[1].hasPrefix("photofeed show: \(text): unsupported format"))
        #expect(errors[2] == "photofeed show: \(truncated.path): damaged: 94 % decoded (the JPEG data ends before the image is complete)")
        // And the cut photo's rows so far and the good photo after them are printed (7 lines each)
        #expect(visibleLines(result.stdout).count == 14)
    }

    @Test func aFolderGivenToShowSaysSoAndHowToBrowseIt() async throws {
        // Given a folder (its name needs quoting in a shell) and a photo after it
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("show folder \(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // When they are shown
        let result = try await BuiltBinary.run(["show", directory.path, asset, "--width", "20"], environment: plainEnvironment)
        // Then one line says it is a folder and what to run instead, with no "transport error: is a directory"
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "photofeed show: \(directory.path): a folder, not an image file; photofeed --feed '\(directory.path)' browses its photos\n")
        // And the photo after it is still printed
        #expect(visibleLines(result.stdout).count == 7)
    }

    @Test func specialFilesAreRefusedAtOnceWithOneLineEach() async throws {
        // Given /dev/zero (reads forever), a FIFO nobody writes to (before: 10 s until "the pipe
        // sent nothing") and a photo after them
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("show-fifo-\(UUID().uuidString)").path
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // When they are shown
        let result = try await BuiltBinary.run(["show", "/dev/zero", fifo, asset, "--width", "20"], environment: plainEnvironment)
        // Then each special file gets one line naming what it is, without being read, and the photo is shown
        #expect(result.status == 1)
        #expect(result.stderr == """
            photofeed show: /dev/zero: not a regular file (a character device)
            photofeed show: \(fifo): not a regular file (a FIFO)

            """)
        #expect(!result.stdout.isEmpty)
    }

    @Test func maxBytesLowersTheLimit() async throws {
        // Given a photo larger than 1000 bytes
        // When it is shown with --max-bytes 1000
        let result = try await BuiltBinary.run(["show", asset, "--max-bytes", "1000"], environment: plainEnvironment)
        // Then it is refused by its length, naming the limit
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("photofeed show: \(asset): too large: "))
        #expect(result.stderr.contains("over the limit of 1000"))
    }

    @Test func widthComesFromColumnsWhenNotGiven() async throws {
        var environment = plainEnvironment
        environment["COLUMNS"] = "30"
        let result = try await BuiltBinary.run(["show", asset, "--colors", "16"], environment: environment)
        #expect(result.status == 0)
        #expect(visibleLines(result.stdout).allSatisfy { $0.unicodeScalars.count == 30 })
    }

    @Test func fillCoversTheWholeBox() async throws {
        let result = try await BuiltBinary.run(["show", asset, "--width", "16", "--height", "16", "--fill", "--symbols", "quad"],
                                         environment: plainEnvironment)
        #expect(result.status == 0)
        let lines = visibleLines(result.stdout)
        #expect(lines.count == 16 && lines.allSatisfy { $0.unicodeScalars.count == 16 })
    }

    @Test func noColorAndNonUTF8LocaleGivePlainASCII() async throws {
        // Given NO_COLOR and a C locale, with nothing forced by flags
        let environment = ["LANG": "C", "LC_ALL": "", "LC_CTYPE": "", "NO_COLOR": "1", "TERM": "xterm-256color", "COLUMNS": "32"]
        let result = try await BuiltBinary.run(["show", asset, "--dither", "diffusion"], environment: environment)
        // Then the output is printable ASCII lines with no escapes at all
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty)
        #expect(result.stdout.unicodeScalars.allSatisfy { $0 == "\n" || (0x20...0x7E).contains($0.value) })
        // And flags override detection
        let forced = try await BuiltBinary.run(["show", asset, "--symbols", "half", "--colors", "truecolor"], environment: environment)
        #expect(forced.stdout.contains("▀") && forced.stdout.contains("\u{1B}[38;2;"))
    }

    @Test func invalidFlagsAreUsageErrors() async throws {
        let result = try await BuiltBinary.run(["show", asset, "--symbols", "braille"], environment: plainEnvironment)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--symbols must be half, quad, sextant, block or ascii"))
        let width = try await BuiltBinary.run(["show", asset, "--width", "0"], environment: plainEnvironment)
        #expect(width.status == 64)
    }

    @Test func aClosedPipeEndsQuietly() async throws {
        // Given a lot of output piped into `head -c 100`
        let arguments = Array(repeating: asset, count: 30).map { "'\($0)'" }.joined(separator: " ")
        let script = "'\(try BuiltBinary.photofeed.path)' show \(arguments) --width 200 | head -c 100 > /dev/null; echo \"${PIPESTATUS[0]}\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // Then photofeed stops without a signal death (141) and without noise
        let status = String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(status == "0")
        #expect(err.isEmpty)
    }

    @Test func showsAnHTTPURLThroughThePipeline() async throws {
        // Given `photofeed serve` on an ephemeral port (it prints its URL first)
        let server = Process()
        server.executableURL = try BuiltBinary.photofeed
        server.arguments = ["serve", "--port", "0", "--photos", BuiltBinary.assetsDirectory.path]
        let serverOut = Pipe()
        server.standardOutput = serverOut
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var firstLine = Data()
        while !firstLine.contains(UInt8(ascii: "\n")) {
            let chunk = serverOut.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the server exited
            firstLine.append(chunk)
        }
        let base = try #require(String(decoding: firstLine, as: UTF8.self).firstMatch(of: /http:\/\/[0-9.]+:[0-9]+/)?.output)
        // When a photo and a missing id are shown by URL
        let result = try await BuiltBinary.run(
            ["show", "\(base)/id/3/300/200", "\(base)/id/99999999/300/200", "--width", "30", "--colors", "none"],
            environment: plainEnvironment)
        // Then the photo is drawn (30 wide, 300×200 keeps 10 rows) and the 404 is reported
        #expect(result.status == 1)
        let lines = visibleLines(result.stdout)
        #expect(lines.count == 10 && lines.allSatisfy { $0.unicodeScalars.count == 30 })
        #expect(result.stderr == "photofeed show: \(base)/id/99999999/300/200: HTTP status 404\n")
    }
}
