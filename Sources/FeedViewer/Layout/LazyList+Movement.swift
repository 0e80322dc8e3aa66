extension LazyList {
    /// Moves the focus by `delta` lines (one item in a list, a line of items in a grid),
    /// scrolling just enough to keep it in full view.
    public mutating func moveFocus(by delta: Int) -> LazyListDiff {
        moveFocus(items: delta * columns)
    }

    /// Moves the focus by `delta` items (sideways in a grid), scrolling just enough to keep it in full view.
    public mutating func moveFocus(items delta: Int) -> LazyListDiff {
        change { list in
            guard let focus = list.focus, delta != 0 else { return }
            list.direction = delta > 0 ? .forward : .backward
            list.focus = list.clampItem(focus + delta)
            list.revealFocus()
        }
    }

    /// Puts the focus on `item` (clamped), scrolling just enough to keep it in full view.
    public mutating func setFocus(_ item: Int) -> LazyListDiff {
        change { list in
            guard let focus = list.focus else { return }
            let target = list.clampItem(item)
            if target != focus { list.direction = target > focus ? .forward : .backward }
            list.focus = target
            list.revealFocus()
        }
    }

    /// Scrolls the viewport by `delta` lines; the focus is carried along to stay in full view.
    public mutating func scroll(by delta: Int) -> LazyListDiff {
        change { list in
            guard delta != 0 else { return }
            list.direction = delta > 0 ? .forward : .backward
            list.firstLine = list.clampFirstLine(list.firstLine + delta)
            list.keepFocusInView()
        }
    }

    /// Scrolls one page down: the view and the focus move by ``pageLines`` lines.
    public mutating func pageDown() -> LazyListDiff {
        page(by: 1)
    }

    /// Scrolls one page up.
    public mutating func pageUp() -> LazyListDiff {
        page(by: -1)
    }

    /// Scrolls to the top and focuses the first item.
    public mutating func jumpToTop() -> LazyListDiff {
        change { list in
            guard list.itemCount > 0 else { return }
            list.direction = .forward
            list.firstLine = 0
            list.focus = 0
        }
    }

    /// Scrolls to the end and focuses the last item; prefetching then looks backward.
    public mutating func jumpToEnd() -> LazyListDiff {
        change { list in
            guard list.itemCount > 0 else { return }
            list.direction = .backward
            list.firstLine = list.maxFirstLine
            list.focus = list.itemCount - 1
        }
    }

    /// Changes the viewport height (and optionally the line height and columns), keeping the focus in view.
    public mutating func resize(viewportHeight: Int, lineHeight: Int? = nil, columns: Int? = nil) -> LazyListDiff {
        change { list in
            list.viewportHeight = max(0, viewportHeight)
            if let lineHeight { list.lineHeight = max(1, lineHeight) }
            if let columns, columns != list.columns {
                // Keep the focused item's line at the top of the view when the grid reflows.
                list.columns = max(1, columns)
                if let focus = list.focus { list.firstLine = list.lineIndex(ofItem: focus) }
            }
            list.firstLine = list.clampFirstLine(list.firstLine)
            list.revealFocus()
        }
    }

    /// Sets the number of items (a new page of the feed arrived, or the feed shrank).
    public mutating func setItemCount(_ count: Int) -> LazyListDiff {
        change { list in
            list.itemCount = max(0, count)
            if list.itemCount == 0 {
                list.focus = nil
                list.firstLine = 0
                return
            }
            list.focus = list.clampItem(list.focus ?? 0)
            list.firstLine = list.clampFirstLine(list.firstLine)
            list.revealFocus()
        }
    }

    /// The items were reordered (sorted, filtered, some added or removed): `count` items, the
    /// focus on `item`, on the same line of the viewport as `line` lines from the top when the
    /// list allows (so what the user looks at stays where it was), else scrolled just enough.
    public mutating func reorder(count: Int, focus item: Int?, onViewportLine line: Int?) -> LazyListDiff {
        change { list in
            list.itemCount = max(0, count)
            guard list.itemCount > 0 else {
                list.focus = nil
                list.firstLine = 0
                return
            }
            let focus = list.clampItem(item ?? list.focus ?? 0)
            list.focus = focus
            if let line { list.firstLine = list.clampFirstLine(list.lineIndex(ofItem: focus) - line) }
            list.firstLine = list.clampFirstLine(list.firstLine)
            list.revealFocus()
        }
    }

    /// Changes how many lines ahead are prefetched.
    public mutating func setPrefetchDistance(_ distance: Int) -> LazyListDiff {
        change { list in list.prefetchDistance = max(0, distance) }
    }

    // MARK: Helpers

    private mutating func page(by pages: Int) -> LazyListDiff {
        change { list in
            guard let focus = list.focus else { return }
            let step = pages * list.pageLines
            list.direction = step > 0 ? .forward : .backward
            list.firstLine = list.clampFirstLine(list.firstLine + step)
            list.focus = list.clampItem(focus + step * list.columns)
            list.revealFocus()
        }
    }

    /// Applies `body` and reports what changed.
    private mutating func change(_ body: (inout LazyList) -> Void) -> LazyListDiff {
        let before = self
        body(&self)
        return LazyListDiff(from: before, to: self)
    }

    private func clampItem(_ item: Int) -> Int {
        min(max(0, item), max(0, itemCount - 1))
    }

    private func clampFirstLine(_ line: Int) -> Int {
        min(max(0, line), maxFirstLine)
    }

    /// Scrolls the minimum needed to show the focused item's line in full.
    private mutating func revealFocus() {
        guard let focus else { return }
        let line = lineIndex(ofItem: focus)
        if line < firstLine {
            firstLine = line
        } else if line >= firstLine + pageLines {
            firstLine = line - pageLines + 1
        }
        firstLine = clampFirstLine(firstLine)
    }

    /// Moves the focus (not the view) into the fully visible lines, keeping its column.
    private mutating func keepFocusInView() {
        guard let focus else { return }
        let lastFull = min(lineCount - 1, firstLine + pageLines - 1)
        let line = min(max(lineIndex(ofItem: focus), firstLine), lastFull)
        self.focus = clampItem(line * columns + column(ofItem: focus))
    }
}
