/// When a download hands its bytes so far to a preview decode: only when a scan completed
/// since the last preview, and at most once per `interval`.
///
/// Checked as chunks arrive (there is no timer): a scan that completes less than `interval`
/// after the last preview is shown with the first chunk after the interval. Pure; the
/// download owns one per attempt (a resumed attempt starts afresh and may preview its kept
/// bytes at once).
///
/// ```swift
/// var schedule = PreviewSchedule(interval: .milliseconds(250))
/// if schedule.shouldPreview(buffer, now: clock.now) { report(buffer) }
/// ```
struct PreviewSchedule: Sendable {
    /// The shortest time between two previews.
    let interval: Duration
    private var counter = JPEGScanCounter()
    private var previewedScans = 0
    private var lastPreview: ContinuousClock.Instant?

    init(interval: Duration) {
        self.interval = interval
    }

    /// False once the bytes cannot give previews (not a progressive JPEG, or complete).
    var isActive: Bool { counter.isTracking }

    /// Whether to decode a preview of `bytes` (all received so far) now.
    mutating func shouldPreview(_ bytes: [UInt8], now: ContinuousClock.Instant) -> Bool {
        guard counter.isTracking else { return false }
        let scans = counter.advance(over: bytes)
        // A complete file is the final decode's job, not a preview's.
        guard counter.isTracking, scans > previewedScans else { return false }
        if let lastPreview, now - lastPreview < interval { return false }
        previewedScans = scans
        lastPreview = now
        return true
    }
}
