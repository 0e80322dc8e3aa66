import Testing
@testable import TerminalScreen
import TerminalGraphics
import Vocabulary
import ImageCodecs

/// Block art the curses screen paints itself: ncurses holds blanks under it, a picture new in
/// its slot is painted whole, a line ncurses writes on is painted again, and a picture that goes
/// has its lines rewritten by ncurses, so the two layers never leave a cell stale.
@Suite("Painted cells")
struct PaintedCellsTests {
    private let size = CellSize(columns: 12, rows: 6)
    private let rect = CellRect(row: 1, column: 2, rows: 3, columns: 4)

    /// A picture of `glyph` cells, red on blue.
    private func art(_ glyph: Character, rows: Int = 3, columns: Int = 4) -> Picture {
        Picture(cells: CellBlock(size: CellSize(columns: columns, rows: rows), fill: ScreenCell(glyph, style: CellStyle(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))))
    }

    /// A frame with `title` on its first line and `picture` at (1, 2).
    private func frame(_ title: String, _ picture: Picture?, at origin: CellPoint = CellPoint(row: 1, column: 2)) -> Frame {
        var frame = Frame(size: size)
        var line = CellBlock(size: CellSize(columns: size.columns, rows: 1))
        _ = line.write(title, at: .zero, style: .plain)
        frame.draw(line, at: .zero)
        if let picture { frame.place(picture, for: "detail", at: origin) }
        return frame
    }

    /// The cells `runs` hand ncurses inside `rect`.
    private func cells(in rect: CellRect, of runs: [FrameChanges.Run]) -> [ScreenCell] {
        runs.flatMap { run in
            run.cells.enumerated().compactMap { offset, cell in
                rect.rowRange.contains(run.origin.row) && rect.columnRange.contains(run.origin.column + offset) ? cell : nil
            }
        }
    }

    @Test func aPictureIsPaintedWholeAndNcursesHoldsBlanksUnderIt() {
        // Given a first frame with a title and a picture of block art
        var painted = PaintedCells()
        let first = frame("one", art("▀"))
        let rects = PaintedCells.rects(in: first)
        #expect(rects == [rect])

        // When it is planned
        let plan = painted.plan(for: FrameChanges(from: nil, to: first), painting: rects)

        // Then ncurses gets the title and blanks where the picture goes, and the picture is painted whole
        let under = cells(in: rect, of: plan.textRuns)
        #expect(under.count == 12)
        #expect(under.allSatisfy { $0 == .blank })
        #expect(plan.textRuns.contains { $0.origin.row == 0 && $0.cells.first?.grapheme == "o" })
        #expect(plan.parts(writtenRows: []) == [rect])
    }

    @Test func theNextPhotoInTheSameSlotIsPaintedWholeAndNcursesWritesNothingUnderIt() {
        // Given a picture painted in its slot
        var painted = PaintedCells()
        let first = frame("one", art("▀"))
        _ = painted.plan(for: FrameChanges(from: nil, to: first), painting: PaintedCells.rects(in: first))

        // When the next photo takes the slot and the title changes
        let second = frame("two", art("▄"))
        let plan = painted.plan(for: FrameChanges(from: first, to: second), painting: PaintedCells.rects(in: second))

        // Then ncurses writes the title alone, and the new picture is painted whole
        #expect(cells(in: rect, of: plan.textRuns).isEmpty)
        #expect(plan.textRuns.map(\.origin.row) == [0])
        #expect(plan.uncoveredRows.isEmpty)
        #expect(plan.parts(writtenRows: [0]) == [rect])
    }

    @Test func aLineNcursesWritesOnIsPaintedAgainAndNoOther() {
        // Given a picture painted, unchanged in the next frame
        var painted = PaintedCells()
        let picture = art("▀")
        let first = frame("one", picture)
        _ = painted.plan(for: FrameChanges(from: nil, to: first), painting: PaintedCells.rects(in: first))
        let second = frame("one", picture)

        // When ncurses wrote on line 2 (text beside the picture: it may clear to the line's end)
        let plan = painted.plan(for: FrameChanges(from: first, to: second), painting: PaintedCells.rects(in: second))

        // Then only that line of the picture is painted again; nothing when ncurses wrote nothing
        #expect(plan.parts(writtenRows: [2]) == [CellRect(row: 2, column: 2, rows: 1, columns: 4)])
        #expect(plan.parts(writtenRows: []).isEmpty)
    }

    @Test func aPictureThatGoesHasItsLinesRewrittenByNcursesWithTheFramesCells() {
        // Given a picture painted
        var painted = PaintedCells()
        let first = frame("one", art("▀"))
        _ = painted.plan(for: FrameChanges(from: nil, to: first), painting: PaintedCells.rects(in: first))

        // When the next frame has no picture there (blank cells where it was)
        let second = frame("one", nil)
        let plan = painted.plan(for: FrameChanges(from: first, to: second), painting: PaintedCells.rects(in: second))

        // Then its lines are rewritten whole by ncurses, from the frame's cells, and nothing is painted
        #expect(plan.uncoveredRows == [1, 2, 3])
        #expect(cells(in: rect, of: plan.textRuns).count == 12)
        #expect(plan.parts(writtenRows: [1, 2, 3]).isEmpty)
    }

