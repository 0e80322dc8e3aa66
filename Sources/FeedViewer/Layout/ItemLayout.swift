import TerminalGraphics
public import Vocabulary
/// How items are arranged on screen: the seam a new layout (a list, a grid) plugs into.
///
/// A layout turns a viewport into an ``ItemGeometry``: how many items sit side by side, how
/// tall a line of items is, where each item's box goes and where its picture and text go
/// inside it. ``LazyList`` does the scrolling, focus and appear/disappear arithmetic on top of
/// that geometry, so a layout is pure geometry and never sees the model.
///
/// ```swift
/// let geometry = ListLayout(thumbnail: CellSize(columns: 32, rows: 16)).geometry(for: viewport)
/// let box = geometry.box(column: 0, line: 3)   // the item's cells on screen
/// ```
public protocol ItemLayout: Sendable {
    /// The arrangement for a viewport of `viewport` cells (the screen without the status bar).
    func geometry(for viewport: CellSize) -> ItemGeometry
}

/// Where items and their parts go, for one viewport size.
public struct ItemGeometry: Hashable, Sendable {
    /// Items side by side on one line (at least 1).
    public var columns: Int
    /// Cells from the top of one line of items to the next (at least 1).
    public var lineHeight: Int
    /// The size of one item's box.
    public var itemSize: CellSize
    /// Cells from one item's left edge to the next one's.
    public var columnStride: Int
    /// Where the picture goes inside the item's box.
    public var picture: CellRect
    /// Where the text goes inside the item's box (its height says how many lines it shows).
    public var text: CellRect
    /// The focus marker's cells inside the item's box, when the layout draws one.
    public var focusMarker: CellRect?
    /// The smallest screen (status bar included) that shows one item.
    public var minimumScreen: CellSize

    /// Creates a geometry.
    public init(
        columns: Int, lineHeight: Int, itemSize: CellSize, columnStride: Int, picture: CellRect, text: CellRect,
        focusMarker: CellRect?, minimumScreen: CellSize
    ) {
        self.columns = max(1, columns)
        self.lineHeight = max(1, lineHeight)
        self.itemSize = itemSize
        self.columnStride = columnStride
        self.picture = picture
        self.text = text
        self.focusMarker = focusMarker
        self.minimumScreen = minimumScreen
    }

    /// The box of the item in `column` of the line whose top is at cell row `top`.
    public func box(column: Int, top: Int) -> CellRect {
        CellRect(origin: CellPoint(row: top, column: column * columnStride), size: itemSize)
    }

    /// Whether a screen of `size` can show one item and the status bar.
    public func fits(_ size: CellSize) -> Bool {
        size.rows >= minimumScreen.rows && size.columns >= minimumScreen.columns
    }
}
