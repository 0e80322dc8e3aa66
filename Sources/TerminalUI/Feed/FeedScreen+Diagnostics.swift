extension FeedScreen {
    /// The rows on screen now, and how many of them still show a placeholder (not started,
    /// queued or loading with no picture yet): what a user is waiting for. For benchmarks and
    /// diagnostics.
    public var visibleRowsWaiting: (waiting: Int, visible: Int) {
        let visible = list.visibleRows.clamped(to: rows.indices)
        return (visible.filter { rows[$0].model.showsPlaceholder }.count, visible.count)
    }
}
