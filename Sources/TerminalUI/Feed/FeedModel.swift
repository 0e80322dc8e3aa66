public import FeedSources
public import ImageLoading
public import ImageCodecs
public import TerminalGraphics
public import Vocabulary

/// Everything the viewer's screen depends on, as one value: the lazy list, every photo's
/// state, paging, panels and overlays, the detail view, low-data mode and the options.
///
/// No loaders, tasks, clocks or screen live here: ``FeedUpdate/update(_:_:now:)`` changes
/// the model and returns ``FeedEffect``s for the runtime to run, and ``FeedView`` draws it.
///
/// ```swift
/// var model = FeedModel(options: options, feedName: "embedded", screenSize: size)
/// let effects = FeedUpdate.update(&model, .start, now: .zero)   // [.loadPage]
/// let frame = FeedView.frame(of: model, context: FeedView.Context(animationFrame: 0))
/// ```
public struct FeedModel: Sendable {
    /// How the viewer looks and loads.
    public internal(set) var options: FeedViewerOptions
    /// How items are arranged (from the options: one source of truth).
    public var layout: any ItemLayout { options.itemLayout }
    /// Draws the pictures: the renderer `options` describe (backend, symbols, cell size, sixel
    /// limit), so switching any of them is one change to the options; or the renderer a test gave.
    public var pictures: any PictureRenderer { givenPictures ?? options.pictureRenderer }
    /// The renderer given at creation, used whatever the options say (tests).
    private let givenPictures: (any PictureRenderer)?
    /// The screen the model is laid out for.
    public internal(set) var screenSize: TerminalSize
    /// Scroll position, focus, viewport, prefetch window.
    public internal(set) var list: LazyList
    /// The photos the list shows, in its order (a list position → the photo's key): the feed's
    /// order, or ``order``'s sort and filter.
    public var keys: [PhotoKey] { shown.keys }
    /// A listed photo's list position.
    var positions: [PhotoKey: Int] { shown.positions }
    /// The listed photos and their positions (set only by `setKeys(_:focus:)`).
    var shown = ShownOrder()
    /// The sort and the filter.
    public internal(set) var order = ListOrder()
    /// The prompt reading keys at the bottom line (`/`, `O`), when one is open.
    public internal(set) var prompt: FeedPrompt?
    /// Whether pages are read to the end for a sort (each page's photos go to their places).
    public internal(set) var readsAllPages = false
    /// Per photo: its state, picture and load (held only for photos that have any).
    var items = FeedItems()
    /// Photos seen per source id (to tell repeated ids apart).
    var occurrences: [String: Int] = [:]
    /// The photo whose last load asked for a URL (labels the pipeline's events in the log).
    func photo(loading url: String) -> PhotoKey? { items.key(loading: url) }
    /// Where paging stands.
    public internal(set) var pageState = PageLoadState.idle
    /// Pages received.
    public internal(set) var pagesLoaded = 0
    /// Names the source has read while it lists its index (nil when it is not listing).
    public internal(set) var listedSoFar: Int?
    /// Whether the rows are a listing step's provisional first page.
    public internal(set) var rowsAreProvisional = false
    /// Whether `G` is asking for pages until the feed ends.
    public internal(set) var seekingEnd = false
    /// The feed's name in the status bar.
    public internal(set) var feedName: String
    /// The status bar's numbers.
    public internal(set) var metrics: StatusMetrics
    /// Low-data mode (`d`).
    public internal(set) var lowData = false
    /// The help overlay (`?`).
    public internal(set) var showsHelp = false
    /// The open panel.
    var panel: FeedPanel?
    /// The event log panel's entries.
    public internal(set) var eventLog = PipelineEventLog()
    /// Each photo's load over the last seconds (the event log's timeline mode).
    public internal(set) var timeline = LoadTimeline()
    /// Whether the event log panel shows the timeline (`t`) instead of the entries.
    public internal(set) var showsTimeline = false
    /// The detail view, when open.
    var detail: DetailModel?
    /// The photo the `.ahead` slot loads for the detail view (nil: none).
    var aheadKey: PhotoKey?
    /// The last short message (also in the event log).
    public internal(set) var message: String? {
        didSet { messageTime = now; if let message { announcement = message } }
    }
    /// The latest news for the screen-reader mode's bottom line: kept until there is more.
    public internal(set) var announcement: String?
    /// When the message was set (the status bar shows it for ``messageDuration``, a question
    /// and `G`'s progress until they are answered or done).
    public internal(set) var messageTime: Duration = .zero
    /// How long the status bar shows a message.
    public static let messageDuration = Duration.seconds(4)

