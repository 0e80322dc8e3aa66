import Testing
import TerminalGraphics
import TerminalKit
@testable import TerminalScreen
#if canImport(Glibc)
import Glibc
import Vocabulary
#endif

/// The screen for a terminal that cannot move its cursor (`TERM=dumb`): frames as new lines,
/// keys a line at a time.
@Suite("LineScreen: the screen-reader mode as printed lines")
struct LineScreenTests {
    private let list = ["Photo 1 of 3 by A, loading", "Photo 2 of 3 by B, loading", "Photo 3 of 3 by C", "", "3 photos"]

    private func list(_ lines: [String]? = nil, cursor row: Int) -> LineScreen.Shown {
        LineScreen.Shown(lines: lines ?? list, cursor: CellPoint(row: row, column: 0), isPage: false)
    }

    @Test func theFirstFramePrintsItsLinesThenOnlyTheFocusAndTheNews() {
        // Given nothing printed yet, Then the first frame prints its lines (not the blank ones)
        #expect(
            LineScreen.linesToPrint(list(cursor: 0), after: nil)
                == ["Photo 1 of 3 by A, loading", "Photo 2 of 3 by B, loading", "Photo 3 of 3 by C", "3 photos"])
        // When the focus moves to the second line, Then that line alone is printed
        #expect(LineScreen.linesToPrint(list(cursor: 1), after: list(cursor: 0)) == ["Photo 2 of 3 by B, loading"])
        // When another photo fails and that is news, Then the news line alone is printed
        var failed = list
        failed[2] = "Photo 3 of 3 by C, failed: HTTP 404"
        failed[4] = "photo 3 failed: HTTP 404"
        #expect(LineScreen.linesToPrint(list(failed, cursor: 1), after: list(cursor: 1)) == ["photo 3 failed: HTTP 404"])
        // When the focused photo's progress changes, Then nothing is printed (its end will be news)
        var progress = list
        progress[0] = "Photo 1 of 3 by A, loading 40%"
        #expect(LineScreen.linesToPrint(list(progress, cursor: 0), after: list(cursor: 0)).isEmpty)
        // When the list scrolls and another photo is on the focused line, Then it is printed
        let scrolled = ["Photo 3 of 3 by C", "", "", "", "3 photos"]
        #expect(LineScreen.linesToPrint(list(scrolled, cursor: 0), after: list(cursor: 0)) == ["Photo 3 of 3 by C"])
    }

    @Test func aPageIsPrintedWholeWhenItOpensThenItsNewLines() {
        // Given the list shown, When help opens (a page)
        let help = ["keys, ? closes", "embedded feed, 3 photos", "j ↓: next row; k ↑: previous row", "", "3 photos"]
        let page = LineScreen.Shown(lines: help, cursor: .zero, isPage: true)
        // Then all of it is printed
        #expect(
            LineScreen.linesToPrint(page, after: list(cursor: 1))
                == ["keys, ? closes", "embedded feed, 3 photos", "j ↓: next row; k ↑: previous row"])
        // When a line of the same page changes (the info was read), Then the new line alone
        var read = help
        read[1] = "embedded feed, 3 photos, photo 2 focused"
        #expect(
            LineScreen.linesToPrint(LineScreen.Shown(lines: read, cursor: .zero, isPage: true), after: page)
                == ["embedded feed, 3 photos, photo 2 focused"])
        // When the page's title line changes but names the same page (a photo's load), Then nothing
        var loading = read
        loading[0] = "keys, ? closes, loading 40%"
        #expect(LineScreen.linesToPrint(LineScreen.Shown(lines: loading, cursor: .zero, isPage: true), after: page) == [read[1]])
        // When the page closes, Then the list is printed whole again (the same news is not said twice)
        #expect(
            LineScreen.linesToPrint(list(cursor: 1), after: page)
                == ["Photo 1 of 3 by A, loading", "Photo 2 of 3 by B, loading", "Photo 3 of 3 by C"])
        // And a list that grew (a page came) is the same photos: only news, if any
        let grown = list.map { $0.hasPrefix("Photo ") ? "Photo " + $0.dropFirst(6).prefix(1) + " of 60" + $0.dropFirst(12) : $0 }
        #expect(LineScreen.linesToPrint(list(grown, cursor: 1), after: list(cursor: 1)).isEmpty)
    }

    @Test func eachCharacterIsAKeyAnEmptyLineIsEnter() throws {
        // Given a line screen reading a pipe
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let screen = try LineScreen(size: CellSize(columns: 40, rows: 5), input: fds[0], output: fds[1])
        defer { screen.close() }
        // When lines are typed: "jj", an empty one, "q"
        let keys = screen.keys(from: Array("jj\n\nq\n".utf8))
        // Then they are the keys, and the empty line is Enter
        #expect(keys == [.key(.character("j")), .key(.character("j")), .key(.enter), .key(.character("q"))])
        // And a character cut between two reads is read whole
        let bytes = Array("é".utf8)
        #expect(screen.keys(from: [bytes[0]]).isEmpty)
        #expect(screen.keys(from: [bytes[1], 0x0A]) == [.key(.character("é"))])
    }

    @Test func theSizeComesFromColumnsAndLinesFirst() {
        // Given COLUMNS and LINES, Then they are the size (clamped), whatever the descriptor says
        #expect(LineScreen.size(environment: ["COLUMNS": "72", "LINES": "9"], descriptor: -1) == CellSize(columns: 72, rows: 9))
        #expect(LineScreen.size(environment: [:], descriptor: -1) == CellSize(columns: 80, rows: 24))
        #expect(LineScreen.size(environment: ["LINES": "1"], descriptor: -1).rows == 2)
    }
}
