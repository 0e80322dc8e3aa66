/// The pure state of a lazily loaded list of fixed-height rows.
///
/// It knows how many rows exist, how tall each is, how tall the viewport is,
/// which row is at the top and which has the focus. It computes the visible
/// rows and a prefetch window of rows ahead in the scroll direction, and every
/// mutating method returns a ``LazyListDiff`` saying which rows appeared,
/// disappeared, and entered or left the prefetch window, so the event loop can
/// start, cancel and re-prioritise row loaders. It draws nothing.
///
/// ```swift
/// var list = LazyList(rowCount: 100, rowHeight: 17, viewportHeight: 40, prefetchDistance: 2)
/// let diff = list.moveFocus(by: 3)
/// for row in diff.appeared { startLoading(row) }
/// for row in diff.disappeared { cancelLoading(row) }
/// ```
public struct LazyList: Hashable, Sendable {
    /// Which way the user last moved; the prefetch window lies ahead of it.
    public enum Direction: Hashable, Sendable {
        /// Toward higher row numbers.
        case forward
        /// Toward row 0.
        case backward
    }

    /// The number of rows in the list.
    public internal(set) var rowCount: Int
    /// Lines per row (at least 1).
    public internal(set) var rowHeight: Int
    /// Lines available to the list (at least 0).
    public internal(set) var viewportHeight: Int
    /// The row at the top of the viewport (the scroll offset, in rows).
    public internal(set) var firstRow: Int = 0
    /// The focused row, or `nil` when the list is empty.
    public internal(set) var focus: Int?
    /// The direction of the last movement.
    public internal(set) var direction: Direction = .forward
    /// How many rows beyond the visible ones to prefetch.
    public internal(set) var prefetchDistance: Int

    /// Creates a list scrolled to the top with the focus on the first row.
    public init(rowCount: Int = 0, rowHeight: Int, viewportHeight: Int, prefetchDistance: Int = 2) {
        self.rowCount = max(0, rowCount)
        self.rowHeight = max(1, rowHeight)
        self.viewportHeight = max(0, viewportHeight)
        self.prefetchDistance = max(0, prefetchDistance)
        self.focus = self.rowCount > 0 ? 0 : nil
    }

    // MARK: Derived state

    /// Rows with at least one line inside the viewport (the last may be cut off).
    public var visibleRows: Range<Int> {
        guard viewportHeight > 0, rowCount > 0 else { return 0..<0 }
        let shown = (viewportHeight + rowHeight - 1) / rowHeight
        return firstRow..<min(rowCount, firstRow + shown)
    }

    /// Rows shown in full (at least one, so a tall row in a short viewport can still be focused).
    public var pageSize: Int { max(1, viewportHeight / rowHeight) }

    /// The rows prefetched ahead of the visible ones in ``direction``, clamped to the list.
    public var prefetchRows: Range<Int> {
        let visible = visibleRows
        guard !visible.isEmpty, prefetchDistance > 0 else { return visible.upperBound..<visible.upperBound }
        switch direction {
        case .forward:
            return visible.upperBound..<min(rowCount, visible.upperBound + prefetchDistance)
        case .backward:
            return max(0, visible.lowerBound - prefetchDistance)..<visible.lowerBound
        }
    }

    /// The largest useful ``firstRow``: the one that shows the last row in full.
    public var maxFirstRow: Int { max(0, rowCount - pageSize) }

    /// The viewport line where `row` starts, or `nil` when it is not visible.
    public func line(ofRow row: Int) -> Int? {
        visibleRows.contains(row) ? (row - firstRow) * rowHeight : nil
    }

    /// The visible row drawn on viewport line `line`, if any.
    public func row(atLine line: Int) -> Int? {
        guard line >= 0, line < viewportHeight else { return nil }
        let row = firstRow + line / rowHeight
        return visibleRows.contains(row) ? row : nil
    }
}
