/// One photo per line, the full width of the screen: a focus gutter, the picture box, then a
/// text column beside it, and a blank separator line under each item.
///
/// ```
/// ▌┌ picture ┐  Alejandro Escamilla
/// ▌│         │  #1084 · 5616×3744
/// ▌└─────────┘  loading 43% ▓▓▓░░
///  (blank separator line)
/// ```
public struct ListLayout: ItemLayout, Hashable {
    /// The picture box in cells.
    public var thumbnail: TerminalSize
    /// Columns of the focus gutter at the left.
    public static let gutter = 1
    /// Columns between the box and the text.
    public static let gap = 2
    /// The narrowest useful text column.
    public static let minimumTextWidth = 12
    /// Lines of text beside the picture: author, `#id · W×H`, the state line.
    public static let textLines = 3

    /// Creates a list layout with a picture box of `thumbnail` cells.
    public init(thumbnail: TerminalSize) {
        self.thumbnail = thumbnail
    }

    public func geometry(for viewport: TerminalSize) -> ItemGeometry {
        let width = viewport.columns
        let textColumn = Self.gutter + thumbnail.columns + Self.gap
        let lineHeight = thumbnail.rows + 1
        return ItemGeometry(
            columns: 1, lineHeight: lineHeight, itemSize: TerminalSize(rows: lineHeight, columns: width),
            columnStride: width,
            picture: CellRect(origin: CellPoint(row: 0, column: Self.gutter), size: thumbnail),
            text: CellRect(row: 0, column: textColumn, rows: Self.textLines, columns: max(0, width - textColumn)),
            focusMarker: CellRect(row: 0, column: 0, rows: thumbnail.rows, columns: Self.gutter),
            minimumScreen: TerminalSize(rows: lineHeight + 1, columns: textColumn + Self.minimumTextWidth))
    }
}
