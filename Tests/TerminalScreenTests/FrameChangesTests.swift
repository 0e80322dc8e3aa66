import Testing
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// The difference between two frames: only changed cells are written, wide graphemes are never
/// split, a new size repaints everything, and moved pictures are reported.
@Suite("Frame changes")
struct FrameChangesTests {
    private let size = CellSize(columns: 10, rows: 4)

    @Test func theFirstFrameAndANewSizeRepaintEverything() {
        let frame = Frame(size: size)
        let first = FrameChanges(from: nil, to: frame)
        #expect(first.isFullRepaint)
        #expect(first.runs.count == 4 && first.runs.allSatisfy { $0.cells.count == 10 })
        #expect(FrameChanges(from: Frame(size: CellSize(columns: 10, rows: 3)), to: frame).isFullRepaint)
    }

    @Test func anUnchangedFrameWritesNothingAndAChangeWritesOnlyItsSpan() {
        // Given a frame with text on line 1
        var before = Frame(size: size)
        var text = CellBlock(size: CellSize(columns: 10, rows: 1))
        text.write("abcdefghij", at: .zero, style: .plain)
        before.draw(text, at: CellPoint(row: 1, column: 0))
        #expect(FrameChanges(from: before, to: before).isEmpty)

        // When two cells in the middle change
        var after = before
        var patch = CellBlock(size: CellSize(columns: 2, rows: 1))
        patch.write("XY", at: .zero, style: .plain)
        after.draw(patch, at: CellPoint(row: 1, column: 4))
        let changes = FrameChanges(from: before, to: after)

        // Then one run of exactly those two cells is written
        #expect(!changes.isFullRepaint)
        #expect(changes.runs.count == 1)
        #expect(changes.runs.first?.origin == CellPoint(row: 1, column: 4))
        #expect(changes.runs.first.map { String($0.cells.map(\.grapheme)) } == "XY")
    }

    @Test func aRunNeverStartsOnTheRightHalfOfAWideGrapheme() {
        var before = Frame(size: size)
        var wide = CellBlock(size: CellSize(columns: 4, rows: 1))
        wide.write("日本", at: .zero, style: .plain)
        before.draw(wide, at: .zero)
        var after = before
        var narrow = CellBlock(size: CellSize(columns: 1, rows: 1))
        narrow.write("x", at: .zero, style: .plain)
        after.draw(narrow, at: CellPoint(row: 0, column: 1))
        let run = FrameChanges(from: before, to: after).runs.first
        #expect(run?.origin == CellPoint(row: 0, column: 0))
    }

    @Test func movedPicturesArePlacedAgainAndTheOldPlacementRemoved() {
        let picture = Picture(cells: CellBlock(size: CellSize(columns: 2, rows: 2), fill: ScreenCell("█")))
        var before = Frame(size: size)
        before.place(picture, for: "a", at: CellPoint(row: 0, column: 0))
        var after = Frame(size: size)
        after.place(picture, for: "a", at: CellPoint(row: 1, column: 0))
        let changes = FrameChanges(from: before, to: after)
        #expect(changes.placed.map(\.origin) == [CellPoint(row: 1, column: 0)])
        #expect(changes.removed.map(\.origin) == [CellPoint(row: 0, column: 0)])
        #expect(FrameChanges(from: after, to: after).placed.isEmpty)
    }

    @Test func aMemoryScreenRecordsPlacementsAndWritesOnlyChanges() {
        let screen = MemoryScreen(size: size)
        var frame = Frame(size: size)
        frame.place(Picture(cells: CellBlock(size: CellSize(columns: 3, rows: 1), fill: ScreenCell("▀"))), for: "p", at: .zero)
        screen.apply(FrameChanges(from: nil, to: frame))
        #expect(screen.cellsWritten == 40)
        #expect(screen.placements.map(\.key) == ["p"])
        #expect(screen.plainText().hasPrefix("▀▀▀"))
        screen.apply(FrameChanges(from: frame, to: frame))
        #expect(screen.cellsWritten == 40)
    }
}
