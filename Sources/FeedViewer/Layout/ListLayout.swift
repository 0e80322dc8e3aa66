import TerminalGraphics
public import Vocabulary
/// One photo per line, the full width of the screen: a focus gutter, the picture box, then a
/// text column beside it, and a blank separator line under each item.
///
/// ```
/// ▌┌ picture ┐  Alejandro Escamilla
/// ▌│         │  #1084 · 5616×3744
/// ▌└─────────┘  loading 43% ▓▓▓░░
///  (blank separator line)
/// ```
///
/// The box is fixed (`--thumb WxH`) or follows the screen (`--thumb auto`, ``ThumbnailBox/list(for:reserved:textWidth:)``).
/// A box of ``detailedTextMinimumRows`` rows or more gets a taller text column (where the photo
/// came from, bytes and time on lines of their own, a wide progress bar).
public struct ListLayout: ItemLayout, Hashable {
    /// The picture box in cells; nil: sized from the viewport.
    public var thumbnail: CellSize?
    /// Columns of the focus gutter at the left.
    public static let gutter = 1
    /// Columns between the box and the text.
    public static let gap = 2
    /// The narrowest useful text column.
    public static let minimumTextWidth = 12
    /// Lines of text beside the picture: author, `#id · W×H`, the state line.
    public static let textLines = 3
    /// Boxes this tall or taller get the detailed text column.
    public static let detailedTextMinimumRows = 8
    /// Lines of the detailed text column.
    public static let detailedTextLines = 7

    /// A cell's height over its width, for the box sized from the screen (block art's proportions).
    public var cellAspect: Double

    /// Creates a list layout with a picture box of `thumbnail` cells (nil: sized from the screen,
    /// for cells `cellAspect` times as tall as wide).
    public init(thumbnail: CellSize?, cellAspect: Double = 2) {
        self.thumbnail = thumbnail
        self.cellAspect = cellAspect
    }

    /// The picture box on a viewport of `viewport` cells.
    public func thumbnail(for viewport: CellSize) -> CellSize {
        thumbnail ?? ThumbnailBox.list(for: viewport, reserved: Self.gutter + Self.gap, cellAspect: cellAspect)
    }

    public func geometry(for viewport: CellSize) -> ItemGeometry {
        let thumbnail = thumbnail(for: viewport)
        let width = viewport.columns
        let textColumn = Self.gutter + thumbnail.columns + Self.gap
        let lineHeight = thumbnail.rows + 1
        let textLines = thumbnail.rows >= Self.detailedTextMinimumRows ? Self.detailedTextLines : Self.textLines
        return ItemGeometry(
            columns: 1, lineHeight: lineHeight, itemSize: CellSize(columns: width, rows: lineHeight),
            columnStride: width,
            picture: CellRect(origin: CellPoint(row: 0, column: Self.gutter), size: thumbnail),
            text: CellRect(row: 0, column: textColumn, rows: textLines, columns: max(0, width - textColumn)),
            focusMarker: CellRect(row: 0, column: 0, rows: thumbnail.rows, columns: Self.gutter),
            minimumScreen: CellSize(columns: textColumn + Self.minimumTextWidth, rows: lineHeight + 1))
    }
}
