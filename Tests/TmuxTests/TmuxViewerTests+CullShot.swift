import Foundation
import TestSupport
import Testing

/// Culling end to end: the real binary on a folder with a RAW+JPEG shot, keys typed in tmux,
/// the sidecars read back by exiftool, no photo changed.
extension TmuxViewerTests {
    /// exiftool's reading of `files`: each file's Rating, Pick and Label (absent: nil).
    static func exiftoolDecisions(_ files: [URL]) throws -> [String: [String: String]]? {
        let exiftool = "/usr/bin/exiftool"
        guard FileManager.default.isExecutableFile(atPath: exiftool) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exiftool)
        process.arguments = ["-j", "-XMP-xmp:Rating", "-XMP-xmpDM:Pick", "-XMP-xmp:Label"] + files.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let records = try JSONSerialization.jsonObject(with: output) as? [[String: Any]] ?? []
        var found: [String: [String: String]] = [:]
        for record in records {
            guard let source = record["SourceFile"] as? String else { continue }
            var fields: [String: String] = [:]
            for key in ["Rating", "Pick", "Label"] { if let value = record[key] { fields[key] = "\(value)" } }
            found[URL(fileURLWithPath: source).lastPathComponent] = fields
        }
        return found
    }

    @Test func cullingAFolderWithAShotWritesEverySidecarAndZTakesBackTheLastDecision() async throws {
        // Given a folder of three photos, the first a RAW+JPEG shot (IMG_0001.JPG + IMG_0001.CR2),
        // and a private HOME, XDG config, data and cache
        let (cache, log, root, folder) = try Self.scratchPhotos(["IMG_0001.JPG", "IMG_0002.jpg", "IMG_0003.jpg"])
        try FileManager.default.copyItem(
            at: BuiltBinary.packageRoot.appendingPathComponent("Tests/CodecFixtures/conformance/raw/CanonRaw.cr2"),
            to: folder.appendingPathComponent("IMG_0001.CR2"))
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let environment = [
            "HOME=\(home.path)", "XDG_CONFIG_HOME=\(home.path)/.config", "XDG_DATA_HOME=\(home.path)/.local/share",
            "XDG_CACHE_HOME=\(home.path)/.cache",
        ].joined(separator: " ")
        let photos = ["IMG_0001.JPG", "IMG_0001.CR2", "IMG_0002.jpg", "IMG_0003.jpg"]
        var before: [String: Data] = [:]
        for name in photos { before[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
        let session = try TmuxSession(
            command: try Self.command("--feed \(folder.path) --no-thumbnail-cache", cache: cache, log: log, environment: environment),
            columns: 160, rows: 40)
        let started = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/3") }
        // The shot is one row, with its badge
        #expect(started?.contains("#IMG_0001.JPG · RAW+JPG") == true, "\(started ?? "")")

        // When 3 and p are pressed on the shot, x on the second photo, 6 on the third
        for key in ["3", "p", "j", "x", "j", "6"] { try session.send(key) }
        let decided = try await session.waitForScreen(within: .seconds(10)) { screen in
            Self.row("IMG_0001.JPG", in: screen)?.contains("★★★☆☆ ⚑") == true && Self.row("IMG_0002.jpg", in: screen)?.contains("✗") == true
                && Self.row("IMG_0003.jpg", in: screen)?.contains("■") == true
        }
        #expect(decided != nil, "\((try? session.capture()) ?? "")")

        // When z is pressed, the red label is taken back: the third row shows no label
        try session.send("z")
        let undone = try await session.waitForScreen(within: .seconds(10)) { screen in
            screen.contains("decision taken back") && Self.row("IMG_0003.jpg", in: screen)?.contains("■") == false
        }
        #expect(undone != nil, "\((try? session.capture()) ?? "")")
        // And 6 gives it again, then the viewer stops (writing what is not written yet)
        try session.send("6")
        _ = try await session.waitForScreen(within: .seconds(10)) { Self.row("IMG_0003.jpg", in: $0)?.contains("■") == true }
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true, "\(exited ?? "")")

        // Then every file has its own sidecar, the shot's two alike
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["IMG_0001.CR2", "IMG_0001.CR2.xmp", "IMG_0001.JPG", "IMG_0001.JPG.xmp", "IMG_0002.jpg", "IMG_0002.jpg.xmp", "IMG_0003.jpg", "IMG_0003.jpg.xmp"])
        // And exiftool reads 3 stars and a pick in both of the shot's, a reject, and a red label
        let sidecars = ["IMG_0001.JPG.xmp", "IMG_0001.CR2.xmp", "IMG_0002.jpg.xmp", "IMG_0003.jpg.xmp"].map { folder.appendingPathComponent($0) }
        if let read = try Self.exiftoolDecisions(sidecars) {
            #expect(read["IMG_0001.JPG.xmp"] == ["Rating": "3", "Pick": "1"], "\(read)")
            #expect(read["IMG_0001.CR2.xmp"] == ["Rating": "3", "Pick": "1"], "\(read)")
            #expect(read["IMG_0002.jpg.xmp"]?["Rating"] == "-1", "\(read)")
            #expect(read["IMG_0002.jpg.xmp"]?["Label"] == nil, "\(read)")
            #expect(read["IMG_0003.jpg.xmp"]?["Label"] == "Red", "\(read)")
            #expect(read["IMG_0003.jpg.xmp"]?["Pick"] == nil, "\(read)")
        } else {
            print("exiftool is not installed (scripts/ensure-deps.sh test installs it): the sidecars were not read back by it")
        }
        // And no photo's bytes changed
        for name in photos {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == before[name], "\(name) changed")
        }
    }

    @Test func dMovesAShotsTwoFilesToTheTrashAndZPutsBothBackInAFollowedFolder() async throws {
        // Given a followed folder of b.jpg and the shot IMG_0001.JPG + IMG_0001.CR2, and a private XDG_DATA_HOME
        let (cache, log, root, folder) = try Self.scratchPhotos(["IMG_0001.JPG", "b.jpg"])
        try FileManager.default.copyItem(
            at: BuiltBinary.packageRoot.appendingPathComponent("Tests/CodecFixtures/conformance/raw/CanonRaw.cr2"),
            to: folder.appendingPathComponent("IMG_0001.CR2"))
        let data = root.appendingPathComponent("data")
        let session = try TmuxSession(
            command: try Self.command(
                "--feed \(folder.path) --no-thumbnail-cache", cache: cache, log: log, environment: "XDG_DATA_HOME=\(data.path)"),
            columns: 140, rows: 40)
        _ = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/2") }

        // When the shot is focused and D is pressed, the question names both files
        try session.send("j")
        try session.send("D")
        let asked = try await session.waitForScreen(within: .seconds(5)) { $0.contains("Move IMG_0001.JPG and IMG_0001.CR2 to the Trash?") }
        #expect(asked != nil, "\((try? session.capture()) ?? "")")
        // When y answers, both files are in the Trash and the one row is gone
        try session.send("y")
        let moved = try await session.waitForScreen(within: .seconds(10)) { $0.contains("moved IMG_0001.JPG and IMG_0001.CR2 to the Trash") }
        #expect(moved != nil, "\((try? session.capture()) ?? "")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["b.jpg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("Trash/files").path).sorted() == ["IMG_0001.CR2", "IMG_0001.JPG"])

        // When z is pressed, both are back, and the shot is one row again with its badge
        try session.send("z")
        let back = try await session.waitForScreen(within: .seconds(10)) { $0.contains("put back IMG_0001.JPG and IMG_0001.CR2") }
        #expect(back != nil, "\((try? session.capture()) ?? "")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["IMG_0001.CR2", "IMG_0001.JPG", "b.jpg"])
        #expect(back?.contains("row 2/2") == true && back?.contains("#IMG_0001.JPG · RAW+JPG") == true, "\(back ?? "")")
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
    }

    /// The list row's text of the photo `name`: its `#name` line and the line under it (where a
    /// big row shows the decision); nil when not on screen.
    static func row(_ name: String, in screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.contains("#\(name)") }) else { return nil }
        return lines[index...].prefix(2).joined(separator: "\n")
    }
}
