import Testing
import Vocabulary

@testable import PhotoShow

/// The box's size comes from the flags, then the host's conventions, then `$COLUMNS`/`$LINES`,
/// then the terminal, then 80 columns; each side from the first that gives it.
@Suite("The box: flags, host, COLUMNS/LINES, terminal")
struct ShowBoxTests {
    static let fzf = ["FZF_PREVIEW_COLUMNS": "50", "FZF_PREVIEW_LINES": "20", "FZF_PREVIEW_LEFT": "61", "FZF_PREVIEW_TOP": "2",
        "COLUMNS": "50", "LINES": "20"]

    @Test func placeWinsOverEverythingAndGivesTheOrigin() {
        // Given --place inside fzf, with COLUMNS and a terminal
        let box = ShowBox.choose(
            place: ShowPlacement(columns: 30, rows: 10, left: 5, top: 6), width: nil, height: nil, environment: Self.fzf,
            terminal: CellSize(columns: 200, rows: 60))
        // Then the box is --place's, at its cell
        #expect(box == ShowBox(columns: 30, rows: 10, origin: CellPoint(row: 6, column: 5), source: "--place 30x10@5x6"))
        #expect(box.placement == ShowPlacement(columns: 30, rows: 10, left: 5, top: 6))
    }

    @Test func fzfsPreviewVariablesGiveTheSizeAndThePanesPlace() {
        // Given fzf's preview variables and a wider terminal
        let box = ShowBox.choose(place: nil, width: nil, height: nil, environment: Self.fzf, terminal: CellSize(columns: 200, rows: 60))
        // Then the pane's size and its top-left cell are the box
        #expect(box.columns == 50)
        #expect(box.rows == 20)
        #expect(box.origin == CellPoint(row: 2, column: 61))
        #expect(box.source == "fzf's FZF_PREVIEW_COLUMNS×FZF_PREVIEW_LINES")
    }

    @Test func flagsWinOverFzfSideBySideAndThenNoOriginIsGuessed() {
        // Given --width inside fzf
        let box = ShowBox.choose(place: nil, width: 30, height: nil, environment: Self.fzf, terminal: nil)
        // Then the width is the flag's, the height fzf's, and the pane's place is not used for another size
        #expect(box.columns == 30)
        #expect(box.rows == 20)
        #expect(box.origin == nil)
        #expect(box.source == "--width×--height, fzf's FZF_PREVIEW_COLUMNS×FZF_PREVIEW_LINES")
    }

    @Test func columnsAndLinesComeBeforeTheTerminal() {
        // Given COLUMNS and LINES (lf, ranger and fzf set them) and a terminal
        let box = ShowBox.choose(
            place: nil, width: nil, height: nil, environment: ["COLUMNS": "72", "LINES": "18"], terminal: CellSize(columns: 200, rows: 60))
        #expect(box.columns == 72)
        #expect(box.rows == 18)
        #expect(box.origin == nil)
    }

    @Test func theTerminalGivesTheWidthAndTheAspectTheRows() {
        let box = ShowBox.choose(place: nil, width: nil, height: nil, environment: [:], terminal: CellSize(columns: 132, rows: 40))
        #expect(box.columns == 132)
        #expect(box.rows == nil)
        #expect(box.source == "the terminal's width")
    }

    @Test func nothingAtAllIs80ColumnsAndBadNumbersAreIgnored() {
        // Given nonsense and out-of-range values
        let box = ShowBox.choose(
            place: nil, width: nil, height: nil,
            environment: ["COLUMNS": "wide", "LINES": "0", "FZF_PREVIEW_COLUMNS": "100000", "FZF_PREVIEW_LINES": "-3"], terminal: nil)
        // Then they are passed over, as if unset
        #expect(box.columns == 80)
        #expect(box.rows == nil)
    }

    @Test func fzfsPlaceNeedsBothItsSides() {
        var environment = Self.fzf
        environment["FZF_PREVIEW_TOP"] = nil
        let box = ShowBox.choose(place: nil, width: nil, height: nil, environment: environment, terminal: nil)
        #expect(box.origin == nil)
        #expect(box.placement == nil)
    }
}
