import Foundation
import TestSupport
import Testing

/// Issue 13 in the real viewer: over `--network 3g`, Enter opens the detail view at once on the
/// row's thumbnail scaled up, then progressive previews say `preview · scan N`, then the
/// larger image arrives.
@Suite("Detail previews in tmux", .serialized, .timeLimit(.minutes(3)), .tags(.realTime))
struct TmuxDetailPreviewTests {
    /// The text inside the detail view's box (between its border lines), or nil when the
    /// screen is not the detail view.
    private static func detailBox(_ screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard screen.contains("Esc back"), let top = lines.firstIndex(where: { $0.hasPrefix("╭") }),
            let bottom = lines.lastIndex(where: { $0.hasPrefix("╰") }), bottom > top + 1
        else { return nil }
        return lines[(top + 1)..<bottom].map { $0.dropFirst().dropLast() }.joined(separator: "\n")
    }

    /// The detail view's state line (the line after the box).
    private static func stateLine(_ screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let bottom = lines.lastIndex(where: { $0.hasPrefix("╰") }), bottom + 1 < lines.count else { return "" }
        return String(lines[bottom + 1])
    }

    @Test func theDetailViewOpensOnTheThumbnailThenPreviewsThenSharpens() async throws {
        // Given the viewer on the 3g network (300 ms, 2.5 KB/s a connection: even a 4 KB detail
        // image takes more than a second, and previews wait 250 ms into a body), its first
        // thumbnail loaded
        let (cache, log) = try TmuxViewerTests.scratch()
        let command = "TERM=xterm-256color LANG=C.UTF-8 LC_ALL= LC_CTYPE= NO_COLOR= \(try BuiltBinary.photofeed.path)"
            + " --cache-dir \(cache) --server-log \(log) --network 3g; echo VIEWER-EXITED $?; sleep 20"
        let session = try TmuxSession(command: command, columns: 160, rows: 50)
        let loaded = try await session.waitForScreen(within: .seconds(30)) { $0.contains("#0 ") && $0.contains("network ") }
        #expect(loaded != nil, "the first thumbnail never loaded")

        // When Enter opens the focused photo's detail view
        try session.send("Enter")

        // Then its first frame shows a picture in the box already (the thumbnail, scaled up),
        // while the larger image is still on its way
        let opened = try await session.waitForScreen(within: .seconds(10)) { Self.detailBox($0) != nil }
        let first = try #require(opened)
        let box = try #require(Self.detailBox(first))
        #expect(!Self.stateLine(first).contains("network"), "the large image was there before the first frame")
        #expect(box.contains { !$0.isWhitespace && $0 != "\n" }, "the detail box opened empty:\n\(first)")

        // And previews of the large progressive JPEG follow, then the image itself
        let preview = try await session.waitForScreen(within: .seconds(20)) { Self.stateLine($0).contains("preview · scan ") }
        let screen = try session.capture()
        #expect(preview != nil, "no preview state before the image:\n\(screen)")
        let sharp = try await session.waitForScreen(within: .seconds(20)) { Self.stateLine($0).contains("network ") }
        #expect(sharp != nil, "the large image never arrived")

        // When q goes back and q quits, Then the viewer exits 0
        try session.send("q")
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
    }
}
