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