    @Test func aPanelDrawnOnTopHandsTheCellsAroundItToNcurses() {
        // Given a picture painted
        var painted = PaintedCells()
        let picture = art("▀")
        let first = frame("one", picture)
        _ = painted.plan(for: FrameChanges(from: nil, to: first), painting: PaintedCells.rects(in: first))

        // When a panel is drawn on top of part of it (the placement goes; its cells stay around the panel)
        var second = frame("one", picture)
        second.drawOnTop(CellBlock(size: CellSize(columns: 2, rows: 1), fill: ScreenCell("?")), at: CellPoint(row: 2, column: 3))
        let plan = painted.plan(for: FrameChanges(from: first, to: second), painting: PaintedCells.rects(in: second))

        // Then nothing is painted, and ncurses rewrites the picture's lines with the frame's
        // cells: the picture's around the panel, the panel's in it
        #expect(PaintedCells.rects(in: second).isEmpty)
        #expect(plan.uncoveredRows == [1, 2, 3])
        let under = cells(in: rect, of: plan.textRuns)
        #expect(under.filter { $0.grapheme == "▀" }.count == 10)
        #expect(under.filter { $0.grapheme == "?" }.count == 2)
    }

    @Test func aMovedPictureIsPaintedWholeWhereItIsAndItsOldLinesRewritten() {
        // Given a picture painted at (1, 2)
        var painted = PaintedCells()
        let picture = art("▀", rows: 2)
        let first = frame("one", picture)
        _ = painted.plan(for: FrameChanges(from: nil, to: first), painting: PaintedCells.rects(in: first))

        // When it moves down two lines (a list scrolled)
        let second = frame("one", picture, at: CellPoint(row: 3, column: 2))
        let plan = painted.plan(for: FrameChanges(from: first, to: second), painting: PaintedCells.rects(in: second))

        // Then the lines it left are rewritten by ncurses, and it is painted whole where it is
        #expect(plan.uncoveredRows == [1, 2])
        #expect(plan.parts(writtenRows: []) == [CellRect(row: 3, column: 2, rows: 2, columns: 4)])
    }

    @Test func picturesOfPixelsOrWideCellsAreLeftToNcurses() {
        // Given a frame with a picture whose cells hold a wide grapheme, and one whose pixels the terminal draws
        var wide = CellBlock(size: CellSize(columns: 4, rows: 1))
        _ = wide.write("日本", at: .zero, style: .plain)
        var frame = Frame(size: size)
        frame.place(Picture(cells: wide), for: "a", at: .zero)
        let image = TerminalImage(bitmap: Bitmap(width: 20, height: 40, fill: RGBA(1, 0, 0)), cells: CellSize(columns: 2, rows: 2), graphics: .sixel)
        frame.place(Picture(cells: CellBlock(size: image.cells), image: image), for: "b", at: CellPoint(row: 3, column: 0))

        // When the painted rects are chosen, Then there are none
        #expect(PaintedCells.rects(in: frame).isEmpty)
        #expect(PaintedCells.isNarrow("▀") && PaintedCells.isNarrow("a") && PaintedCells.isNarrow("\u{1FB00}"))
        #expect(!PaintedCells.isNarrow("日") && !PaintedCells.isNarrow("e\u{301}") && !PaintedCells.isNarrow("\u{1B}"))
    }

    @Test func paintedBytesSaveTheCursorMoveToEachLineWriteOnlyTheColourChangesAndRestoreIt() {
        // Given two cells, red on blue then green on blue, on line 3 from column 5
        var cells = CellBlock(size: CellSize(columns: 8, rows: 4))
        cells.put(
            [ScreenCell("▀", style: CellStyle(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))),
             ScreenCell("▄", style: CellStyle(foreground: .rgb(0, 255, 0), background: .rgb(0, 0, 255)))],
            at: CellPoint(row: 2, column: 4))
        let part = [CellRect(row: 2, column: 4, rows: 1, columns: 2)]

        // When they are painted in direct colour (ncurses' colour numbers: packed rgb)
        let direct = PaintedCells.bytes(painting: part, of: cells, capability: .truecolor) {
            guard case .rgb(let r, let g, let b) = $0 else { return -1 }
            return max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
        }
        // Then the cursor is saved, moved, each colour set once, the attributes reset and the cursor restored
        #expect(String(decoding: direct, as: UTF8.self) == "\u{1B}7\u{1B}[3;5H\u{1B}[0m\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[38;2;0;255;0m▄\u{1B}[0m\u{1B}8")

        // When they are painted in 256 colours (palette numbers, the first sixteen as ANSI codes)
        let numbers: [CellColor: Int32] = [.rgb(255, 0, 0): 196, .rgb(0, 255, 0): 10, .rgb(0, 0, 255): 4]
        let palette = PaintedCells.bytes(painting: part, of: cells, capability: .palette256) { numbers[$0] ?? -1 }
        #expect(String(decoding: palette, as: UTF8.self) == "\u{1B}7\u{1B}[3;5H\u{1B}[0m\u{1B}[38;5;196;44m▀\u{1B}[92m▄\u{1B}[0m\u{1B}8")
        #expect(PaintedCells.paints(at: .palette256) && !PaintedCells.paints(at: .ansi16) && !PaintedCells.paints(at: .none))
    }
}
