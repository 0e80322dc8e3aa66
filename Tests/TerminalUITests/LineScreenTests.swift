import Testing
import TerminalGraphics
import TerminalKit
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The screen for a terminal that cannot move its cursor (`TERM=dumb`): frames as new lines,
/// keys a line at a time.
@Suite("LineScreen: the screen-reader mode as printed lines")
struct LineScreenTests {
    private let list = ["Photo 1 of 3 by A, loading", "Photo 2 of 3 by B, loading", "Photo 3 of 3 by C", "", "3 photos"]

    @Test func theFirstFramePrintsItsLinesThenOnlyWhatChanged() {
        // Given nothing printed yet, Then the first frame prints its lines (not the blank ones)
        #expect(
            LineScreen.linesToPrint(list, cursor: .zero, after: nil, cursor: nil)
                == ["Photo 1 of 3 by A, loading", "Photo 2 of 3 by B, loading", "Photo 3 of 3 by C", "3 photos"])
        // When the focus moves to the second line, Then that line alone is printed
        #expect(
            LineScreen.linesToPrint(list, cursor: CellPoint(row: 1, column: 0), after: list, cursor: .zero)
                == ["Photo 2 of 3 by B, loading"])
        // When another photo loads and is news, Then the news line alone is printed
        var loaded = list
        loaded[2] = "Photo 3 of 3 by C, failed: HTTP 404"
        loaded[4] = "photo 3 failed: HTTP 404"
        #expect(
            LineScreen.linesToPrint(loaded, cursor: CellPoint(row: 1, column: 0), after: list, cursor: CellPoint(row: 1, column: 0))
                == ["photo 3 failed: HTTP 404"])
        // When the focused photo's words change, Then its line is printed again
        var focused = list
        focused[0] = "Photo 1 of 3 by A, from the memory cache"
        #expect(LineScreen.linesToPrint(focused, cursor: .zero, after: list, cursor: .zero) == ["Photo 1 of 3 by A, from the memory cache"])
        // When nothing changed, Then nothing is printed
        #expect(LineScreen.linesToPrint(list, cursor: .zero, after: list, cursor: .zero).isEmpty)
    }

    @Test func aPageOpeningPrintsItWhole() {
        // Given the list shown, When help opens (its title on the cursor's line)
        let help = ["keys, ? closes", "embedded feed, 3 photos", "j ↓: next row; k ↑: previous row", "", "3 photos"]
        // Then all of it is printed
        #expect(
            LineScreen.linesToPrint(help, cursor: .zero, after: list, cursor: CellPoint(row: 1, column: 0))
                == ["keys, ? closes", "embedded feed, 3 photos", "j ↓: next row; k ↑: previous row"])
    }

    @Test func eachCharacterIsAKeyAnEmptyLineIsEnter() throws {
        // Given a line screen reading a pipe
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let screen = try LineScreen(size: TerminalSize(rows: 5, columns: 40), input: fds[0], output: fds[1])
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
        #expect(LineScreen.size(environment: ["COLUMNS": "72", "LINES": "9"], descriptor: -1) == TerminalSize(rows: 9, columns: 72))
        #expect(LineScreen.size(environment: [:], descriptor: -1) == TerminalSize(rows: 24, columns: 80))
        #expect(LineScreen.size(environment: ["LINES": "1"], descriptor: -1).rows == 2)
    }
}
