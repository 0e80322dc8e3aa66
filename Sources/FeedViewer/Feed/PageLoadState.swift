/// Where the feed's paging stands: idle, a page in flight, the last page failed, or the feed ended.
///
/// Pure. The loop asks it before requesting a page and tells it what came back. Scrolling
/// near the end requests a page only from `idle`; after a failure nothing is requested
/// until the user retries, so scrolling to the end again does not hammer the source.
///
/// ```swift
/// var state = PageLoadState.idle
/// if state.start(.automatic) { requestPage() }   // now .loading
/// state.receive(hasMore: true)                   // .idle again
/// ```
public enum PageLoadState: Hashable, Sendable {
    /// No page in flight; the next one may be requested.
    case idle
    /// A page is in flight.
    case loading
    /// The last page failed with a reason; only a retry asks again.
    case failed(reason: String)
    /// The feed has no more pages.
    case ended

    /// Who asks for a page.
    public enum Trigger: Hashable, Sendable {
        /// The list came near the end (or the viewer started).
        case automatic
        /// The user asked to retry a failed page.
        case retry
    }

    /// Moves to `loading` and returns true when a page should be requested now: an automatic
    /// request only from `idle`, a retry only from `failed`.
    public mutating func start(_ trigger: Trigger) -> Bool {
        switch (self, trigger) {
        case (.idle, .automatic), (.failed, .retry):
            self = .loading
            return true
        default:
            return false
        }
    }

    /// A page arrived; `hasMore` false (or an empty page) ends the feed.
    public mutating func receive(hasMore: Bool) {
        self = hasMore ? .idle : .ended
    }

    /// The page failed.
    public mutating func fail(_ reason: String) {
        self = .failed(reason: reason)
    }

    /// Whether the last page failed (and waits for a retry).
    public var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }

    /// The footer row under the last photo, or nil when there is none (idle).
    public func footer(animationFrame: Int, rowCount: Int) -> FeedFooterRow.Kind? {
        switch self {
        case .idle: nil
        case .loading: .loadingMore(frame: animationFrame)
        case .failed(let reason): .pageFailed(reason)
        case .ended: .endOfFeed(count: rowCount)
        }
    }
}
