public import TerminalGraphics
/// Sizes of the picture box when the command line leaves them to the screen (`--thumb auto`,
/// `--columns N`): pure arithmetic on the viewport, so layouts and tests share it.
///
/// Cells are about twice as tall as wide, so a box of `3h` columns and `h` rows shows a 3:2
/// photo (the usual camera aspect) without bars.
///
/// ```swift
/// ThumbnailBox.list(for: TerminalSize(rows: 44, columns: 140))   // 39×13: about a third of the height
/// ThumbnailBox.grid(for: TerminalSize(rows: 44, columns: 140))   // four lines of cells a screen
/// ```
public enum ThumbnailBox {
    /// Columns per row of a box that shows a 3:2 photo.
    public static let aspect = 3
    /// The smallest box (what `--thumb` accepts).
    public static let minimum = TerminalSize(rows: 2, columns: 4)

    /// The list's automatic box: a line (box plus separator) a third of the viewport's height,
    /// as wide as a 3:2 photo, narrowed so the text column keeps `textWidth` columns.
    public static func list(for viewport: TerminalSize, reserved: Int = 3, textWidth: Int = 28) -> TerminalSize {
        var rows = max(minimum.rows, viewport.rows / 3 - 1)
        var columns = rows * aspect
        let available = viewport.columns - reserved - textWidth
        if columns > available {
            columns = max(minimum.columns, available)
            rows = max(minimum.rows, min(rows, columns / aspect))
        }
        return TerminalSize(rows: rows, columns: columns)
    }

    /// The grid's automatic box: about four lines of cells a screen (box, caption and a blank
    /// line each), 3:2, and then widened to share the width evenly between the columns that fit.
    public static func grid(for viewport: TerminalSize, chrome: TerminalSize) -> TerminalSize {
        let rows = max(4, viewport.rows / 4 - chrome.rows)
        let box = TerminalSize(rows: rows, columns: rows * aspect)
        let columns = max(1, viewport.columns / (box.columns + chrome.columns))
        return filling(columns: columns, of: viewport, chrome: chrome, rows: rows)
    }

    /// A box for exactly `columns` cells side by side (`--columns N`): the width shared evenly,
    /// the height from the 3:2 aspect (or `rows` when given), never below ``minimum``.
    public static func filling(columns: Int, of viewport: TerminalSize, chrome: TerminalSize, rows: Int? = nil)
        -> TerminalSize
    {
        let width = max(minimum.columns, viewport.columns / max(1, columns) - chrome.columns)
        return TerminalSize(rows: max(minimum.rows, rows ?? (width + aspect - 1) / aspect), columns: width)
    }
}
