/// The paging state of a feed: which page comes next, whether one is in flight, whether it ended.
///
/// A pure state machine: the owning actor asks `beginLoad()` what to do, performs the fetch
/// outside, and reports back with `finish(count:)` or `fail()`.
struct FeedPaging: Sendable, Hashable {
    enum State: Sendable, Hashable {
        case idle(nextPage: Int)
        case loading(page: Int)
        case exhausted
    }

    enum BeginAction: Sendable, Hashable {
        /// Fetch this page, then call `finish` or `fail`.
        case fetch(page: Int)
        /// A fetch is in flight: wait for it instead of starting another.
        case joinInFlight
        /// The feed ended: return no photos.
        case returnEmpty
    }

    private(set) var state: State
    /// A page shorter than this ends the feed.
    let pageSize: Int

    init(firstPage: Int = 1, pageSize: Int) {
        state = .idle(nextPage: firstPage)
        self.pageSize = max(1, pageSize)
    }

    var hasMore: Bool { state != .exhausted }

    mutating func beginLoad() -> BeginAction {
        switch state {
        case .idle(let page):
            state = .loading(page: page)
            return .fetch(page: page)
        case .loading: return .joinInFlight
        case .exhausted: return .returnEmpty
        }
    }

    /// The page arrived with `count` photos; a short page ends the feed.
    mutating func finish(count: Int) {
        guard case .loading(let page) = state else { return }
        state = count < pageSize ? .exhausted : .idle(nextPage: page + 1)
    }

    /// The page failed: the next call tries the same page again.
    mutating func fail() {
        guard case .loading(let page) = state else { return }
        state = .idle(nextPage: page)
    }
}
