import Foundation
import Testing
import TerminalGraphics
import TerminalScreen
import TestSupport
import Vocabulary

/// Block art painted by the screen itself, as a real terminal shows it: every byte the curses
/// screen wrote for a run of frames (a photo, the next in its slot, text beside it, a panel on
/// top, the panel gone, the picture moved and gone) is played into a tmux pane of the same size,
/// and after each frame the pane reads exactly as the frame's cells: no painted cell left stale,
/// none wiped by ncurses.
extension CursesScreenTests {
    /// A `rows`×`columns` picture of `glyph`, its colour `shade`.
    private func art(_ glyph: Character, shade: UInt8, rows: Int = 4, columns: Int = 10) -> Picture {
        Picture(cells: CellBlock(
            size: CellSize(columns: columns, rows: rows),
            fill: ScreenCell(glyph, style: CellStyle(foreground: .rgb(shade, 40, 40), background: .rgb(20, 20, shade)))))
    }

    private func frame(_ size: CellSize, title: String, side: String, picture: Picture?, at origin: CellPoint, panel: Bool = false) -> Frame {
        var frame = Frame(size: size)
        var line = CellBlock(size: CellSize(columns: size.columns, rows: 1))
        _ = line.write(title, at: .zero, style: CellStyle(foreground: .rgb(250, 250, 0)))
        frame.draw(line, at: .zero)
        var beside = CellBlock(size: CellSize(columns: 8, rows: 1))
        _ = beside.write(side, at: .zero, style: .plain)
        frame.draw(beside, at: CellPoint(row: 3, column: 0))
        if let picture { frame.place(picture, for: "detail", at: origin) }
        if panel { frame.drawOnTop(CellBlock(size: CellSize(columns: 4, rows: 2), fill: ScreenCell("#")), at: CellPoint(row: 3, column: 12)) }
        return frame
    }

    @Test(.tags(.realTime)) func paintedBlockArtShowsInTmuxExactlyAsEachFrameSays() async throws {
        // Given a curses screen painting block art in direct colour on a 8×30 pty
        let size = CellSize(columns: 30, rows: 8)
        let pty = try #require(PseudoTerminal(rows: size.rows, columns: size.columns))
        let screen = try CursesScreen(configuration: CursesScreenConfiguration(
            terminalType: "xterm-direct", inputDescriptor: pty.follower, outputDescriptor: pty.follower, handlesSignals: false,
            enablesMouse: false))
        defer { screen.close() }
        #expect(screen.colorCapability == .truecolor)
        let at = CellPoint(row: 2, column: 10)
        let frames = [
            frame(size, title: "photo one", side: "beside", picture: art("▀", shade: 200), at: at),
            frame(size, title: "photo two", side: "beside", picture: art("▄", shade: 120), at: at),
            frame(size, title: "photo two", side: "x", picture: art("▄", shade: 120), at: at),
            frame(size, title: "photo two", side: "x", picture: art("▄", shade: 120), at: at, panel: true),
            frame(size, title: "photo two", side: "x", picture: art("▄", shade: 120), at: at),
            frame(size, title: "moved", side: "x", picture: art("▌", shade: 90), at: CellPoint(row: 3, column: 4)),
            frame(size, title: "gone", side: "x", picture: nil, at: at),
        ]

        // When each is applied, the bytes so far played into a tmux pane of the same size
        var previous: Frame?
        var bytes = 0
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("painted-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (index, frame) in frames.enumerated() {
            screen.apply(FrameChanges(from: previous, to: frame))
            previous = frame
            let written = pty.read(until: { _ in false }, timeoutMilliseconds: 100)
            #expect(written.utf8.count > bytes)
            bytes = written.utf8.count
            let file = scratch.appendingPathComponent("frame-\(index)")
            try Data(written.utf8).write(to: file)
            let tmux = try TmuxSession(command: "cat '\(file.path)'; sleep 30", columns: size.columns, rows: size.rows)
            let expected = Self.trimmedLines(FrameText.lines(frame.cells), rows: size.rows)
            _ = try await tmux.waitForScreen(within: .seconds(5)) { Self.trimmedLines($0, rows: size.rows) == expected }

            // Then the pane reads exactly as the frame
            #expect(Self.trimmedLines(try tmux.capture(), rows: size.rows) == expected, "frame \(index)")
        }
        // And the pictures were painted (ncurses would have written them with its pairs)
        #expect(screen.colorPairGenerations == 0)
    }

    /// `rows` lines of `text` (lines, or one string of them), trailing blanks trimmed.
    private static func trimmedLines(_ text: String, rows: Int) -> [String] {
        trimmedLines(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), rows: rows)
    }

    private static func trimmedLines(_ lines: [String], rows: Int) -> [String] {
        var trimmed = lines.prefix(rows).map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        while trimmed.count < rows { trimmed.append("") }
        return trimmed
    }
}
