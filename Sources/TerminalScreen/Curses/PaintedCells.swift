import TerminalGraphics
import TerminalText
import Vocabulary

/// The block art a ``CursesScreen`` writes to the terminal itself — painted — instead of
/// through ncurses, and what ncurses must be told so the two never disagree: a pure state
/// machine from frame to frame.
///
/// A photo's block art is thousands of cells of two colours each; through ncurses every one
/// costs a colour pair, a `cchar_t`, a comparison and a `tparm` for each colour, where the
/// picture is already known whole (`feedbench --scenario cull` times a key to the next photo's
/// picture). So the cells of a picture placed without pixels (``Picture/image`` nil) whose
/// every cell is one column wide are painted: SGR runs written after ncurses has flushed, the
/// cursor saved before and restored after, and ncurses holds blanks there (the picture's cells
/// are *covered*).
///
/// The rules that keep the two layers true:
/// - Covered cells are blank in ncurses' window; a cell covered now but not before is handed
///   to ncurses as a blank, a cell covered before but not now as the frame's cell.
/// - A line where a covered cell was uncovered is rewritten whole by ncurses (`wredrawln`):
///   ncurses believes it blank there, and would leave the painted cells on screen.
/// - Painting follows ncurses: a placement new, moved or newly covered is painted whole; on the
///   other placements, the lines ncurses wrote on (it may clear to the end of a line over the
///   paint) and the lines whose covered cells changed in the frame.
///
/// ```swift
/// var painted = PaintedCells()
/// let rects = PaintedCells.rects(in: frame)
/// let plan = painted.plan(for: changes, painting: rects)
/// // hand plan.textRuns to ncurses, wredrawln plan.uncoveredRows, flush; then:
/// let parts = plan.parts(writtenRows: rowsNcursesWrote)
/// ```
struct PaintedCells: Sendable {
    /// The screen's size the coverage is for.
    private(set) var size = CellSize(columns: 0, rows: 0)
    /// The rects covered now (painted, blank in ncurses).
    private(set) var rects: [CellRect] = []

    /// What one frame takes, in the order it is done.
    struct Plan: Sendable {
        /// The cells to hand ncurses: the frame's changed cells outside the paint, blanks where
        /// cells are newly covered, the frame's cells where they are uncovered.
        var textRuns: [FrameChanges.Run]
        /// Lines ncurses must rewrite whole (cells on them were painted and are not now).
        var uncoveredRows: Set<Int>
        /// The rects painted now, and which of them go whole whatever ncurses writes.
        var rects: [CellRect]
        var whole: [Bool]
        /// Lines whose covered cells changed in the frame.
        var changedRows: Set<Int>

        /// What to paint once ncurses has written `writtenRows`: whole rects, and the bands of
        /// the others' lines that were written or changed.
        func parts(writtenRows: Set<Int>) -> [CellRect] {
            var parts: [CellRect] = []
            for (rect, isWhole) in zip(rects, whole) {
                if isWhole {
                    parts.append(rect)
                    continue
                }
                var row = rect.origin.row
                let end = rect.rowRange.upperBound
                while row < end {
                    guard writtenRows.contains(row) || changedRows.contains(row) else {
                        row += 1
                        continue
                    }
                    var last = row + 1
                    while last < end, writtenRows.contains(last) || changedRows.contains(last) { last += 1 }
                    parts.append(CellRect(row: row, column: rect.origin.column, rows: last - row, columns: rect.size.columns))
                    row = last
                }
            }
            return parts
        }
    }

    /// The visible rects of `frame`'s pictures drawn by their cells alone whose every visible
    /// cell is one column wide and painted as it is (block art; not kitty placeholders, not
    /// the blanks under pixels).
    static func rects(in frame: Frame) -> [CellRect] {
        frame.pictures.compactMap { placement in
            guard placement.picture.image == nil else { return nil }
            let rect = placement.visible.clamped(to: CellRect(origin: .zero, size: frame.size))
            guard rect.size.rows > 0, rect.size.columns > 0, isPaintable(rect, in: frame.cells) else { return nil }
            return rect
        }
    }

    /// Whether every cell of `rect` is one column wide, one scalar, and not the half of a wide one.
    private static func isPaintable(_ rect: CellRect, in cells: CellBlock) -> Bool {
        let columns = cells.size.columns
        for row in rect.rowRange {
            for index in (row * columns + rect.origin.column)..<(row * columns + rect.columnRange.upperBound) {
                let cell = cells.cells[index]
                guard !cell.isContinuation, isNarrow(cell.grapheme) else { return false }
            }
        }
        return true
    }

