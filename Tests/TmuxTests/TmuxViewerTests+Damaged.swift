import Foundation
import TestSupport
import Testing

/// A damaged photo in the viewer, end to end (issue 50): a folder holding coffee.jpg cut at 60 %
/// beside a whole one; the cut one's row shows the damaged mark and the share, the status bar
/// says it while it is focused, the info panel gives the reason, and the trace carries it.
extension TmuxViewerTests {
    @Test func aCutPhotoIsShownMarkedAndSaidInTheStatusBarAndTheInfoPanel() async throws {
        // Given a folder with coffee.jpg whole and cut at 60 % of its bytes
        let (cache, log, _, folder) = try Self.scratchPhotos(["b-whole.jpg"])
        let whole = try Data(contentsOf: BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg"))
        try whole.prefix(whole.count * 6 / 10).write(to: folder.appendingPathComponent("a-cut.jpg"))
        let session = try TmuxSession(
            command: try Self.command("--feed \(folder.path) --no-thumbnail-cache --graphics blocks", cache: cache, log: log),
            columns: 120, rows: 40)

        // When the viewer shows it (the cut photo first, focused)
        let shown = try await session.waitForScreen(within: .seconds(15)) {
            $0.contains("◐ damaged 64%") && $0.contains("◐ damaged: 64 % decoded") && $0.contains("b-whole.jpg")
        }

        // Then its row has the mark and the share, and the status bar says it
        #expect(shown != nil, "\((try? session.capture()) ?? "")")
        // When the info panel opens, it gives the reason
        try session.send("I")
        let info = try await session.waitForScreen(within: .seconds(5)) {
            $0.contains("damaged   64 % decoded (the JPEG data ends before the image is complete)")
        }
        #expect(info != nil, "\((try? session.capture()) ?? "")")
        // When the focus moves to the whole photo, the status bar no longer says it
        try session.send("I")
        try session.send("j")
        let moved = try await session.waitForScreen(within: .seconds(5)) { $0.contains("row 2/2") }
        #expect(moved?.contains("damaged: 64 % decoded") == false, "\(moved ?? "")")
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
        // And the trace has the damaged photo's success, with no violation
        let check = try TraceAudit.check(nextTo: log)
        #expect(check.events.contains { $0.arguments["damaged"]?.hasPrefix("64 % decoded") == true })
        #expect(TraceAudit.problems(nextTo: log).isEmpty, "\(TraceAudit.problems(nextTo: log))")
    }
}
