import FeedSources
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
    private(set) var occurrences: [String: Int] = [:]
    /// Where paging stands.
    private(set) var pageState = PageLoadState.idle
    /// Pages received.
    private(set) var pagesLoaded = 0
    /// Names the source has read while it lists its index (nil when it is not listing).
    private(set) var listedSoFar: Int?
    /// Whether the rows are a listing step's provisional first page.
    private(set) var rowsAreProvisional = false
    /// The next load token.
    private(set) var nextToken = 1
    /// Low-data mode (`d`).
    private(set) var lowData = false
    /// Keys and clicks that came before the feed's first rows, in order.
    private(set) var heldInput: [InputEvent] = []
    /// Snapshot mode: when to stop.
    private(set) var settle: SettleCondition?
    /// Whether snapshot mode has scrolled yet.
    private(set) var settleScrolled = false

    /// A loading model for snapshot mode's `settle` (nil: an interactive run).
    init(settle: SettleCondition? = nil) {
        self.settle = settle
    }

    // MARK: Pages and listing

    /// Asks for a page by `trigger`: true when one is to be loaded.
    mutating func startPage(_ trigger: PageLoadState.Trigger) -> Bool { pageState.start(trigger) }

    /// A page failed for `reason`: the listing, if any, ended with it.
    mutating func pageFailed(_ reason: String) {
        pageState.fail(reason)
        listedSoFar = nil
    }

    /// Page `index` arrived (`hasMore`: the feed goes on); true when it replaces the listing's
    /// provisional rows.
    mutating func pageArrived(_ index: Int, hasMore: Bool) -> Bool {
        pagesLoaded = index
        pageState.receive(hasMore: hasMore)
        listedSoFar = nil
        defer { rowsAreProvisional = false }
        return rowsAreProvisional
    }

    /// A listing step: `filesSoFar` names read, more to come.
    mutating func listingProgressed(filesSoFar: Int) {
        listedSoFar = filesSoFar
        pageState.receive(hasMore: true)
    }

    /// The rows shown now are a listing step's, to be replaced by the first page.
    mutating func markRowsProvisional() { rowsAreProvisional = true }

    // MARK: Photos

    /// The key the next photo with `id` gets (the first is occurrence 0).
    mutating func nextKey(for id: String) -> PhotoKey {
        let occurrence = occurrences[id, default: 0]
        occurrences[id] = occurrence + 1
        return PhotoKey(id: id, occurrence: occurrence)
    }

    /// `photo` joins the feed under `key`, at the end of the feed's order or at `feedIndex`.
    mutating func add(_ photo: FeedPhoto, as key: PhotoKey, at feedIndex: Int? = nil) {
        items.append(photo, as: key, at: feedIndex)
    }

    /// The photo of `key` is now `photo` (its file changed).
    mutating func replacePhoto(of key: PhotoKey, with photo: FeedPhoto) {
        items.replacePhoto(of: key, with: photo)
    }

    /// The load of `key` is over and forgotten (its photo loads again from the start).
    mutating func forgetLoad(of key: PhotoKey) { items[key]?.load = nil }

    /// Photos that left the feed are forgotten, with their items.
    mutating func remove(_ keys: Set<PhotoKey>) { items.remove(keys) }

    /// A photo with `id` joined as occurrence 0: the next with that id is occurrence 1.
    mutating func noteFirstOccurrence(of id: String) {
        if occurrences[id, default: 0] == 0 { occurrences[id] = 1 }
    }

    /// Every photo forgotten (the feed starts again).
    mutating func forgetAllPhotos() {
        items = FeedItems()
        occurrences = [:]
    }

    /// `d`: low-data mode on or off; whether it is on now.
    mutating func toggleLowData() -> Bool {
        lowData.toggle()
        return lowData
    }

    // MARK: Input before the first rows

    /// Holds `input` until the feed has rows (at most `limit` of them).
    mutating func hold(_ input: InputEvent, limit: Int) {
        if heldInput.count < limit { heldInput.append(input) }
    }

    /// The held inputs, in order; none held any more.
    mutating func takeHeldInput() -> [InputEvent] {
        defer { heldInput.removeAll() }
        return heldInput
    }

    // MARK: Snapshot mode

    /// Snapshot mode: stop when `settle` says.
    mutating func settle(until settle: SettleCondition?) { self.settle = settle }

    /// Snapshot mode scrolls once: true the first time it is asked.
    mutating func scrollOnce() -> Bool {
        defer { settleScrolled = true }
        return !settleScrolled
    }

    /// The footer under the last row: the listing's progress while the source reads its index,
    /// else the paging state's.
    func footer(animationFrame: Int) -> FeedFooterRow.Kind? {
        if let listedSoFar { return .listing(files: listedSoFar, frame: animationFrame) }
        return pageState.footer(animationFrame: animationFrame, rowCount: items.count)
    }

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
