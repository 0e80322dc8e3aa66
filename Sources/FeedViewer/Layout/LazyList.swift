/// The pure state of a lazily shown collection of items laid out in lines.
///
/// Items sit in lines of ``columns`` items each (one for a list, several for a grid), every
/// line ``lineHeight`` cells tall. The list knows how many items exist, how tall the viewport
/// is, which line is at the top and which item has the focus. It computes the visible items
/// and a prefetch window of whole lines ahead in the scroll direction, and every mutating
/// method returns a ``LazyListDiff`` saying which items appeared, disappeared, and entered or
/// left the prefetch window, so the update function can start, cancel and re-prioritise loads.
/// It draws nothing; an ``ItemLayout`` says where each item's box goes.
///
/// ```swift
/// var list = LazyList(itemCount: 100, lineHeight: 17, viewportHeight: 40, prefetchDistance: 2)
/// let diff = list.moveFocus(by: 3)
/// for item in diff.appeared { startLoading(item) }
/// for item in diff.disappeared { cancelLoading(item) }
/// ```
public struct LazyList: Hashable, Sendable {
    /// Which way the user last moved; the prefetch window lies ahead of it.
    public enum Direction: Hashable, Sendable {
        /// Toward higher item numbers.
        case forward
        /// Toward item 0.
        case backward
    }

    /// The number of items.
    public internal(set) var itemCount: Int
    /// Items side by side on one line (at least 1).
    public internal(set) var columns: Int
    /// Cells per line of items (at least 1).
    public internal(set) var lineHeight: Int
    /// Cells available to the list (at least 0).
    public internal(set) var viewportHeight: Int
    /// The line at the top of the viewport (the scroll offset, in lines).
    public internal(set) var firstLine: Int = 0
    /// The focused item, or `nil` when the list is empty.
    public internal(set) var focus: Int?
    /// The direction of the last movement.
    public internal(set) var direction: Direction = .forward
    /// How many lines beyond the visible ones to prefetch.
    public internal(set) var prefetchDistance: Int

    /// Creates a list scrolled to the top with the focus on the first item.
    public init(itemCount: Int = 0, lineHeight: Int, columns: Int = 1, viewportHeight: Int, prefetchDistance: Int = 2) {
        self.itemCount = max(0, itemCount)
        self.lineHeight = max(1, lineHeight)
        self.columns = max(1, columns)
        self.viewportHeight = max(0, viewportHeight)
        self.prefetchDistance = max(0, prefetchDistance)
        self.focus = self.itemCount > 0 ? 0 : nil
    }

    // MARK: Derived state

    /// Lines of items (the last may be partly filled).
    public var lineCount: Int { (itemCount + columns - 1) / columns }

    /// Lines with at least one cell inside the viewport (the last may be cut off).
    public var visibleLines: Range<Int> {
        guard viewportHeight > 0, itemCount > 0 else { return 0..<0 }
        let shown = (viewportHeight + lineHeight - 1) / lineHeight
        return firstLine..<min(lineCount, firstLine + shown)
    }

    /// Items with at least one cell inside the viewport.
    public var visibleItems: Range<Int> { items(inLines: visibleLines) }

    /// Lines shown in full (at least one, so a tall line in a short viewport can still be focused).
    public var pageLines: Int { max(1, viewportHeight / lineHeight) }

    /// The items prefetched ahead of the visible ones in ``direction``: whole lines, clamped to the list.
    public var prefetchItems: Range<Int> {
        let visible = visibleLines
        guard !visible.isEmpty, prefetchDistance > 0 else {
            let end = visibleItems.upperBound
            return end..<end
        }
        switch direction {
        case .forward:
            return items(inLines: visible.upperBound..<min(lineCount, visible.upperBound + prefetchDistance))
        case .backward:
            return items(inLines: max(0, visible.lowerBound - prefetchDistance)..<visible.lowerBound)
        }
    }

    /// The largest useful ``firstLine``: the one that shows the last line in full.
    public var maxFirstLine: Int { max(0, lineCount - pageLines) }

    /// The line of items holding `item`.
    public func lineIndex(ofItem item: Int) -> Int { item / columns }

    /// The column of `item` within its line.
    public func column(ofItem item: Int) -> Int { item % columns }

    /// The viewport cell row where `item`'s line starts, or `nil` when it is not visible.
    public func line(ofItem item: Int) -> Int? {
        visibleItems.contains(item) ? (lineIndex(ofItem: item) - firstLine) * lineHeight : nil
    }

    /// The visible item drawn on viewport cell row `line` in `column`, if any.
    public func item(atLine line: Int, column: Int = 0) -> Int? {
        guard line >= 0, line < viewportHeight, column >= 0, column < columns else { return nil }
        let item = (firstLine + line / lineHeight) * columns + column
        return visibleItems.contains(item) ? item : nil
    }

    /// The items of a range of lines, clamped to the list.
    func items(inLines lines: Range<Int>) -> Range<Int> {
        let lower = min(itemCount, lines.lowerBound * columns)
        let upper = min(itemCount, lines.upperBound * columns)
        return lower..<max(lower, upper)
    }
}
