import FeedSources
public import ImageLoading

/// The sub-models' fields under the names the model's extensions, views and tests read: each
/// is its sub-model's, reached through the model (a read or an in-place change, no copy).
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
    /// ``listing``'s `list`.
    public internal(set) var list: LazyList {
        get { listing.list }
        _modify { yield &listing.list }
    }
    /// ``listing``'s `shown`.
    var shown: ShownOrder {
        get { listing.shown }
        _modify { yield &listing.shown }
    }
    /// ``listing``'s `order`.
    public internal(set) var order: ListOrder {
        get { listing.order }
        _modify { yield &listing.order }
    }
    /// ``listing``'s `prompt`.
    public internal(set) var prompt: FeedPrompt? {
        get { listing.prompt }
        _modify { yield &listing.prompt }
    }
    /// ``listing``'s `readsAllPages`.
    public internal(set) var readsAllPages: Bool {
        get { listing.readsAllPages }
        _modify { yield &listing.readsAllPages }
    }
    /// ``listing``'s `seekingEnd`.
    public internal(set) var seekingEnd: Bool {
        get { listing.seekingEnd }
        _modify { yield &listing.seekingEnd }
    }
    /// ``loading``'s `items`.
    var items: FeedItems {
        get { loading.items }
        _modify { yield &loading.items }
    }
    /// ``loading``'s `occurrences`.
    var occurrences: [String: Int] {
        get { loading.occurrences }
        _modify { yield &loading.occurrences }
    }
    /// ``loading``'s `pageState`.
    public internal(set) var pageState: PageLoadState {
        get { loading.pageState }
        _modify { yield &loading.pageState }
    }
    /// ``loading``'s `pagesLoaded`.
    public internal(set) var pagesLoaded: Int {
        get { loading.pagesLoaded }
        _modify { yield &loading.pagesLoaded }
    }
    /// ``loading``'s `listedSoFar`.
    public internal(set) var listedSoFar: Int? {
        get { loading.listedSoFar }
        _modify { yield &loading.listedSoFar }
    }
    /// ``loading``'s `rowsAreProvisional`.
    public internal(set) var rowsAreProvisional: Bool {
        get { loading.rowsAreProvisional }
        _modify { yield &loading.rowsAreProvisional }
    }
    /// ``loading``'s `aheadKey`.
    var aheadKey: PhotoKey? {
        get { loading.aheadKey }
        _modify { yield &loading.aheadKey }
    }
    /// ``loading``'s `lowData`.
    public internal(set) var lowData: Bool {
        get { loading.lowData }
        _modify { yield &loading.lowData }
    }
    /// ``loading``'s `heldInput`.
    public internal(set) var heldInput: [InputEvent] {
        get { loading.heldInput }
        _modify { yield &loading.heldInput }
    }
    /// ``loading``'s `settle`.
    var settle: SettleCondition? {
        get { loading.settle }
        _modify { yield &loading.settle }
    }
    /// ``loading``'s `settleScrolled`.
    var settleScrolled: Bool {
        get { loading.settleScrolled }
        _modify { yield &loading.settleScrolled }
    }
    /// ``animation``'s `paused`.
    public internal(set) var animationsPaused: Bool {
        get { animation.paused }
        _modify { yield &animation.paused }
    }
    /// ``animation``'s `nextSlide`.
    public internal(set) var nextSlide: Duration? {
        get { animation.nextSlide }
        _modify { yield &animation.nextSlide }
    }
    /// ``panels``'s `open`.
    var panel: FeedPanel? {
        get { panels.open }
        _modify { yield &panels.open }
    }
    /// ``panels``'s `showsHelp`.
    public internal(set) var showsHelp: Bool {
        get { panels.showsHelp }
        _modify { yield &panels.showsHelp }
    }
    /// ``panels``'s `eventLog`.
    public internal(set) var eventLog: PipelineEventLog {
        get { panels.eventLog }
        _modify { yield &panels.eventLog }
    }
    /// ``panels``'s `timeline`.
    public internal(set) var timeline: LoadTimeline {
        get { panels.timeline }
        _modify { yield &panels.timeline }
    }
    /// ``panels``'s `showsTimeline`.
    public internal(set) var showsTimeline: Bool {
        get { panels.showsTimeline }
        _modify { yield &panels.showsTimeline }
    }
    /// ``panels``'s `info`.
    var info: PhotoInfo? {
        get { panels.info }
        _modify { yield &panels.info }
    }
    /// ``panels``'s `shaping`.
    public internal(set) var shaping: ShapingKnobs? {
        get { panels.shaping }
        _modify { yield &panels.shaping }
    }
    /// ``panels``'s `changedKnob`.
    var changedKnob: ShapingKnobs.Knob? {
        get { panels.changedKnob }
        _modify { yield &panels.changedKnob }
    }
    /// ``panels``'s `changedPreset`.
    var changedPreset: NetworkPreset? {
        get { panels.changedPreset }
        _modify { yield &panels.changedPreset }
    }
    /// ``panels``'s `cacheUse`.
    public internal(set) var cacheUse: CacheSizes? {
        get { panels.cacheUse }
        _modify { yield &panels.cacheUse }
    }
    /// ``panels``'s `nextCacheMeasure`.
    public internal(set) var nextCacheMeasure: Duration? {
        get { panels.nextCacheMeasure }
        _modify { yield &panels.nextCacheMeasure }
    }
    /// ``panels``'s `clearingAsked`.
    var clearingAsked: Bool {
        get { panels.clearingAsked }
        _modify { yield &panels.clearingAsked }
    }
    /// ``actions``'s `marks`.
    public internal(set) var marks: Set<PhotoKey> {
        get { actions.marks }
        _modify { yield &actions.marks }
    }
    /// ``actions``'s `confirmation`.
    public internal(set) var confirmation: Confirmation? {
        get { actions.confirmation }
        _modify { yield &actions.confirmation }
    }
    /// ``actions``'s `saving`.
    public internal(set) var saving: [PhotoKey: LoadProgress] {
        get { actions.saving }
        _modify { yield &actions.saving }
    }
    /// ``actions``'s `lastTrashed`.
    var lastTrashed: [(key: PhotoKey, photo: FeedPhoto, index: Int, file: FreedesktopTrash.TrashedFile)] {
        get { actions.lastTrashed }
        _modify { yield &actions.lastTrashed }
    }
    /// ``actions``'s `trashing`.
    var trashing: Set<PhotoKey> {
        get { actions.trashing }
        _modify { yield &actions.trashing }
    }
    /// ``status``'s `announcement`.
    public internal(set) var announcement: String? {
        get { status.announcement }
        _modify { yield &status.announcement }
    }
}
