/// A rectangle of cells.
public struct CellRect: Hashable, Sendable {
    /// The top-left cell.
    public var origin: CellPoint
    /// The number of columns and rows covered.
    public var size: CellSize

    /// Creates a rectangle.
    public init(origin: CellPoint, size: CellSize) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its top-left corner and extent.
    public init(row: Int, column: Int, rows: Int, columns: Int) {
        self.init(origin: CellPoint(row: row, column: column), size: CellSize(columns: columns, rows: rows))
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
