import Foundation
import TestSupport
import Testing

/// What happens to the folder the viewer shows, end to end: deleted and made again, and
/// seen read-only (a real bind mount) when `D` asks the Trash to move a photo.
extension TmuxViewerTests {
    @Test func theFollowedFolderDeletedIsSaidAndMadeAgainIsListedAgain() async throws {
        // Given a followed folder of two photos
        let (cache, log, _, folder) = try Self.scratchPhotos(["a.jpg", "b.jpg"])
        let session = try TmuxSession(
            command: try Self.command("--feed \(folder.path) --no-thumbnail-cache", cache: cache, log: log), columns: 160, rows: 40)
        _ = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/2") }

        // When the folder is deleted, the status bar says so and no row is left
        try FileManager.default.removeItem(at: folder)
        let gone = try await session.waitForScreen(within: .seconds(10)) { $0.contains("the folder photos was deleted") }
        #expect(gone != nil, "\((try? session.capture()) ?? "")")
        #expect(gone?.contains("a.jpg") == false)

        // When it is made again with a photo, that photo is listed
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg"), to: folder.appendingPathComponent("new.jpg"))
        let back = try await session.waitForScreen(within: .seconds(10)) { $0.contains("new.jpg") && $0.contains("row 1/1") }
        #expect(back != nil, "\((try? session.capture()) ?? "")")
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
    }

    @Test func dOnAReadOnlyMountSaysWhyInWords() async throws {
        // Given a photo on a tmpfs (not the home Trash's volume) seen through a read-only bind mount
        let (cache, log) = try Self.scratch()
        let root = URL(fileURLWithPath: cache).deletingLastPathComponent()
        let volume = try ScratchMount.tmpfs(size: "1m", at: root.appendingPathComponent("volume"))
        defer { volume.unmount() }
        try FileManager.default.copyItem(
            at: BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg"), to: volume.url.appendingPathComponent("a.jpg"))
        let readOnly = try ScratchMount.readOnlyBind(of: volume.url, at: root.appendingPathComponent("ro"))
        defer { readOnly.unmount() }
        let session = try TmuxSession(
            command: try Self.command(
                "--feed \(readOnly.url.path) --no-thumbnail-cache --no-watch", cache: cache, log: log,
                environment: "XDG_DATA_HOME=\(root.appendingPathComponent("data").path)"),
            columns: 200, rows: 40)
        _ = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/1") }

        // When D then y
        try session.send("D")
        _ = try await session.waitForScreen(within: .seconds(5)) { $0.contains("Move a.jpg to the Trash?") }
        try session.send("y")

        // Then the status bar says it in a sentence with the system's words, no type dump
        let said = try await session.waitForScreen(within: .seconds(10)) { $0.contains("read-only file system") }
        let screen = try session.capture()
        #expect(said != nil, "\(screen)")
        #expect(screen.contains("cannot move a.jpg to the Trash: "), "\(screen)")
        #expect(!screen.contains("CocoaError") && !screen.contains("Error Domain") && !screen.contains("642"), "\(screen)")
        #expect(FileManager.default.fileExists(atPath: volume.url.appendingPathComponent("a.jpg").path))
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
    }
}
