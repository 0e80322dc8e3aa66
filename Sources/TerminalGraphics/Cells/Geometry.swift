/// The size of a terminal or a region of it, in cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Number of lines.
    public var rows: Int
    /// Number of columns.
    public var columns: Int

    /// Creates a size; negative values are clamped to zero.
    public init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
    }

    /// `COLUMNS×ROWS`, the way terminals are usually described.
    public var description: String { "\(columns)×\(rows)" }
}

/// A cell position: row (line) and column, both zero-based.
public struct CellPoint: Hashable, Sendable {
    /// Zero-based line.
    public var row: Int
    /// Zero-based column.
    public var column: Int

    /// Creates a position.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// The top-left corner.
    public static let zero = CellPoint(row: 0, column: 0)
}

/// A rectangle of cells.
public struct CellRect: Hashable, Sendable {
    /// The top-left cell.
    public var origin: CellPoint
    /// The number of rows and columns covered.
    public var size: TerminalSize

    /// Creates a rectangle.
    public init(origin: CellPoint, size: TerminalSize) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its top-left corner and extent.
    public init(row: Int, column: Int, rows: Int, columns: Int) {
        self.init(origin: CellPoint(row: row, column: column), size: TerminalSize(rows: rows, columns: columns))
    }

    /// The rows covered, top to bottom.
    public var rowRange: Range<Int> { origin.row..<(origin.row + size.rows) }
    /// The columns covered, left to right.
    public var columnRange: Range<Int> { origin.column..<(origin.column + size.columns) }

    /// The part of this rectangle inside `other` (possibly empty).
    public func clamped(to other: CellRect) -> CellRect {
        let rows = rowRange.clamped(to: other.rowRange)
        let columns = columnRange.clamped(to: other.columnRange)
        return CellRect(row: rows.lowerBound, column: columns.lowerBound, rows: rows.count, columns: columns.count)
    }
}
