public import Vocabulary
/// A rectangle of cells, rows top to bottom: what BlockArt renders and what screens draw.
///
/// Independent of ncurses and of ANSI: the TUI draws it with colour pairs, `ANSIWriter`
/// turns it into escape sequences.
///
/// ```swift
/// let grid = BlockArtRenderer().render(bitmap, in: CellSize(columns: 40, rows: 20))
/// for row in 0..<grid.rows { for column in 0..<grid.columns { draw(grid[column, row]) } }
/// ```
public struct CellGrid: Sendable, Hashable {
    /// Width in cells.
    public let columns: Int
    /// Height in cells.
    public let rows: Int
    /// The cells, row-major: `cells[row * columns + column]`.
    public private(set) var cells: [Cell]

    /// A grid filled with one cell.
    public init(columns: Int, rows: Int, fill: Cell = .blank) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.cells = Array(repeating: fill, count: self.columns * self.rows)
    }

    /// A grid from row-major cells; nil when the count does not match.
    public init?(columns: Int, rows: Int, cells: [Cell]) {
        guard columns >= 0, rows >= 0, cells.count == columns * rows else { return nil }
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    /// The size in cells.
    public var size: CellSize { CellSize(columns: columns, rows: rows) }

    /// The cell at `column`, `row` (both must be inside the grid).
    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// One row of cells.
    public func row(_ row: Int) -> ArraySlice<Cell> {
        cells[(row * columns)..<((row + 1) * columns)]
    }

    /// The glyphs only, one line per row: handy in tests and logs.
    public var text: String {
        (0..<rows).map { row in
            var line = String.UnicodeScalarView()
            line.append(contentsOf: self.row(row).map(\.glyph))
            return String(line)
        }.joined(separator: "\n")
    }

    /// True when every cell looks the same as the other grid's (see `Cell.looksSame(as:)`).
    public func looksSame(as other: CellGrid) -> Bool {
        columns == other.columns && rows == other.rows
            && zip(cells, other.cells).allSatisfy { $0.looksSame(as: $1) }
    }
}
