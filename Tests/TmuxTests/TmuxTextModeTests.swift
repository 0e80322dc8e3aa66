import Foundation
import TestSupport
import Testing

/// The screen-reader mode (`--text`) end to end: the real binary in a private tmux server,
/// against its embedded server; and what `TERM=dumb` does.
@Suite("Screen-reader mode in tmux", .serialized, .timeLimit(.minutes(2)), .tags(.realTime))
struct TmuxTextModeTests {
    private static func cacheDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-text-" + UUID().uuidString).path
    }

    /// The screen's lines.
    private static func lines(_ screen: String) -> [Substring] {
        screen.split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test func eachPhotoIsALineOfWordsAndTheCursorFollowsTheFocus() async throws {
        // Given the viewer in the screen-reader mode on a 100×30 terminal
        let session = try TmuxSession(
            command: "TERM=xterm-256color \(try BuiltBinary.photofeed.path) --text --latency 0 --bandwidth 0"
                + " --cache-dir \(Self.cacheDirectory()); echo VIEWER-EXITED $?; sleep 20",
            columns: 100, rows: 30)

        // Then the first line says the first photo in words, loaded, and the cursor is at its start
        let loaded = try await session.waitForScreen(within: .seconds(15)) { screen in
            Self.lines(screen).first?.hasPrefix("Photo 1 of ") == true && screen.contains("loaded from the network in")
        }
        let screen1 = try session.capture()
        #expect(loaded != nil, "no line of words:\n\(screen1)")
        #expect(
            Self.lines(screen1).first?.range(of: #"^Photo 1 of [0-9]+ by .+, [0-9]+ by [0-9]+, "#, options: .regularExpression)
                != nil, "\(screen1)")
        // (read until it is there: a frame being written moves the cursor on its way)
        let home = try await poll(within: .seconds(5)) {
            try session.display("#{cursor_y} #{cursor_x} #{cursor_flag}") == "0 0 1" ? true : nil
        }
        let cursorNow = try session.display("#{cursor_y} #{cursor_x} #{cursor_flag}")
        #expect(home != nil, "cursor at \(cursorNow)")
        // And no picture glyph, box or bar is on the screen
        #expect(!screen1.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) || (0x1FB00...0x1FBFF).contains($0.value) })
        // And no answer to a terminal question leaked into the screen (nothing was asked)
        #expect(!screen1.contains("\u{1B}") && !screen1.contains("[?"))

        // When j moves the focus down twice
        try session.send("j")
        try session.send("j")

        // Then the cursor is at the start of the third line, which says photo 3 (both
        // coordinates in one read, and the line in the same poll: rows still loading redraw
        // lines, and a frame being drawn moves the cursor through them on its way back)
        let moved = try await poll(within: .seconds(10)) { () -> String? in
            guard try session.display("#{cursor_y},#{cursor_x}") == "2,0" else { return nil }
            let screen = try session.capture()
            return Self.lines(screen)[2].hasPrefix("Photo 3 of ") ? screen : nil
        }
        let screen2 = try session.capture()
        let cursor = try session.display("#{cursor_y},#{cursor_x}")
        #expect(moved != nil, "the cursor did not follow the focus to photo 3: \(cursor)\n\(screen2)")

        // When Enter opens the photo
        try session.send("Enter")

        // Then its info is words (format and size) with the cursor on its title line
        let detail = try await session.waitForScreen(within: .seconds(10)) { $0.contains("format: ") }
        let screen3 = try session.capture()
        #expect(detail != nil, "no info in the detail view:\n\(screen3)")
        #expect(Self.lines(screen3).first?.hasPrefix("Photo 3 of ") == true, "\(screen3)")
        let onTitle = try await poll(within: .seconds(10)) { try session.display("#{cursor_y}") == "0" ? true : nil }
        let titleRow = try session.display("#{cursor_y}")
        #expect(onTitle != nil, "the cursor is not on the title line: \(titleRow)")

        // When Esc goes back and q quits
        try session.send("Escape")
        _ = try await session.waitForScreen(within: .seconds(10)) { Self.lines($0)[1].hasPrefix("Photo 2 of ") }
        try session.send("q")

        // Then the viewer exits 0 and the terminal is given back
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED 0") }
        let screen4 = try session.capture()
        #expect(exited != nil, "\(screen4)")
        #expect(try session.display("#{alternate_on}") == "0")
    }

    @Test func aDumbTerminalGetsLinesOfWordsOneAfterAnotherAndSnapshotSpeaksWords() async throws {
        // Given TERM=dumb (no cursor addressing) in a terminal, 8 lines a page
        let session = try TmuxSession(
            command: "TERM=dumb LINES=8 \(try BuiltBinary.photofeed.path) --latency 0 --bandwidth 0"
                + " --cache-dir \(Self.cacheDirectory()); echo VIEWER-EXITED $?; sleep 20",
            columns: 100, rows: 30)

        // Then the photos are printed as lines of words, and the news after them
        let listed = try await session.waitForScreen(within: .seconds(15)) { screen in
            screen.contains("Photo 7 of ") && screen.contains("30 photos")
        }
        let screen1 = try session.capture()
        #expect(listed != nil, "\(screen1)")
        #expect(try session.display("#{alternate_on}") == "0")

        // When j and Enter are typed (a line), then an empty line (Enter: open the photo)
        try session.send("j", "Enter")
        let moved = try await session.waitForScreen(within: .seconds(10)) { screen in
            Self.lines(screen).last { $0.hasPrefix("Photo ") }?.hasPrefix("Photo 2 of ") == true
        }
        let screen2 = try session.capture()
        #expect(moved != nil, "\(screen2)")
        try session.send("Enter")

        // Then the photo's page is printed: its words, then its info
        let detail = try await session.waitForScreen(within: .seconds(10)) { $0.contains("Esc goes back") }
        let screen3 = try session.capture()
        #expect(detail != nil, "\(screen3)")

        // When q is typed twice (back, then quit)
        try session.send("q", "Enter")
        try session.send("q", "Enter")

        // Then it exits 0 having written nothing but text
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED 0") }
        let screen4 = try session.capture(escapes: true)
        #expect(exited != nil, "\(screen4)")
        #expect(!screen4.contains("\u{1B}"), "\(screen4)")

        // When snapshot runs under TERM=dumb
        let output = try await BuiltBinary.run(
            ["snapshot", "--width", "90", "--height", "8", "--latency", "0", "--bandwidth", "0", "--cache-dir", Self.cacheDirectory()],
            environment: ["TERM": "dumb"])

        // Then it prints the photos as lines of words, with no escape sequence
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let lines = Self.lines(output.stdout)
        #expect(lines.first?.hasPrefix("Photo 1 of ") == true, "\(output.stdout)")
        #expect(output.stdout.contains("loaded from the network in") || output.stdout.contains("from the disk cache"), "\(output.stdout)")
        #expect(!output.stdout.contains("\u{1B}"))
    }
}