    /// The message the status bar shows now: a question waiting for its answer, `G`'s progress,
    /// or a recent note; nil when there is none.
    public var shownMessage: String? {
        guard let message else { return nil }
        if confirmation != nil || seekingEnd || prompt != nil { return message }
        return now - messageTime < Self.messageDuration ? message : nil
    }
    /// A deletion waiting for `y` (the question is the ``message``).
    public internal(set) var confirmation: Confirmation?
    /// The embedded server's shaping, when the feed is the embedded server.
    public internal(set) var shaping: ShapingKnobs?
    /// Snapshot mode: when to stop.
    var settle: SettleCondition?
    /// Whether snapshot mode has scrolled yet.
    var settleScrolled = false
    /// The next load token.
    var nextToken = 1
    /// The network knob last changed from the panel (named when the new shaping arrives).
    var changedKnob: ShapingKnobs.Knob?
    /// The network preset last picked in the panel (named when the new shaping arrives).
    var changedPreset: NetworkPreset?
    /// The photos with an animation (playing, paused or finished).
    var animatedKeys: Set<PhotoKey> = []
    /// When the slideshow shows the next photo (nil: no slideshow).
    public internal(set) var nextSlide: Duration?
    /// What the caches held when last measured (the network panel shows it against the limits).
    public internal(set) var cacheUse: CacheSizes?
    /// When the open network panel measures the caches again (nil: the panel is closed).
    public internal(set) var nextCacheMeasure: Duration?
    /// Whether `C` asked for the measurement on its way (its answer asks whether to clear).
    var clearingAsked = false
    /// The originals being saved (`s`) and how far each has come.
    public internal(set) var saving: [PhotoKey: LoadProgress] = [:]
    /// The marked photos (`t`): `y`, `s`, `o` and `D` act on them all when there are any.
    public internal(set) var marks: Set<PhotoKey> = []
    /// What the last `D` moved to the Trash, for `u`: each photo's key, the photo, its place in
    /// the feed's order, its file.
    var lastTrashed: [(key: PhotoKey, photo: FeedPhoto, index: Int, file: FreedesktopTrash.TrashedFile)] = []
    /// Photos whose files are being moved to the Trash (the folder's own report of their
    /// going is left to the Trash's outcome, which `u` needs).
    var trashing: Set<PhotoKey> = []
    /// The info panel's photo and what was read of it.
    var info: PhotoInfo?
    /// Whether `a` paused every animation.
    public internal(set) var animationsPaused = false
    /// The time of the message being handled (since the viewer started): stamps log entries.
    public internal(set) var now: Duration = .zero
    /// Keys and clicks that came before the feed's first rows, in order (``holdsForRows(_:)``).
    public internal(set) var heldInput: [InputEvent] = []

