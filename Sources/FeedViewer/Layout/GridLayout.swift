import TerminalGraphics
public import Vocabulary
/// Photos side by side in columns, like SwiftUI's `LazyVGrid` or a contact sheet: each cell is
/// a focus gutter, the picture box, and a one-line caption under it (the load's state glyph
/// and the author), with a blank line under every line of cells.
///
/// ```
/// ▌┌ picture ┐ ┌ picture ┐ ┌ picture ┐
/// ▌│         │ │         │ │         │
/// ▌└─────────┘ └─────────┘ └─────────┘
///  ⠹ 43% Alejandr…  Paul Jarvis  ✗ Tina R…
///  (blank line)
/// ```
///
/// The columns follow the terminal's width and the box: a fixed box (`--thumb WxH`) gives as
/// many columns as fit; `--columns N` shares the width between N columns (the box's height
/// from a 3:2 photo); otherwise the box follows the screen (``ThumbnailBox/grid(for:chrome:)``).
/// A terminal narrower than one cell gets one column, and the tiny-terminal message when even
/// that does not fit.
public struct GridLayout: ItemLayout, Hashable {
    /// The picture box in cells; nil: sized from the viewport (and ``columns``).
    public var thumbnail: CellSize?
    /// Cells side by side, when asked for (`--columns N`); nil: as many as fit.
    public var columns: Int?
    /// Columns of the focus gutter at the left of each cell.
    public static let gutter = 1
    /// Columns between one cell's box and the next cell's gutter.
    public static let gap = 1
    /// Lines under the box: the caption and a blank line.
    public static let linesBelow = 2
    /// What a cell takes beyond its box, in rows and columns.
    public static let chrome = CellSize(columns: gutter + gap, rows: linesBelow)

    /// A cell's height over its width, for the box sized from the screen (block art's proportions).
    public var cellAspect: Double

    /// Creates a grid layout with a fixed box, a number of columns, or neither (sized from the
    /// screen, for cells `cellAspect` times as tall as wide).
    public init(thumbnail: CellSize? = nil, columns: Int? = nil, cellAspect: Double = 2) {
        self.thumbnail = thumbnail
        self.columns = columns.map { max(1, $0) }
        self.cellAspect = cellAspect
    }

    /// The picture box on a viewport of `viewport` cells.
    public func thumbnail(for viewport: CellSize) -> CellSize {
        if let columns {
            return ThumbnailBox.filling(
                columns: columns, of: viewport, chrome: Self.chrome, rows: thumbnail?.rows, cellAspect: cellAspect)
        }
        return thumbnail ?? ThumbnailBox.grid(for: viewport, chrome: Self.chrome, cellAspect: cellAspect)
    }

    public func geometry(for viewport: CellSize) -> ItemGeometry {
        let box = thumbnail(for: viewport)
        let stride = box.columns + Self.chrome.columns
        let fitting = max(1, (viewport.columns + Self.gap) / stride)
        let lineHeight = box.rows + Self.linesBelow
        return ItemGeometry(
            columns: min(columns ?? fitting, fitting), lineHeight: lineHeight,
            itemSize: CellSize(columns: stride, rows: lineHeight), columnStride: stride,
            picture: CellRect(origin: CellPoint(row: 0, column: Self.gutter), size: box),
            text: CellRect(row: box.rows, column: 0, rows: 1, columns: Self.gutter + box.columns),
            focusMarker: CellRect(row: 0, column: 0, rows: box.rows, columns: Self.gutter),
            minimumScreen: CellSize(columns: Self.gutter + box.columns, rows: lineHeight + 1))
    }
}
