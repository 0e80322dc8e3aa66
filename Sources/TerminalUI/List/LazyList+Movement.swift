extension LazyList {
    /// Moves the focus by `delta` rows, scrolling just enough to keep it in full view.
    public mutating func moveFocus(by delta: Int) -> LazyListDiff {
        change { list in
            guard let focus = list.focus, delta != 0 else { return }
            list.direction = delta > 0 ? .forward : .backward
            list.focus = list.clampRow(focus + delta)
            list.revealFocus()
        }
    }

    /// Puts the focus on `row` (clamped), scrolling just enough to keep it in full view.
    public mutating func setFocus(_ row: Int) -> LazyListDiff {
        change { list in
            guard let focus = list.focus else { return }
            let target = list.clampRow(row)
            if target != focus { list.direction = target > focus ? .forward : .backward }
            list.focus = target
            list.revealFocus()
        }
    }

    /// Scrolls the viewport by `delta` rows; the focus is carried along to stay in full view.
    public mutating func scroll(by delta: Int) -> LazyListDiff {
        change { list in
            guard delta != 0 else { return }
            list.direction = delta > 0 ? .forward : .backward
            list.firstRow = list.clampFirstRow(list.firstRow + delta)
            list.keepFocusInView()
        }
    }

    /// Scrolls one page down: the view and the focus move by ``pageSize`` rows.
    public mutating func pageDown() -> LazyListDiff {
        page(by: 1)
    }

    /// Scrolls one page up.
    public mutating func pageUp() -> LazyListDiff {
        page(by: -1)
    }

    /// Scrolls to the top and focuses the first row.
    public mutating func jumpToTop() -> LazyListDiff {
        change { list in
            guard list.rowCount > 0 else { return }
            list.direction = .forward
            list.firstRow = 0
            list.focus = 0
        }
    }

    /// Scrolls to the end and focuses the last row; prefetching then looks backward.
    public mutating func jumpToEnd() -> LazyListDiff {
        change { list in
            guard list.rowCount > 0 else { return }
            list.direction = .backward
            list.firstRow = list.maxFirstRow
            list.focus = list.rowCount - 1
        }
    }

    /// Changes the viewport height (and optionally the row height), keeping the focus in view.
    public mutating func resize(viewportHeight: Int, rowHeight: Int? = nil) -> LazyListDiff {
        change { list in
            list.viewportHeight = max(0, viewportHeight)
            if let rowHeight { list.rowHeight = max(1, rowHeight) }
            list.firstRow = list.clampFirstRow(list.firstRow)
            list.revealFocus()
        }
    }

    /// Sets the number of rows (a new page of the feed arrived, or the feed shrank).
    public mutating func setRowCount(_ count: Int) -> LazyListDiff {
        change { list in
            list.rowCount = max(0, count)
            if list.rowCount == 0 {
                list.focus = nil
                list.firstRow = 0
                return
            }
            list.focus = list.clampRow(list.focus ?? 0)
            list.firstRow = list.clampFirstRow(list.firstRow)
            list.revealFocus()
        }
    }

    /// Changes how many rows ahead are prefetched.
    public mutating func setPrefetchDistance(_ distance: Int) -> LazyListDiff {
        change { list in list.prefetchDistance = max(0, distance) }
    }

    // MARK: Helpers

    private mutating func page(by pages: Int) -> LazyListDiff {
        change { list in
            guard let focus = list.focus else { return }
            let step = pages * list.pageSize
            list.direction = step > 0 ? .forward : .backward
            list.firstRow = list.clampFirstRow(list.firstRow + step)
            list.focus = list.clampRow(focus + step)
            list.revealFocus()
        }
    }

    /// Applies `body` and reports what changed.
    private mutating func change(_ body: (inout LazyList) -> Void) -> LazyListDiff {
        let before = self
        body(&self)
        return LazyListDiff(from: before, to: self)
    }

    private func clampRow(_ row: Int) -> Int {
        min(max(0, row), max(0, rowCount - 1))
    }

    private func clampFirstRow(_ row: Int) -> Int {
        min(max(0, row), maxFirstRow)
    }

    /// Scrolls the minimum needed to show the focused row in full.
    private mutating func revealFocus() {
        guard let focus else { return }
        if focus < firstRow {
            firstRow = focus
        } else if focus >= firstRow + pageSize {
            firstRow = focus - pageSize + 1
        }
        firstRow = clampFirstRow(firstRow)
    }

    /// Moves the focus (not the view) into the fully visible rows.
    private mutating func keepFocusInView() {
        guard let focus else { return }
        let lastFull = min(rowCount - 1, firstRow + pageSize - 1)
        self.focus = min(max(focus, firstRow), lastFull)
    }
}
