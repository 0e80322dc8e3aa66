import Foundation
import TestSupport
import Testing

/// A culling decision that cannot reach its sidecar, end to end: kept on its row while the
/// viewer runs, and said on stderr with the exit status 1 once it stops — never lost silently.
extension TmuxViewerTests {
    @Test func aDecisionOnAReadOnlyCardIsKeptMarkedAndSaidWhenTheViewerStops() async throws {
        // Given two photos seen through a read-only bind mount (a write-protected card)
        let (cache, log, root, folder) = try Self.scratchPhotos(["a.jpg", "b.jpg"])
        let card = try ScratchMount.readOnlyBind(of: folder, at: root.appendingPathComponent("card"))
        defer { card.unmount() }
        let session = try TmuxSession(
            command: try Self.command("--feed \(card.url.path) --no-thumbnail-cache", cache: cache, log: log),
            columns: 160, rows: 40)
        _ = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/2") }

        // When 4 is pressed on a.jpg, its row shows the stars marked unsaved and the status bar says why
        try session.send("4")
        let kept = try await session.waitForScreen(within: .seconds(10)) { $0.contains("★★★★☆ !") && $0.contains("not saved") }
        #expect(kept != nil, "\((try? session.capture()) ?? "")")

        // When the viewer stops, stderr names the photo, the decision and the reason, and the status is 1
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("photofeed: a.jpg: the decision \"4 stars\" was not saved") == true, "\(exited ?? "")")
        #expect(exited?.contains("read-only") == true, "\(exited ?? "")")
        #expect(exited?.contains("--sidecar-dir") == true, "\(exited ?? "")")
        #expect(exited?.contains("VIEWER-EXITED 1") == true, "\(exited ?? "")")
        // And nothing was written on the card
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.jpg", "b.jpg"])
    }
}
