import TerminalText
public import Vocabulary
/// A rectangular grid of cells that views render into, then a screen draws.
///
/// Writing keeps wide graphemes consistent: a wide grapheme fills its cell and
/// a continuation cell; overwriting either half blanks the other; a wide
/// grapheme that would cross the right edge is replaced by a blank.
///
/// ```swift
/// var block = CellBlock(size: CellSize(columns: 10, rows: 1))
/// block.write("日本", at: .zero, style: .plain)
/// ```
public struct CellBlock: Hashable, Sendable {
    /// Rows and columns.
    public let size: CellSize
    /// Cells in row-major order.
    public private(set) var cells: [ScreenCell]

    /// Creates a block filled with `fill`.
    public init(size: CellSize, fill: ScreenCell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.rows * size.columns)
    }

    /// The cell at `point`, or `nil` outside the block.
    public subscript(_ point: CellPoint) -> ScreenCell? {
        guard contains(point) else { return nil }
        return cells[point.row * size.columns + point.column]
    }

    /// Whether `point` lies inside the block.
    public func contains(_ point: CellPoint) -> Bool {
        point.row >= 0 && point.row < size.rows && point.column >= 0 && point.column < size.columns
    }

    /// Calls `body` with the cells of one row.
    public func withRow<Result>(_ row: Int, _ body: (ArraySlice<ScreenCell>) -> Result) -> Result {
        let start = row * size.columns
        return body(cells[start..<(start + size.columns)])
    }

    /// Writes one grapheme (of width 1 or 2) at `point`; returns the columns used.
    @discardableResult
    public mutating func set(_ grapheme: Character, at point: CellPoint, style: CellStyle) -> Int {
        guard contains(point) else { return 0 }
        let width = DisplayWidth.of(grapheme)
        if width == 0 { return 0 }
        if width == 2 && point.column + 1 >= size.columns {
            place(ScreenCell(" ", style: style), at: point)
            return 1
        }
        place(ScreenCell(grapheme, style: style), at: point)
        if width == 2 {
            place(.continuation(style: style), at: CellPoint(row: point.row, column: point.column + 1))
        }
        return width
    }

    /// Writes a run of cells from `point` rightwards, as a screen's `put` does: continuation
    /// cells and what falls outside the row are skipped, each grapheme placed by
    /// ``set(_:at:style:)`` in its own style, or in `style` when one is given.
    public mutating func put(_ cells: some Collection<ScreenCell>, at point: CellPoint, style: CellStyle? = nil) {
        guard point.row >= 0, point.row < size.rows else { return }
        var column = point.column
        for cell in cells {
            defer { column += 1 }
            if cell.isContinuation || column < 0 { continue }
            if column >= size.columns { break }
            set(cell.grapheme, at: CellPoint(row: point.row, column: column), style: style ?? cell.style)
        }
    }

    /// Writes `text` from `point` rightwards, at most `maxWidth` columns (default: to the edge).
    ///
    /// Returns the number of columns written. The text is not sanitised here.
    @discardableResult
    public mutating func write(_ text: String, at point: CellPoint, style: CellStyle, maxWidth: Int? = nil) -> Int {
        let limit = min(maxWidth ?? Int.max, size.columns - point.column)
        var used = 0
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if used + width > limit { break }
            used += set(character, at: CellPoint(row: point.row, column: point.column + used), style: style)
        }
        return used
    }

    /// Fills a rectangle (clipped to the block) with `cell`.
    public mutating func fill(_ rect: CellRect, with cell: ScreenCell) {
        let clipped = rect.clamped(to: CellRect(origin: .zero, size: size))
        for row in clipped.rowRange {
            for column in clipped.columnRange {
                place(cell, at: CellPoint(row: row, column: column))
            }
        }
    }

    /// Sets every cell to `cell` (storage kept).
    public mutating func blank(with cell: ScreenCell = .blank) {
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: cell) }
    }

    /// Changes the style of every cell in place; graphemes and wide-glyph halves stay as they are.
    ///
    /// ```swift
    /// block.updateStyles { $0.attributes = .bold }
    /// ```
    public mutating func updateStyles(_ body: (inout CellStyle) -> Void) {
        for index in cells.indices { body(&cells[index].style) }
    }

    /// Copies `other` into this block with its top-left corner at `origin`, clipped to the block.
    public mutating func paste(_ other: CellBlock, at origin: CellPoint) {
        paste(other, at: origin, clip: CellRect(origin: .zero, size: size))
    }

    /// Copies the cells of `other` (top-left corner at `origin`) that fall inside `clip` and the block.
    public mutating func paste(_ other: CellBlock, at origin: CellPoint, clip: CellRect) {
        let target = CellRect(origin: origin, size: other.size)
            .clamped(to: clip)
            .clamped(to: CellRect(origin: .zero, size: size))
        guard target.size.rows > 0, target.size.columns > 0 else { return }
        for row in target.rowRange {
            let sourceRow = row - origin.row
            for column in target.columnRange {
                let sourceColumn = column - origin.column
                let cell = other.cells[sourceRow * other.size.columns + sourceColumn]
                let point = CellPoint(row: row, column: column)
                if cell.isContinuation {
                    // Keep it only if the wide grapheme before it was copied too.
                    if column == target.origin.column { place(ScreenCell(" ", style: cell.style), at: point) }
                    continue
                }
                if cell.grapheme.utf8.count > 1, DisplayWidth.of(cell.grapheme) == 2 {
                    if column + 1 < target.columnRange.upperBound {
                        set(cell.grapheme, at: point, style: cell.style)
                    } else {
                        // Its right half is clipped away: a blank keeps the column count right.
                        place(ScreenCell(" ", style: cell.style), at: point)
                    }
                } else {
                    place(cell, at: point)
                }
            }
        }
    }

    /// Stores `cell`, blanking the other half of any wide grapheme it overwrites.
    private mutating func place(_ cell: ScreenCell, at point: CellPoint) {
        let index = point.row * size.columns + point.column
        let old = cells[index]
        if old.isContinuation, point.column > 0, !cell.isContinuation {
            let lead = index - 1
            cells[lead] = ScreenCell(" ", style: cells[lead].style)
        }
        if !old.isContinuation, old.grapheme.utf8.count > 1, DisplayWidth.of(old.grapheme) == 2, point.column + 1 < size.columns {
            let trail = index + 1
            if cells[trail].isContinuation {
                cells[trail] = ScreenCell(" ", style: cells[trail].style)
            }
        }
        cells[index] = cell
    }
}
