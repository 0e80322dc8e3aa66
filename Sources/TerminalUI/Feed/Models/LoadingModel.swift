import TerminalScreen
import Vocabulary
/// What the feed has loaded and is loading: every photo's item, the pages, the listing of a
/// big folder, the load tokens, low-data mode, the input held until the first rows, and
/// snapshot mode's settling.
///
/// ```swift
/// var loading = LoadingModel(settle: nil)
/// let token = loading.makeToken()
/// loading.items[key]?.state   // .idle for a photo never loaded
/// ```
struct LoadingModel: Sendable {
    /// Per photo: its state, picture and load (held only for photos that have any).
    var items = FeedItems()
    /// Photos seen per source id (to tell repeated ids apart).
    var occurrences: [String: Int] = [:]
    /// Where paging stands.
    var pageState = PageLoadState.idle
    /// Pages received.
    var pagesLoaded = 0
    /// Names the source has read while it lists its index (nil when it is not listing).
    var listedSoFar: Int?
    /// Whether the rows are a listing step's provisional first page.
    var rowsAreProvisional = false
    /// The next load token.
    var nextToken = 1
    /// The photo the `.ahead` slot loads for the detail view (nil: none).
    var aheadKey: PhotoKey?
    /// Low-data mode (`d`).
    var lowData = false
    /// Keys and clicks that came before the feed's first rows, in order.
    var heldInput: [InputEvent] = []
    /// Snapshot mode: when to stop.
    var settle: SettleCondition?
    /// Whether snapshot mode has scrolled yet.
    var settleScrolled = false

    /// The photos with an animation (playing, paused or finished): the items' own index.
    var animatedKeys: Set<PhotoKey> { items.animatedKeys }

    /// The photo whose last load asked for a URL (labels the pipeline's events in the log).
    func photo(loading url: String) -> PhotoKey? { items.key(loading: url) }

    /// A fresh load token.
    mutating func makeToken() -> LoadToken {
        defer { nextToken += 1 }
        return LoadToken(nextToken)
    }

    /// Whether every one of `keys` settled (loaded or failed).
    func allSettled(_ keys: [PhotoKey]) -> Bool {
        keys.allSatisfy { key in
            switch items[key]?.state {
            case .loaded?, .failed?: true
            default: false
            }
        }
    }
}
