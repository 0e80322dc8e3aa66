/// The numbers the status bar shows, as a plain value the event loop fills in.
public struct StatusMetrics: Hashable, Sendable {
    /// The feed being shown ("picsum 127.0.0.1:40123", a folder, a file).
    public var feedSource: String
    /// The focused row, zero-based (shown one-based), or `nil` for an empty list.
    public var focusedRow: Int?
    /// Rows in the feed so far.
    public var rowCount: Int
    /// Downloads running.
    public var inFlight: Int
    /// Requests waiting for a slot.
    public var queued: Int
    /// Requests cancelled so far.
    public var cancelled: Int
    /// Requests that joined an existing download.
    public var coalesced: Int
    /// Downloads resumed with a Range request.
    public var resumed: Int
    /// Memory-cache hits and lookups.
    public var memoryHits: Int
    /// Memory-cache lookups.
    public var memoryLookups: Int
    /// Disk-cache hits.
    public var diskHits: Int
    /// Disk-cache lookups.
    public var diskLookups: Int
    /// Bytes downloaded so far.
    public var bytesDownloaded: Int64
    /// How long the last frame took to render and flush.
    public var lastFrameTime: Duration?
    /// The picture backend and why it was chosen (`kitty (terminal answered)`), when one was chosen.
    public var graphics: String?
    /// Rule violations the semantics audit found (nil: no audit, `--audit` not given).
    public var violations: Int?
    /// The embedded server's network preset ("3g"), or "custom" after a knob changed; nil for other feeds.
    public var network: String?
    /// The link to the terminal as measured (`98 KB/s, rtt 240 ms`), nil when it is not.
    public var tty: String?
    /// Names read so far while the feed lists its index (a huge folder), nil when it is not listing.
    public var listedSoFar: Int?
    /// The list's sort and filter ("by size /beach"), nil in the feed's order.
    public var arrangement: String?
    /// A question, `G`'s progress or a recent note ("memory cache cleared"), shown first.
    public var message: String?
    /// The last failure of a file the run writes ("trace run.json: write failed: …"), nil when none failed.
    public var outputFailure: String?
    /// What is missing from the focused photo's picture ("60 % decoded"), nil when it is whole.
    public var focusedDamage: String?

    /// Creates metrics; counts default to zero.
    public init(
        feedSource: String, focusedRow: Int? = nil, rowCount: Int = 0, inFlight: Int = 0, queued: Int = 0,
        cancelled: Int = 0, coalesced: Int = 0, resumed: Int = 0, memoryHits: Int = 0, memoryLookups: Int = 0,
        diskHits: Int = 0, diskLookups: Int = 0, bytesDownloaded: Int64 = 0, lastFrameTime: Duration? = nil,
        graphics: String? = nil
    ) {
        self.feedSource = feedSource
        self.focusedRow = focusedRow
        self.rowCount = rowCount
        self.inFlight = inFlight
        self.queued = queued
        self.cancelled = cancelled
        self.coalesced = coalesced
        self.resumed = resumed
        self.memoryHits = memoryHits
        self.memoryLookups = memoryLookups
        self.diskHits = diskHits
        self.diskLookups = diskLookups
        self.bytesDownloaded = bytesDownloaded
        self.lastFrameTime = lastFrameTime
        self.graphics = graphics
    }
}
