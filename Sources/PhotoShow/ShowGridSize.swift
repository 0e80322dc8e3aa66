/// `--grid CxR`: images across and rows of images a screen, as `timg --grid` takes it.
public struct ShowGridSize: Equatable, Sendable, CustomStringConvertible {
    /// Images across.
    public var columns: Int
    /// Rows of images a screen.
    public var rows: Int

    /// At most this many images across or down.
    public static let range = 1...64

    /// `columns` images across, `rows` down.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public var description: String { "\(columns)x\(rows)" }
}
