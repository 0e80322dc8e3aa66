/// A size in terminal cells: a screen, a region of it, or the box a picture is drawn in.
///
/// ```swift
/// let box = CellSize(columns: 40, rows: 20)
/// box.description   // "40×20"
/// ```
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
    /// Number of columns.
    public var columns: Int
    /// Number of rows (lines).
    public var rows: Int

    /// Creates a size; negative values are clamped to zero.
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
    }

    /// True when either side is zero.
    public var isEmpty: Bool { columns <= 0 || rows <= 0 }

    /// `COLUMNS×ROWS`, the way terminals are usually described.
    public var description: String { "\(columns)×\(rows)" }
}