    /// Whether `grapheme` is a single scalar one column wide: printable ASCII and the block,
    /// sextant, octant and Braille glyphs block art is drawn with at once; the rest as measured.
    static func isNarrow(_ grapheme: Character) -> Bool {
        let scalars = grapheme.unicodeScalars
        guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else { return false }
        switch scalar.value {
        case 0x20..<0x7F, 0x2580...0x259F, 0x25A0...0x25FF, 0x2800...0x28FF, 0x1FB00...0x1FBCA, 0x1CD00...0x1CDE5: return true
        case 0..<0x20, 0x7F..<0xA0: return false
        default: return DisplayWidth.of(String(grapheme)) == 1
        }
    }

    /// Takes the coverage to `rects` for `changes`, and says what ncurses and the paint must do.
    mutating func plan(for changes: FrameChanges, painting rects: [CellRect]) -> Plan {
        let frame = changes.frame
        let columns = frame.size.columns
        if size != frame.size {
            // Another size: ncurses' window is another; nothing it holds is covered.
            size = frame.size
            self.rects = []
        }
        let covered = Self.mask(self.rects, size: size)
        let now = Self.mask(rects, size: size)
        var uncoveredRows = Set<Int>()
        var changedRows = Set<Int>()
        var runs: [FrameChanges.Run] = []
        // Every line with a changed cell or a cell whose coverage changed.
        var lines = Set(changes.runs.map(\.origin.row))
        for row in 0..<frame.size.rows where !lines.contains(row) {
            let start = row * columns
            if covered[start..<(start + columns)] != now[start..<(start + columns)] { lines.insert(row) }
        }
        let changed = Dictionary(changes.runs.map { ($0.origin.row, $0.origin.column..<($0.origin.column + $0.cells.count)) }) { first, _ in first }
        for row in lines.sorted() {
            let start = row * columns
            let changedColumns = changed[row] ?? 0..<0
            var pending: [ScreenCell] = []
            var pendingStart = 0
            func flush() {
                guard !pending.isEmpty else { return }
                runs.append(FrameChanges.Run(origin: CellPoint(row: row, column: pendingStart), cells: ArraySlice(pending)))
                pending = []
            }
            for column in 0..<columns {
                let index = start + column
                let cell: ScreenCell?
                switch (covered[index], now[index]) {
                case (true, true):
                    if changedColumns.contains(column) { changedRows.insert(row) }
                    cell = nil
                case (false, true): cell = .blank
                case (true, false):
                    uncoveredRows.insert(row)
                    cell = frame.cells.cells[index]
                case (false, false): cell = changedColumns.contains(column) ? frame.cells.cells[index] : nil
                }
                if let cell {
                    if pending.isEmpty { pendingStart = column }
                    pending.append(cell)
                } else {
                    flush()
                }
            }
            flush()
        }
        let placed = Set(changes.placed.map(\.visible))
        let whole = rects.map { rect in changes.isFullRepaint || placed.contains(rect) || !self.rects.contains(rect) }
        self.rects = rects
        return Plan(textRuns: runs, uncoveredRows: uncoveredRows, rects: rects, whole: whole, changedRows: changedRows)
    }

    /// Per cell of a screen of `size`, row by row: whether one of `rects` covers it.
    private static func mask(_ rects: [CellRect], size: CellSize) -> [Bool] {
        var mask = Array(repeating: false, count: size.columns * size.rows)
        for rect in rects {
            for row in rect.rowRange {
                for column in rect.columnRange { mask[row * size.columns + column] = true }
            }
        }
        return mask
    }

    /// Every cell not covered, line by line, as ncurses must hold them after its colours were
    /// let go (a new generation of pairs rewrites the screen whole); `frame` is the one planned.
    func uncoveredRuns(of frame: Frame) -> [FrameChanges.Run] {
        let columns = frame.size.columns
        let covered = Self.mask(rects, size: size)
        var runs: [FrameChanges.Run] = []
        for row in 0..<frame.size.rows {
            let start = row * columns
            var column = 0
            while column < columns {
                guard !covered[start + column] else {
                    column += 1
                    continue
                }
                var end = column + 1
                while end < columns, !covered[start + end] { end += 1 }
                runs.append(FrameChanges.Run(origin: CellPoint(row: row, column: column), cells: frame.cells.cells[(start + column)..<(start + end)]))
                column = end
            }
        }
        return runs
    }
}
