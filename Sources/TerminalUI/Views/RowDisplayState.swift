/// What a row shows about its image, independent of the pipeline's types.
///
/// The event loop maps the loader's phase onto this; views only format it.
public enum RowDisplayState: Hashable, Sendable {
    /// Not started (the row has not been visible yet).
    case idle
    /// Downloading: bytes so far, total if known, and the offset a resumed download restarted from.
    case loading(completed: Int64, expected: Int64?, resumedFrom: Int64?)
    /// Shown: where it came from, its size in bytes, and how long it took.
    case loaded(source: LoadSource, bytes: Int64, duration: Duration)
    /// Failed, with a short human-readable reason ("HTTP 500", "timed out").
    case failed(reason: String)

    /// Where a loaded image came from.
    public enum LoadSource: Hashable, Sendable {
        /// The in-memory cache.
        case memory
        /// The on-disk cache.
        case disk
        /// The network, from the start.
        case network
        /// The network, resuming a partial download of `resumedFrom` bytes.
        case resumedNetwork(resumedFrom: Int64)
    }

    /// Whether the thumbnail box shows a placeholder (and so animates).
    public var showsPlaceholder: Bool {
        switch self {
        case .idle, .loading: true
        case .loaded, .failed: false
        }
    }

    /// The download progress as a fraction 0...1, when known.
    public var fractionCompleted: Double? {
        guard case .loading(let completed, let expected?, _) = self, expected > 0 else { return nil }
        return min(1, max(0, Double(completed) / Double(expected)))
    }
}