    /// A model with no photos yet, laid out for `screenSize`; `pictures` (tests) replaces the
    /// renderer the options describe.
    public init(
        options: FeedViewerOptions, feedName: String, screenSize: TerminalSize, shaping: ShapingKnobs? = nil,
        settle: SettleCondition? = nil, pictures: (any PictureRenderer)? = nil
    ) {
        self.options = options
        self.givenPictures = pictures
        self.screenSize = screenSize
        self.feedName = feedName
        self.metrics = StatusMetrics(feedSource: feedName, graphics: options.graphicsReason)
        metrics.violations = options.audits ? 0 : nil
        metrics.network = shaping.map(NetworkPreset.label(for:))
        self.shaping = shaping
        self.settle = settle
        self.order = ListOrder(sort: options.sort, seed: options.sortSeed)
        self.readsAllPages = options.sort != nil
        let geometry = options.itemLayout.geometry(for: Self.viewport(for: screenSize))
        if let notice = options.notice {
            message = notice
            eventLog.append(time: .zero, row: nil, .note(notice))
        }
        self.list = LazyList(
            lineHeight: geometry.lineHeight, columns: geometry.columns, viewportHeight: Self.viewport(for: screenSize).rows,
            prefetchDistance: options.prefetch)
    }

    /// The cells available to the items on a screen of `size`: all but the status bar.
    public static func viewport(for size: TerminalSize) -> TerminalSize {
        TerminalSize(rows: max(0, size.rows - 1), columns: size.columns)
    }

    // MARK: Reading

    /// The geometry of the current layout on the current screen.
    public var geometry: ItemGeometry { layout.geometry(for: Self.viewport(for: screenSize)) }

    /// The key of the photo at list position `index`.
    public func key(at index: Int) -> PhotoKey? {
        keys.indices.contains(index) ? keys[index] : nil
    }

    /// The photo with `key`.
    public func photo(_ key: PhotoKey) -> FeedPhoto? { items[key]?.photo }

    /// What the item of `key` shows about its load.
    public func state(of key: PhotoKey) -> RowDisplayState? { items[key]?.state }

    /// The picture the item of `key` shows.
    public func picture(of key: PhotoKey) -> Picture? { items[key]?.picture }

    /// The decoded image the item of `key` keeps.
    public func bitmap(of key: PhotoKey) -> Bitmap? { items[key]?.bitmap }

    /// The pixel size the current load of `key` asked for.
    public func requestedPixels(of key: PhotoKey) -> PixelSize? { items[key]?.load?.pixels }

    /// The token of the current load of `key`.
    public func loadToken(of key: PhotoKey) -> LoadToken? { items[key]?.load?.token }

    /// The focused photo.
    public var focusedKey: PhotoKey? { list.focus.flatMap(key(at:)) }

    /// The photo the detail view shows, when open.
    public var detailKey: PhotoKey? { detail?.key }

    /// The detail view's load token, when open.
    public var detailToken: LoadToken? { detail?.token }

    /// The keys of the visible items, in order.
    public var visibleKeys: [PhotoKey] { list.visibleItems.compactMap(key(at:)) }

    /// Whether the photo of `key` is on screen or in the prefetch window.
    func isWanted(_ key: PhotoKey) -> Bool {
        guard let index = positions[key] else { return false }
        return list.visibleItems.contains(index) || list.prefetchItems.contains(index)
    }

    /// The visible items, and how many still show a placeholder: what a user waits for.
    public var visibleRowsWaiting: (waiting: Int, visible: Int) {
        let visible = visibleKeys
        return (visible.filter { items[$0]?.showsPlaceholder ?? false }.count, visible.count)
    }

    /// Whether something on screen animates (a placeholder), so the runtime schedules ticks.
    public var isAnimating: Bool {
        guard detail == nil else { return false }
        if panel == .eventLog, showsTimeline { return true }
        return visibleKeys.contains { items[$0]?.showsPlaceholder ?? false }
    }

    /// Whether the item of `key` shows a placeholder (loading, no picture yet).
    func showsPlaceholder(_ key: PhotoKey) -> Bool { items[key]?.showsPlaceholder ?? false }

    /// The pixel size to request for the photo of `key` in the item box.
    func pixelSize(for key: PhotoKey) -> PixelSize {
        pictures.pixelSize(forImage: items[key]?.photo.size, in: geometry.picture.size)
    }

    /// A fresh load token.
    mutating func makeToken() -> LoadToken {
        defer { nextToken += 1 }
        return LoadToken(nextToken)
    }
}
