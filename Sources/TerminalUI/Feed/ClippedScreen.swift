/// A screen that draws through to another one except inside a band of lines (where a panel
/// sits), and does not flush: the loop draws the panel on top, then flushes once.
final class ClippedScreen: Screen {
    let base: any Screen
    /// Lines left untouched.
    let hidden: Range<Int>

    init(base: any Screen, hidden: Range<Int>) {
        self.base = base
        self.hidden = hidden
    }

    var size: TerminalSize { base.size }
    var colorCapability: ColorCapability { base.colorCapability }
    var wakeups: AsyncStream<Void> { base.wakeups }

    func put(_ cells: some Collection<ScreenCell>, at point: CellPoint) {
        guard !hidden.contains(point.row) else { return }
        base.put(cells, at: point)
    }

    func clear(_ region: CellRect) {
        let top = region.origin.row
        let bottom = top + region.size.rows
        for line in top..<max(top, bottom) where !hidden.contains(line) {
            base.clear(CellRect(row: line, column: region.origin.column, rows: 1, columns: region.size.columns))
        }
    }

    func setCursorVisible(_ visible: Bool) { base.setCursorVisible(visible) }
    func flush() {}
    func readInput(timeout: Duration) -> InputEvent? { nil }
}
