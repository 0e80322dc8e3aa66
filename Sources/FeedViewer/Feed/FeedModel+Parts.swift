public import TerminalScreen
public import Vocabulary
import FeedSources
public import ImageLoading

/// The sub-models' fields under the names the model's extensions, views and tests read. Each
/// is read-only here: a change names the sub-model that owns the field (`listing.list`,
/// `loading.items`, `panels.eventLog`).
extension FeedModel {
    /// The photos the list shows, in its order (a list position → the photo's key): the feed's
    /// order, or ``order``'s sort and filter.
    public var keys: [PhotoKey] { listing.keys }
    /// A listed photo's list position.
    var positions: [PhotoKey: Int] { listing.positions }
    /// The photo whose last load asked for a URL (labels the pipeline's events in the log).
    func photo(loading url: String) -> PhotoKey? { loading.photo(loading: url) }
    /// The photos with an animation (playing, paused or finished).
    var animatedKeys: Set<PhotoKey> { loading.animatedKeys }
    /// The last short message (also in the event log); setting it stamps it with ``now``.
    public internal(set) var message: String? {
        get { status.message }
        set { status.show(newValue, at: now) }
    }
    /// Scroll position, focus, viewport, prefetch window.
    public var list: LazyList { listing.list }
    /// The listed photos and their positions (set only by the list's `.arrange` and `.show`).
    var shown: ShownOrder { listing.shown }
    /// The sort and the filter.
    public var order: ListOrder { listing.order }
    /// The prompt reading keys at the bottom line (`/`, `O`), when one is open.
    public var prompt: FeedPrompt? { listing.prompt }
    /// Whether pages are read to the end for a sort (each page's photos go to their places).
    public var readsAllPages: Bool { listing.readsAllPages }
    /// Whether `G` is asking for pages until the feed ends.
    public var seekingEnd: Bool { listing.seekingEnd }
    /// Per photo: its state, picture and load (held only for photos that have any).
    var items: FeedItems { loading.items }
    /// Where paging stands.
    public var pageState: PageLoadState { loading.pageState }
    /// Pages received.
    public var pagesLoaded: Int { loading.pagesLoaded }
    /// Names the source has read while it lists its index (nil when it is not listing).
    public var listedSoFar: Int? { loading.listedSoFar }
    /// Whether the rows are a listing step's provisional first page.
    public var rowsAreProvisional: Bool { loading.rowsAreProvisional }
    /// Low-data mode (`d`).
    public var lowData: Bool { loading.lowData }
    /// Keys and clicks that came before the feed's first rows, in order (``holdsForRows(_:)``).
    public var heldInput: [InputEvent] { loading.heldInput }
    /// Snapshot mode: when to stop.
    var settle: SettleCondition? { loading.settle }
    /// Whether `a` paused every animation.
    public var animationsPaused: Bool { animation.paused }
    /// When the slideshow shows the next photo (nil: no slideshow).
    public var nextSlide: Duration? { animation.nextSlide }
    /// The open panel.
    var panel: FeedPanel? { panels.open }
    /// The help overlay (`?`).
    public var showsHelp: Bool { panels.showsHelp }
    /// The event log panel's entries.
    public var eventLog: PipelineEventLog { panels.eventLog }
    /// Each photo's load over the last seconds (the event log's timeline mode).
    public var timeline: LoadTimeline { panels.timeline }
    /// Whether the event log panel shows the timeline (`t`) instead of the entries.
    public var showsTimeline: Bool { panels.showsTimeline }
    /// The info panel's photo and what was read of it.
    var info: PhotoInfo? { panels.info }
    /// The embedded server's shaping, when the feed is the embedded server.
    public var shaping: ShapingKnobs? { panels.shaping }
    /// What the caches held when last measured (the network panel shows it against the limits).
    public var cacheUse: CacheSizes? { panels.cacheUse }
    /// When the open network panel measures the caches again (nil: the panel is closed).
    public var nextCacheMeasure: Duration? { panels.nextCacheMeasure }
    /// The marked photos (`t`): `y`, `s`, `o` and `D` act on them all when there are any.
    public var marks: Set<PhotoKey> { actions.marks }
    /// A deletion waiting for `y` (the question is the ``message``).
    public var confirmation: Confirmation? { actions.confirmation }
    /// The originals being saved (`s`) and how far each has come.
    public var saving: [PhotoKey: LoadProgress] { actions.saving }
    /// Photos whose files are being moved to the Trash (the folder's own report of their
    /// going is left to the Trash's outcome, which `z` needs).
    var trashing: Set<PhotoKey> { actions.trashing }
    /// The latest news for the screen-reader mode's bottom line: kept until there is more.
    public var announcement: String? { status.announcement }
}
