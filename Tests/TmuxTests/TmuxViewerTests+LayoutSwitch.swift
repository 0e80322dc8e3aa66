import Foundation
import TestSupport
import Testing

/// `v` end to end: the list's pictures, already loaded, drawn again at the grid's size under
/// their captions, and the list's size again after a second `v`. The grid's first line once
/// kept the list's bigger pictures, drawn over its captions.
extension TmuxViewerTests {
    /// The box of screen `rows` above `row`, the whole width.
    private static func band(above row: Int, columns: Int) -> PreviewScreen.Box {
        PreviewScreen.Box(left: 0, top: 0, columns: columns, rows: row)
    }

    @Test func vDrawsTheListsPicturesAtTheGridsSizeUnderTheirCaptionsAndBack() async throws {
        // Given a folder of six photos in the list on a 160×48 terminal, the visible ones loaded
        let names = (1...6).map { "a\($0).jpg" }
        let (cache, log, _, folder) = try Self.scratchPhotos(names)
        let session = try TmuxSession(
            command: try Self.command(
                "--feed \(folder.path) --no-thumbnail-cache --graphics blocks --colors 256", cache: cache, log: log),
            columns: 160, rows: 48)
        let loaded = try await session.waitForScreen(within: .seconds(20)) { text in
            text.components(separatedBy: "\n").filter { $0.range(of: #"file [0-9.]+ [KM]?B in"#, options: .regularExpression) != nil }
                .count >= 3
        }
        #expect(loaded != nil, "the list's pictures did not load:\n\((try? session.capture()) ?? "")")
        let listWidth = try #require(
            PreviewScreen(capture: try session.capture(escapes: true)).artExtent(in: Self.band(above: 14, columns: 160))
        ).columns

        // When v switches to the grid
        try session.send("v")

        // Then the first line's captions are whole (no picture drawn over them) and its pictures
        // lie above them, each narrower than a grid cell: the list's were wider
        let grid = try await session.waitForScreen(within: .seconds(10)) { text in
            text.components(separatedBy: "\n").contains { line in names.prefix(5).allSatisfy(line.contains) }
        }
        let captured = try session.capture(escapes: true)
        let captionRow = try #require(
            grid?.components(separatedBy: "\n").firstIndex { line in names.prefix(5).allSatisfy(line.contains) },
            "the grid's first captions are drawn over:\n\((try? session.capture()) ?? "")")
        let screen = PreviewScreen(capture: captured)
        #expect(screen.artExtent(in: PreviewScreen.Box(left: 0, top: captionRow, columns: 160, rows: 1)) == nil)
        let first = try #require(screen.artExtent(in: PreviewScreen.Box(left: 0, top: 0, columns: 32, rows: captionRow)))
        #expect(first.columns < 32 && first.columns < listWidth, "\(first) in the grid, \(listWidth) columns in the list")

        // When v switches back to the list
        try session.send("v")

        // Then the first row's picture is as wide as the list drew it (loaded again at its size)
        let back = try await poll(within: .seconds(10)) {
            let width = PreviewScreen(capture: try session.capture(escapes: true))
                .artExtent(in: Self.band(above: 14, columns: 160))?.columns
            return width == listWidth ? width : nil
        }
        #expect(back == listWidth, "the list's first picture after v:\n\((try? session.capture()) ?? "")")

        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
        #expect(TraceAudit.problems(nextTo: log).isEmpty, "\(TraceAudit.problems(nextTo: log))")
    }
}
