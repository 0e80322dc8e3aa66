import Foundation
import TestSupport
import Testing

/// The grid end to end: the real binary in a private tmux server, against its embedded server.
@Suite("Grid in tmux", .serialized, .timeLimit(.minutes(3)), .tags(.realTime))
struct TmuxGridTests {
    /// The shell command: the viewer in the grid with `flags`, then a marker line with its exit status.
    private static func command(_ flags: String, cache: String, log: String) throws -> String {
        "TERM=xterm-256color \(try BuiltBinary.photofeed.path) --layout grid --thumb 16x6 --cache-dir \(cache)"
            + " --server-log \(log) --trace \(TraceAudit.path(nextTo: log)) \(flags); echo VIEWER-EXITED $?; sleep 20"
    }

    private static func serverLog(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// The spinner glyphs a loading cell's caption starts with.
    private static let spinner = Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    /// The status bar's `row N/M` position (N), from the last line of the screen.
    private static func focusedRow(_ screen: String) -> Int? {
        guard let status = screen.split(separator: "\n").last(where: { $0.contains("row ") }),
            let range = status.range(of: #"row [0-9]+/"#, options: .regularExpression)
        else { return nil }
        return Int(status[range].dropFirst(4).dropLast())
    }

    /// An SGR (1006) mouse press of the left button at zero-based screen cell (`row`, `column`).
    private static func click(row: Int, column: Int) -> String {
        "\u{1B}[<0;\(column + 1);\(row + 1)M"
    }

    @Test func severalCellsALineAClickFocusesVSwitchesAndQuitRestoresTheTerminal() async throws {
        // Given the grid of 16×6 boxes on a 100×40 terminal (5 columns) and a slow server (2 s a head)
        let (cache, log) = try TmuxViewerTests.scratch()
        let session = try TmuxSession(
            command: try Self.command("--latency 2000", cache: cache, log: log), columns: 100, rows: 40)

        // Then a line of the screen holds the captions of five loading cells side by side
        let loading = try await session.waitForScreen(within: .seconds(15)) { text in
            text.split(separator: "\n").contains { line in line.filter { Self.spinner.contains($0) }.count >= 5 }
        }
        let screen1 = try session.capture()
        #expect(loading != nil, "no line of several loading cells:\n\(screen1)")
        #expect(try session.display("#{alternate_on}") == "1")
        #expect(Self.focusedRow(try session.capture()) == 1)

        // When the user clicks inside the third cell of the second line (screen row 10, column 40)
        try session.sendLiteral(Self.click(row: 10, column: 40))

        // Then that cell (photo 8) has the focus
        let focused = try await session.waitForScreen(within: .seconds(10)) { Self.focusedRow($0) == 8 }
        let screen2 = try session.capture()
        #expect(focused != nil, "the click did not focus photo 8:\n\(screen2)")

        // When l moves right and v switches to the list
        try session.send("l")
        _ = try await session.waitForScreen(within: .seconds(10)) { Self.focusedRow($0) == 9 }
        try session.send("v")

        // Then the list shows the focused photo with its details, the focus unchanged
        let list = try await session.waitForScreen(within: .seconds(10)) { text in
            text.contains("#8 · ") && Self.focusedRow(text) == 9
        }
        let screen3 = try session.capture()
        #expect(list != nil, "v did not switch to the list around photo 9:\n\(screen3)")

        // When the user presses q
        try session.send("q")

        // Then the viewer exits 0 and the terminal has left the alternate screen
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        let screen4 = try session.capture()
        #expect(exited?.contains("VIEWER-EXITED 0") == true, "screen after q:\n\(screen4)")
        #expect(try session.display("#{alternate_on}") == "0")
        // And the semantics audit, read from the trace, found nothing wrong
        #expect(TraceAudit.problems(nextTo: log).isEmpty, "\(TraceAudit.problems(nextTo: log))")
    }

    @Test func fastScrollingCancelsOffScreenCells() async throws {
        // Given downloads slow enough to be cut off part-way (300 B/s) and no prefetch
        let (cache, log) = try TmuxViewerTests.scratch()
        let session = try TmuxSession(
            command: try Self.command("--latency 0 --bandwidth 300 --prefetch 0", cache: cache, log: log),
            columns: 100, rows: 40)
        // (a cell past 0%, so body bytes have arrived)
        let partial = try await session.waitForScreen(within: .seconds(15)) { screen in
            screen.range(of: " [1-9][0-9]?% ", options: .regularExpression) != nil
        }
        let screen5 = try session.capture()
        #expect(partial != nil, "no cell showed download progress past 0%:\n\(screen5)")

        // When the user pages down fast
        try session.send("PageDown", "PageDown", "PageDown", "PageDown")

        // Then the server sees cells' downloads closed early, and the status bar counts the cancels
        let cancelled = try await poll(within: .seconds(10)) {
            Self.serverLog(log).contains("client went away") ? true : nil
        }
        #expect(cancelled == true, "the server never saw an early close:\n\(Self.serverLog(log))")
        let counted = try await session.waitForScreen(within: .seconds(10)) { screen in
            screen.range(of: "cxl [1-9]", options: .regularExpression) != nil
        }
        let screen1 = try session.capture()
        #expect(counted != nil, "the status bar counts no cancel:\n\(screen1)")

        // And resizing reflows the grid without losing the focused photo
        let before = Self.focusedRow(try session.capture())
        try session.resize(columns: 64, rows: 30)
        let relaid = try await session.waitForScreen(within: .seconds(10)) { text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 30 && lines[29].contains("row ") && Self.focusedRow(text) == before
        }
        let screen7 = try session.capture()
        #expect(relaid != nil, "no status bar on line 30 with the same photo after the resize:\n\(screen7)")

        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
        // And the semantics audit, read from the trace, found nothing wrong
        #expect(TraceAudit.problems(nextTo: log).isEmpty, "\(TraceAudit.problems(nextTo: log))")
    }
}
