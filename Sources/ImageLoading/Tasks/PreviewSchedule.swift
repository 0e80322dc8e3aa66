/// When a download hands its bytes so far to a preview decode: only when a scan completed
/// since the last preview, and at most once per `interval` — the first one too, counted from
/// the start of the body, so a download that ends within `interval` (a fast link) never pays
/// for a preview it would replace at once.
///
/// Checked as chunks arrive (there is no timer): a scan that completes less than `interval`
/// after the last preview is shown with the first chunk after the interval. A resumed attempt
/// (`previewsAtOnce`) may preview its kept bytes immediately: they are what the row showed
/// before it went away. Pure: times are the body's elapsed time, given by the caller.
///
/// ```swift
/// var schedule = PreviewSchedule(interval: .milliseconds(250))
/// if schedule.shouldPreview(buffer, at: stopwatch()) { report(buffer) }
/// ```
struct PreviewSchedule: Sendable {
    /// The shortest time between two previews (and before the first).
    let interval: Duration
    private var counter = JPEGScanCounter()
    private var previewedScans = 0
    private var lastPreview: Duration?

    /// A schedule for a body starting at elapsed time zero.
    init(interval: Duration, previewsAtOnce: Bool = false) {
        self.interval = interval
        self.lastPreview = previewsAtOnce ? nil : .zero
    }

    /// False once the bytes cannot give previews (not a progressive JPEG, or complete).
    var isActive: Bool { counter.isTracking }

    /// Whether to decode a preview of `bytes` (all received so far), `elapsed` into the body.
    mutating func shouldPreview(_ bytes: [UInt8], at elapsed: Duration) -> Bool {
        guard counter.isTracking else { return false }
        let scans = counter.advance(over: bytes)
        // A complete file is the final decode's job, not a preview's.
        guard counter.isTracking, scans > previewedScans else { return false }
        if let lastPreview, elapsed - lastPreview < interval { return false }
        previewedScans = scans
        lastPreview = elapsed
        return true
    }
}

/// The time since it was made, on `clock` (the pipeline's: a manual clock in tests).
func stopwatch(on clock: some Clock<Duration>) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
}
