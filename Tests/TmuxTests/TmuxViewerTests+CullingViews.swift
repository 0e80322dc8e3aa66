import Foundation
import TestSupport
import Testing

/// The culling views end to end: the real binary in tmux on a folder with a sidecar another
/// program wrote, `--rejected` at start, `F` cycling, `X` moving the rejects to a private Trash
/// and `z` putting them back.
extension TmuxViewerTests {
    @Test func theRejectedFilterFAndXOnARealFolder() async throws {
        // Given four photos, c.jpg rejected by another program (Bridge's xmp:Rating -1), and a
        // private XDG_DATA_HOME (its Trash)
        let (cache, log, root, folder) = try Self.scratchPhotos(["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        let rejected = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="-1"/>
             </rdf:RDF>
            </x:xmpmeta>
            """
        try Data(rejected.utf8).write(to: folder.appendingPathComponent("c.jpg.xmp"))
        let data = root.appendingPathComponent("data")
        let session = try TmuxSession(
            command: try Self.command(
                "--feed \(folder.path) --no-thumbnail-cache --no-watch --rejected", cache: cache, log: log,
                environment: "XDG_DATA_HOME=\(data.path)"),
            columns: 160, rows: 40)

        // When it starts with --rejected, only c.jpg shows once the sidecars are read
        let filtered = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/1 filter: rejects") }
        #expect(filtered != nil, "\((try? session.capture()) ?? "")")
        #expect(filtered?.contains("c.jpg") == true && filtered?.contains("a.jpg") == false, "\(filtered ?? "")")

        // When F shows every photo, and x rejects a.jpg (written to a.jpg.xmp)
        try session.send("F")
        _ = try await session.waitForScreen(within: .seconds(5)) { $0.contains("row 1/4") && $0.contains("filter off") }
        try session.send("g")
        try session.send("x")
        let sidecar = folder.appendingPathComponent("a.jpg.xmp")
        _ = try await session.waitForScreen(within: .seconds(5)) { _ in FileManager.default.fileExists(atPath: sidecar.path) }
        // And F three times: picks (none), not rejected (b, d), rejects (a, c)
        try session.send("F")
        _ = try await session.waitForScreen(within: .seconds(5)) { $0.contains("filter: picks") }
        try session.send("F")
        let kept = try await session.waitForScreen(within: .seconds(5)) { $0.contains("row 1/2 filter: not rejected") }
        #expect(kept != nil, "\((try? session.capture()) ?? "")")
        try session.send("F")
        let rejects = try await session.waitForScreen(within: .seconds(5)) { $0.contains("row 1/2 filter: rejects") }
        #expect(rejects != nil, "\((try? session.capture()) ?? "")")

        // When X asks and y answers, a.jpg and c.jpg go to the Trash
        try session.send("X")
        let asked = try await session.waitForScreen(within: .seconds(5)) { $0.contains("Move 2 rejected photos to the Trash?") }
        #expect(asked != nil, "\((try? session.capture()) ?? "")")
        try session.send("y")
        let moved = try await session.waitForScreen(within: .seconds(10)) { $0.contains("moved 2 photos to the Trash") }
        #expect(moved != nil, "\((try? session.capture()) ?? "")")
        let trash = data.appendingPathComponent("Trash/files")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: trash.path)) ?? []).sorted() == ["a.jpg", "c.jpg"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.jpg").path))

        // When z takes it back, both are in the folder again
        try session.send("z")
        let back = try await session.waitForScreen(within: .seconds(10)) { _ in
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.jpg").path)
                && FileManager.default.fileExists(atPath: folder.appendingPathComponent("c.jpg").path)
        }
        #expect(back != nil, "\((try? session.capture()) ?? "")")
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true, "\(exited ?? "")")
    }
}

extension TmuxViewerTests {
    @Test func VComparesTwoPhotosSideBySideAndEscGoesBack() async throws {
        // Given a folder of three photos
        let (cache, log, _, folder) = try Self.scratchPhotos(["a.jpg", "b.jpg", "c.jpg"])
        let session = try TmuxSession(
            command: try Self.command("--feed \(folder.path) --no-thumbnail-cache --no-watch", cache: cache, log: log),
            columns: 160, rows: 40)
        _ = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/3") }

        // When V is pressed on a.jpg, a.jpg and b.jpg are drawn side by side, each in its frame
        try session.send("V")
        let compared = try await session.waitForScreen(within: .seconds(10)) { screen in
            screen.split(separator: "\n").contains { $0.contains("a.jpg") && $0.contains("b.jpg") && $0.components(separatedBy: "Esc back").count > 2 }
        }
        #expect(compared != nil, "\((try? session.capture()) ?? "")")
        // When j steps the left one to b.jpg, b.jpg stays on the right too
        try session.send("j")
        let stepped = try await session.waitForScreen(within: .seconds(10)) { screen in
            screen.split(separator: "\n").contains { $0.components(separatedBy: "b.jpg").count > 2 }
        }
        #expect(stepped != nil, "\((try? session.capture()) ?? "")")
        // When Esc, the list is back
        try session.send("Escape")
        let back = try await session.waitForScreen(within: .seconds(10)) { $0.contains("row 2/3") }
        #expect(back != nil, "\((try? session.capture()) ?? "")")
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true, "\(exited ?? "")")
    }
}
