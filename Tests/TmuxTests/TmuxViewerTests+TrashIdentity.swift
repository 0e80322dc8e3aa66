import Foundation
import TestSupport
import Testing

/// `D` moves only the file it asked about: the real binary in tmux, the file swapped between
/// the question (`D`) and the answer (`y`).
extension TmuxViewerTests {
    @Test func aPhotoSwappedForAFolderBetweenDAndYIsNotTrashed() async throws {
        // Given a folder of three photos (not followed: the swap must not change the rows) and a
        // private XDG_DATA_HOME (its Trash)
        let (cache, log, root, folder) = try Self.scratchPhotos(["a.jpg", "b.jpg", "c.jpg"])
        let data = root.appendingPathComponent("data")
        let session = try TmuxSession(
            command: try Self.command(
                "--feed \(folder.path) --no-thumbnail-cache --no-watch", cache: cache, log: log,
                environment: "XDG_DATA_HOME=\(data.path)"),
            columns: 160, rows: 40)
        _ = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/3") }

        // When b.jpg is focused and D asks
        try session.send("j")
        try session.send("D")
        let asked = try await session.waitForScreen(within: .seconds(5)) { $0.contains("Move b.jpg to the Trash?") }
        #expect(asked != nil, "\((try? session.capture()) ?? "")")
        // And b.jpg is replaced by a folder holding precious.txt before y answers
        let photo = folder.appendingPathComponent("b.jpg")
        try FileManager.default.removeItem(at: photo)
        try FileManager.default.createDirectory(at: photo, withIntermediateDirectories: false)
        try Data("precious".utf8).write(to: photo.appendingPathComponent("precious.txt"))
        try session.send("y")

        // Then the status bar says it was refused, in words, and the folder is where it was
        let refused = try await session.waitForScreen(within: .seconds(10)) {
            $0.contains("cannot move b.jpg to the Trash: it is not the file listed (it is a folder now)")
        }
        #expect(refused != nil, "\((try? session.capture()) ?? "")")
        #expect(FileManager.default.fileExists(atPath: photo.appendingPathComponent("precious.txt").path))
        let trashed = (try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("Trash/files").path)) ?? []
        #expect(trashed.isEmpty, "\(trashed)")
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
    }
}
