/// Where the parts of a list row go: a focus gutter, the thumbnail box, then the text column.
///
/// ```swift
/// let layout = RowLayout(thumbnail: TerminalSize(rows: 16, columns: 32), width: 100)
/// layout.rowHeight // 17: the box plus a blank separator line
/// ```
public struct RowLayout: Hashable, Sendable {
    /// The thumbnail box size in cells.
    public var thumbnail: TerminalSize
    /// The full width of a row (the screen width).
    public var width: Int
    /// Columns of the focus gutter at the left.
    public static let gutter = 1
    /// Columns between the box and the text.
    public static let gap = 2
    /// The narrowest useful text column.
    public static let minimumTextWidth = 12

    /// Creates a layout.
    public init(thumbnail: TerminalSize, width: Int) {
        self.thumbnail = thumbnail
        self.width = max(0, width)
    }

    /// Lines per row: the box and one separator line.
    public var rowHeight: Int { thumbnail.rows + 1 }

    /// Where the thumbnail box starts within the row.
    public var thumbnailOrigin: CellPoint { CellPoint(row: 0, column: Self.gutter) }

    /// The column where the text starts.
    public var textColumn: Int { Self.gutter + thumbnail.columns + Self.gap }

    /// The width left for text (possibly zero).
    public var textWidth: Int { max(0, width - textColumn) }

    /// The smallest screen that shows one row and the status bar.
    public var minimumScreenSize: TerminalSize {
        TerminalSize(rows: rowHeight + 1, columns: textColumn + Self.minimumTextWidth)
    }
}
