import TerminalScreen
import Vocabulary
/// What the status bar says that the rest of the model does not hold: the last message and
/// when it came, the screen reader's latest news, the pipeline's counts, the audit's count and
/// the last failure of a file the run writes. The status bar's line itself is
/// ``FeedModel/metrics``, computed when drawn (``metrics(feedSource:focusedRow:rowCount:graphics:)``).
struct StatusModel: Sendable {
    /// The last short message (also in the event log).
    private(set) var message: String?
    /// The latest news for the screen-reader mode's bottom line: kept until there is more.
    private(set) var announcement: String?
    /// When the message was set.
    private(set) var messageTime: Duration = .zero
    /// The pipeline's counts, as last reported.
    private(set) var pipeline = PipelineStats()
    /// Rule violations the semantics audit found (nil: no audit).
    private(set) var violations: Int?
    /// The last failure of a file the run writes, nil when none failed.
    private(set) var outputFailure: String?

    /// A status bar that counts the audit's violations when `audits`, from zero.
    init(audits: Bool = false) {
        violations = audits ? 0 : nil
    }

    /// News for the screen reader's line alone (the message stays).
    mutating func announce(_ news: String) { announcement = news }

    /// The pipeline's counts, as it reported them.
    mutating func receive(_ stats: PipelineStats) { pipeline = stats }

    /// The audit found `count` more violations.
    mutating func countViolations(_ count: Int) { violations = (violations ?? 0) + count }

    /// A file the run writes failed: `text` says how (the latest failure).
    mutating func receiveOutputFailure(_ text: String) { outputFailure = text }

    /// Sets the message at `now`; a message is the screen reader's news too.
    mutating func show(_ text: String?, at now: Duration) {
        message = text
        messageTime = now
        if let text { announcement = text }
    }

    /// The status bar's line with the pipeline's counts, the audit's and the run's files' own:
    /// the feed's name, the focused row and the rows, and the picture backend come from the rest.
    func metrics(feedSource: String, focusedRow: Int?, rowCount: Int, graphics: String?) -> StatusMetrics {
        let counters = pipeline.counters
        var metrics = StatusMetrics(
            feedSource: feedSource, focusedRow: focusedRow, rowCount: rowCount,
            inFlight: pipeline.running, queued: pipeline.waiting, cancelled: counters.cancelled,
            coalesced: counters.coalesced, resumed: counters.resumed, memoryHits: counters.memoryHits,
            memoryLookups: counters.tasksStarted, diskHits: counters.diskHits,
            diskLookups: counters.diskHits + counters.queued, bytesDownloaded: Int64(counters.bytesReceived),
            graphics: graphics)
        metrics.violations = violations
        metrics.outputFailure = outputFailure
        return metrics
    }

    /// The message to show at `now`: always while `holds` (a question, a prompt, `G`'s
    /// progress), else for `duration` after it came.
    func shownMessage(at now: Duration, holds: Bool, duration: Duration) -> String? {
        guard let message else { return nil }
        if holds { return message }
        return now - messageTime < duration ? message : nil
    }
}
