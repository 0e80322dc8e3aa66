import Foundation
import ImageCodecs
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The real binary on names that are not UTF-8: `show` takes its argument's bytes from `argv`
/// (a shell's `printf` makes the byte 0xFF), and a folder of such names has its photos.
@Suite(.timeLimit(.minutes(2)), .tags(.realTime)) struct NonUTF8NameCommandTests {
    /// A fresh folder holding a red 400×300 PNG named `e\xff.jpg` and, when `withReplacement`,
    /// a blue 384×303 one named `e\xEF\xBF\xBD.jpg` (what decoding the first name gives).
    private func folder(withReplacement: Bool) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-bytes-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var files: [([UInt8], [UInt8])] = [
            ([0x65, 0xFF], try PNGEncoder.encode(Bitmap(width: 400, height: 300, fill: RGBA(255, 0, 0))))
        ]
        if withReplacement {
            files.append(([0x65, 0xEF, 0xBF, 0xBD], try PNGEncoder.encode(Bitmap(width: 384, height: 303, fill: RGBA(0, 0, 255)))))
        }
        for (name, bytes) in files {
            // The name's raw bytes go to creat(2): Foundation's paths are Strings.
            let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + Array(".png".utf8) + [0]
            let descriptor = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { creat($0.baseAddress!, 0o644) } }
            try #require(descriptor >= 0)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        return folder
    }

    @Test func showPrintsTheFileItsArgumentsBytesName() async throws {
        // Given e\xff.png (red) beside e\xEF\xBF\xBD.png (blue)
        let folder = try folder(withReplacement: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let binary = try BuiltBinary.photofeed.path
        // When `show` is given the raw bytes e\xff.png (argv, from the shell's printf)
        let result = try await BuiltBinary.runShell(
            "exec '\(binary)' show \"$(printf '%s/e\\377.png' '\(folder)')\" --width 8 --colors truecolor --symbols half",
            environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color", "NO_COLOR": ""])
        // Then the red file is printed, not the blue one its name decodes to
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("255;0;0"), "\(result.stdout.debugDescription)")
        #expect(!result.stdout.contains("0;0;255"))
    }

    @Test func showNamesAMissingNonUTF8FileWithAVisibleEscape() async throws {
        // Given a folder without e\xfe.png
        let folder = try folder(withReplacement: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let binary = try BuiltBinary.photofeed.path
        // When `show` is asked for it
        let result = try await BuiltBinary.runShell(
            "exec '\(binary)' show \"$(printf '%s/e\\376.png' '\(folder)')\" --width 8",
            environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color"])
        // Then it fails naming the byte as \xFE (never U+FFFD) and the system's reason
        #expect(result.status != 0)
        #expect(result.stderr.contains("e\\xFE.png"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{FFFD}"))
        #expect(result.stderr.lowercased().contains("no such file"))
    }

    @Test func snapshotOfAFolderOfOnlyNonUTF8NamesShowsThem() async throws {
        // Given a folder whose only photo is e\xff.png
        let folder = try folder(withReplacement: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // When it is snapshotted
        let output = try await BuiltBinary.run([
            "snapshot", "--feed", folder, "--width", "80", "--height", "20", "--colors", "none", "--no-disk-cache",
        ])
        // Then it has its photo, shown with the byte as a visible escape
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stdout.contains("e\\xFF.png"), "\(output.stdout)")
        #expect(!output.stdout.contains("\u{FFFD}"))
    }

    @Test func snapshotShowsBothFilesEachAtItsOwnSize() async throws {
        // Given e\xff.png (400×300) beside e\xEF\xBF\xBD.png (384×303)
        let folder = try folder(withReplacement: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // When the folder is snapshotted
        let output = try await BuiltBinary.run([
            "snapshot", "--feed", folder, "--width", "100", "--height", "30", "--colors", "none", "--no-disk-cache",
        ])
        // Then both rows are there, each with its own size
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stdout.contains("e\\xFF.png"), "\(output.stdout)")
        #expect(output.stdout.contains("e\u{FFFD}.png"))
        let sizes = output.stdout.replacing("×", with: "x")
        #expect(sizes.contains("400x300") && sizes.contains("384x303"), "\(output.stdout)")
        // And both load: no row failed (a file URL of e%FF.png was once refused as having no path)
        #expect(!output.stdout.contains("✗"), "\(output.stdout)")
    }
}
