import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `show --place` and `--clear` with the built binary in a private tmux pane full of text, as a
/// previewer draws into the pane a host gave it: the picture inside its box, every other cell as
/// it was, the cursor back where it was; cleared afterwards to the background; and a previewer
/// killed with SIGTERM leaves the screen clean.
@Suite("show --place and --clear in tmux", .serialized, .timeLimit(.minutes(3)), .tags(.realTime))
struct TmuxShowPlaceTests {
    /// The text the pane is filled with first: 20 lines of `Lnn` and 70 `x`s.
    static let lines = (1...20).map { String(format: "L%02d ", $0) + String(repeating: "x", count: 70) }
    /// The box: 30 columns and 10 rows from column 40, row 3.
    static let box = (columns: 30, rows: 10, left: 40, top: 3)
    static var place: String { "\(box.columns)x\(box.rows)@\(box.left)x\(box.top)" }
    static let photo = BuiltBinary.assetsDirectory.appendingPathComponent("Picture_0B_by_freespace.jpg").path

    /// A scratch cache home, so the run keeps its pictures out of the user's.
    static func scratchHome() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-place-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home.path
    }

    /// The shell script: fill the pane, then `body`, then keep the pane open.
    static func script(_ body: String, home: String) throws -> String {
        let fill = "i=1; while [ $i -le 20 ]; do printf 'L%02d %s\\n' $i "
            + "\"$(printf 'x%.0s' $(seq 1 70))\"; i=$((i+1)); done"
        return "export XDG_CACHE_HOME='\(home)' TERM=xterm-256color; \(fill); \(body); sleep 60"
    }

    /// The screen's rows as characters (a sextant or half block is one character and one cell).
    static func rows(_ screen: String) -> [[Character]] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    }

    /// The cells of row `row`, columns `range`, as text (spaces where the line is shorter).
    static func cells(_ rows: [[Character]], row: Int, _ range: Range<Int>) -> String {
        guard row < rows.count else { return String(repeating: " ", count: range.count) }
        let line = rows[row]
        return String(range.map { $0 < line.count ? line[$0] : " " })
    }

    /// Where the screen differs from the filled text outside the box (nothing, when clean), and
    /// how many of the box's rows differ from the text (drawn over).
    static func compare(_ screen: String) -> (outside: [String], rowsDrawn: Int, rowsBlank: Int) {
        let rows = Self.rows(screen)
        var outside: [String] = []
        var drawn = 0
        var blank = 0
        let inside = box.left..<(box.left + box.columns)
        for (index, line) in lines.enumerated() {
            let text = Array(line)
            let shown = Self.cells(rows, row: index, 0..<text.count)
            let boxRow = (box.top..<(box.top + box.rows)).contains(index)
            for column in 0..<text.count where !(boxRow && inside.contains(column)) {
                let cell = shown[shown.index(shown.startIndex, offsetBy: column)]
                if cell != text[column] {
                    outside.append("row \(index) column \(column): \(cell) for \(text[column])")
                    break
                }
            }
            if boxRow {
                let part = Self.cells(rows, row: index, inside)
                if part != String(repeating: "x", count: box.columns) { drawn += 1 }
                if part == String(repeating: " ", count: box.columns) { blank += 1 }
            }
        }
        return (outside, drawn, blank)
    }

    @Test func aPlacedPictureIsInsideItsBoxAndClearBlanksOnlyTheBox() async throws {
        // Given a 100×30 pane filled with 20 lines of text
        let home = try Self.scratchHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let binary = try BuiltBinary.photofeed.path
        let body = "'\(binary)' show --place \(Self.place) '\(Self.photo)'; echo PLACED $?; read answer; "
            + "'\(binary)' show --clear --place \(Self.place); echo CLEARED $?"
        let session = try TmuxSession(command: try Self.script(body, home: home), columns: 100, rows: 30)

        // When show --place draws the photo into 30x10@40x3
        let placed = try await session.waitForScreen(within: .seconds(20)) { $0.contains("PLACED") }
        let screen = try #require(placed, "show --place did not end:\n\((try? session.capture()) ?? "")")
        // Then it succeeded, and the cursor came back: the next line is printed under the text, not in the box
        let rows = Self.rows(screen)
        #expect(String(rows[20]) == "PLACED 0", "\(screen)")
        // And the box's every row is the picture (it keeps its aspect: a landscape photo spans the box's width)
        let first = Self.compare(screen)
        #expect(first.outside.isEmpty, "text outside the box changed: \(first.outside)\n\(screen)")
        #expect(first.rowsDrawn >= 7, "the picture covers \(first.rowsDrawn) rows of the box:\n\(screen)")
        #expect(Self.cells(rows, row: Self.box.top, Self.box.left..<(Self.box.left + Self.box.columns)).contains { $0 != " " && $0 != "x" })

        // When --clear is given the same box
        try session.send("Enter")
        let cleared = try await session.waitForScreen(within: .seconds(20)) { $0.contains("CLEARED") }
        let after = try #require(cleared, "show --clear did not end:\n\((try? session.capture()) ?? "")")
        // Then the box is blank, every other cell is the text it was, and the cursor came back again
        let second = Self.compare(after)
        #expect(second.outside.isEmpty, "text outside the box changed: \(second.outside)\n\(after)")
        #expect(second.rowsBlank == Self.box.rows, "\(second.rowsBlank) of the box's rows are blank:\n\(after)")
        #expect(Self.rows(after).contains { String($0) == "CLEARED 0" }, "\(after)")
    }

    @Test func kittyPlaceholdersFillTheBoxAndClearBlanksTheirCells() async throws {
        // Given a pane full of text, and kitty's placeholders asked for (what tmux moves like text)
        let home = try Self.scratchHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let binary = try BuiltBinary.photofeed.path
        let flags = "--graphics kitty-placeholders --place \(Self.place)"
        let body = "'\(binary)' show \(flags) '\(Self.photo)'; echo PLACED $?; read answer; "
            + "'\(binary)' show --clear \(flags); echo CLEARED $?"
        let session = try TmuxSession(command: try Self.script(body, home: home), columns: 100, rows: 30)

        // When show --place draws it
        let placed = try await session.waitForScreen(within: .seconds(20)) { $0.contains("PLACED") }
        let screen = try #require(placed, "show --place did not end:\n\((try? session.capture()) ?? "")")
        // Then the box's cells are placeholders (U+10EEEE) naming the picture, every other cell is the text
        let rows = Self.rows(screen)
        #expect(String(rows[20]) == "PLACED 0", "\(screen)")
        let first = Self.compare(screen)
        #expect(first.outside.isEmpty, "text outside the box changed: \(first.outside)\n\(screen)")
        let placeholder = Unicode.Scalar(0x10EEEE)!
        let cells = Self.cells(rows, row: Self.box.top, Self.box.left..<(Self.box.left + Self.box.columns))
        #expect(cells.contains { $0.unicodeScalars.first == placeholder }, "no placeholder in the box's first row:\n\(screen)")
        #expect(!screen.contains { $0.unicodeScalars.first == placeholder && !Self.insideBox($0, rows: rows) })

        // When --clear is given the same box
        try session.send("Enter")
        let cleared = try await session.waitForScreen(within: .seconds(20)) { $0.contains("CLEARED") }
        let after = try #require(cleared, "show --clear did not end:\n\((try? session.capture()) ?? "")")
        // Then the placeholders are gone (their cells blank) and nothing else changed
        let second = Self.compare(after)
        #expect(second.outside.isEmpty, "text outside the box changed: \(second.outside)\n\(after)")
        #expect(second.rowsBlank == Self.box.rows, "\(second.rowsBlank) of the box's rows are blank:\n\(after)")
        #expect(!after.unicodeScalars.contains(placeholder))
    }

    /// Whether every occurrence of `character` on the screen is inside the box.
    static func insideBox(_ character: Character, rows: [[Character]]) -> Bool {
        for (row, line) in rows.enumerated() {
            for (column, cell) in line.enumerated() where cell == character {
                let inRows = (box.top..<(box.top + box.rows)).contains(row)
                let inColumns = (box.left..<(box.left + box.columns)).contains(column)
                if !(inRows && inColumns) { return false }
            }
        }
        return true
    }

    /// Runs `show --place` in a pane, kills it with SIGTERM after `delay`, and returns the
    /// screen once the shell has said how it ended, with the process id it had.
    static func killed(after delay: Duration) async throws -> (screen: String, pid: Int32?, status: String?) {
        let home = try Self.scratchHome()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let pidFile = home + "/pid"
        let binary = try BuiltBinary.photofeed.path
        let body = "sh -c 'echo $$ > \(pidFile); exec \"$0\" show --place \(Self.place) \"$1\"' '\(binary)' '\(Self.photo)'; echo EXITED $?"
        let session = try TmuxSession(command: try Self.script(body, home: home), columns: 100, rows: 30)
        let pid = try await poll(within: .seconds(10)) {
            (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        try await Task.sleep(for: delay)
        if let pid { kill(pid, SIGTERM) }
        let ended = try await session.waitForScreen(within: .seconds(20)) { $0.contains("EXITED") }
        let screen = try ended ?? session.capture()
        let status = Self.rows(screen).map { String($0) }.first { $0.hasPrefix("EXITED") }
        return (screen, pid, status)
    }

    @Test(arguments: [0, 150, 400, 1200])
    func aPreviewerKilledWithSIGTERMLeavesTheScreenClean(milliseconds: Int) async throws {
        // Given show --place started in a pane full of text
        let (screen, pid, status) = try await Self.killed(after: .milliseconds(milliseconds))
        // When it is killed with SIGTERM (while it decodes, asks the terminal, or reads late replies)
        // Then it ended (by the signal, or done already), and the shell's next line is under the text: the cursor came back
        #expect(status == "EXITED 143" || status == "EXITED 0", "\(screen)")
        // (a process the signal ended before photofeed caught it is reported by sh itself: "Terminated")
        let after = Self.rows(screen).dropFirst(20).map { String($0) }.prefix { !$0.hasPrefix("EXITED") }
        #expect(after.allSatisfy { $0 == "Terminated" }, "\(screen)")
        #expect(Self.rows(screen).firstIndex { String($0).hasPrefix("EXITED") } == 20 + after.count, "\(screen)")
        // And nothing outside the box changed, and the box holds the whole picture or none of it
        let result = Self.compare(screen)
        #expect(result.outside.isEmpty, "text outside the box changed: \(result.outside)\n\(screen)")
        #expect(result.rowsDrawn == 0 || result.rowsDrawn >= 7, "a half picture (\(result.rowsDrawn) rows):\n\(screen)")
        #expect(!screen.contains("\u{1B}") && !screen.contains("^["), "\(screen)")
        // And it left no temporary picture file behind
        if let pid {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []
            #expect(!names.contains { $0.hasPrefix("photofeed-tty-graphics-protocol-\(pid)-") })
        }
    }
}
