import TerminalGraphics
public import Vocabulary
/// Sizes of the picture box when the command line leaves them to the screen (`--thumb auto`,
/// `--columns N`): pure arithmetic on the viewport, so layouts and tests share it.
///
/// A box shows a 3:2 photo (the usual camera aspect) without bars at the cells' proportions
/// (`cellAspect`, a cell's height over its width): with cells twice as tall as wide (the
/// default) that is `3h` columns for `h` rows; with 8×19-pixel cells about `3.56h`.
///
/// ```swift
/// ThumbnailBox.list(for: CellSize(columns: 140, rows: 44))   // 39×13: about a third of the height
/// ThumbnailBox.grid(for: CellSize(columns: 140, rows: 44))   // four lines of cells a screen
/// ```
public enum ThumbnailBox {
    /// Columns per row of a box that shows a 3:2 photo, on cells twice as tall as wide.
    public static let aspect = 3

    /// Columns per row of a box that shows a 3:2 photo on cells `cellAspect` times as tall as wide.
    static func columnsPerRow(_ cellAspect: Double) -> Double {
        Double(aspect) * (cellAspect.isFinite && cellAspect > 0 ? cellAspect : 2) / 2
    }
    /// The smallest box (what `--thumb` accepts).
    public static let minimum = CellSize(columns: 4, rows: 2)

    /// The list's automatic box: a line (box plus separator) a third of the viewport's height,
    /// as wide as a 3:2 photo, narrowed so the text column keeps `textWidth` columns.
    public static func list(for viewport: CellSize, reserved: Int = 3, textWidth: Int = 28, cellAspect: Double = 2) -> CellSize {
        let perRow = columnsPerRow(cellAspect)
        var rows = max(minimum.rows, viewport.rows / 3 - 1)
        var columns = Int((Double(rows) * perRow).rounded())
        let available = viewport.columns - reserved - textWidth
        if columns > available {
            columns = max(minimum.columns, available)
            rows = max(minimum.rows, min(rows, Int(Double(columns) / perRow)))
        }
        return CellSize(columns: columns, rows: rows)
    }

    /// The grid's automatic box: about four lines of cells a screen (box, caption and a blank
    /// line each), 3:2, and then widened to share the width evenly between the columns that fit.
    public static func grid(for viewport: CellSize, chrome: CellSize, cellAspect: Double = 2) -> CellSize {
        let rows = max(4, viewport.rows / 4 - chrome.rows)
        let box = CellSize(columns: Int((Double(rows) * columnsPerRow(cellAspect)).rounded()), rows: rows)
        let columns = max(1, viewport.columns / (box.columns + chrome.columns))
        return filling(columns: columns, of: viewport, chrome: chrome, rows: rows, cellAspect: cellAspect)
    }

    /// A box for exactly `columns` cells side by side (`--columns N`): the width shared evenly,
    /// the height from the 3:2 aspect (or `rows` when given), never below ``minimum``.
    public static func filling(columns: Int, of viewport: CellSize, chrome: CellSize, rows: Int? = nil, cellAspect: Double = 2)
        -> CellSize
    {
        let width = max(minimum.columns, viewport.columns / max(1, columns) - chrome.columns)
        let height = rows ?? Int((Double(width) / columnsPerRow(cellAspect)).rounded(.up))
        return CellSize(columns: width, rows: max(minimum.rows, height))
    }
}
