/// The status bar's numbers, computed from the model when drawn: nothing of it is kept apart.
extension FeedModel {
    /// The status bar's line as the model stands (the frame's own time is the view's to add).
    public var metrics: StatusMetrics {
        let counters = status.pipeline.counters
        var metrics = StatusMetrics(
            feedSource: lowData ? feedName + " · low-data" : feedName, focusedRow: list.focus, rowCount: keys.count,
            inFlight: status.pipeline.running, queued: status.pipeline.waiting, cancelled: counters.cancelled,
            coalesced: counters.coalesced, resumed: counters.resumed, memoryHits: counters.memoryHits,
            memoryLookups: counters.tasksStarted, diskHits: counters.diskHits,
            diskLookups: counters.diskHits + counters.queued, bytesDownloaded: Int64(counters.bytesReceived),
            graphics: graphicsSummary)
        metrics.violations = status.violations
        metrics.network = shaping.map(NetworkPreset.label(for:))
        metrics.listedSoFar = listedSoFar
        metrics.arrangement = order.summary
        metrics.message = shownMessage
        metrics.outputFailure = status.outputFailure
        return metrics
    }

    /// The picture backend and why it is the one: the terminal's answer, or `i`'s choice.
    var graphicsSummary: String? {
        guard options.graphicsChosenByUser else { return options.graphicsReason }
        return "\(options.graphics == .blocks ? "blocks" : pictures.name) (i switches)"
    }
}
