public import FeedSources
public import LoadSemantics
import ImageLoading
public import ImageCodecs
import TerminalGraphics
public import TerminalScreen
public import Vocabulary

/// Everything the viewer's screen depends on, as one value made of small ones: the list and
/// its order (``ListModel``), the photos' loads and the pages (``LoadingModel``), the pause and
/// the slideshow (``AnimationModel``), the panels (``PanelsModel``), the marks and what acts on
/// photos (``ActionsModel``), the status bar's own state (``StatusModel``), the detail view and
/// the options. ``FeedUpdate`` routes each message to the part it is for; what the screen can
/// derive (the status bar's ``metrics``, the animated photos) is computed, not kept.
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
    /// The renderer given at creation, used whatever the options say (tests).
    let givenPictures: (any PictureRenderer)?
    /// The screen the model is laid out for.
    public internal(set) var screenSize: CellSize
    /// The feed's name in the status bar.
    public internal(set) var feedName: String
    /// The time of the message being handled (since the viewer started): stamps log entries.
    public internal(set) var now: Duration = .zero
    /// The detail view, when open.
    var detail: DetailModel?
    /// The photo the compare view shows beside the detail view's (`V`), when open.
    var compared: DetailModel?
    /// The detail view's neighbours, loading or drawn ahead.
    var neighbours = NeighbourLoads()
    /// The list, its order, filter, sort and prompt.
    var listing: ListModel
    /// The photos' items, the pages, the tokens, low-data mode, held input, settling.
    var loading: LoadingModel
    /// The pause of every animation and the slideshow.
    var animation = AnimationModel()
    /// The panels and overlays.
    var panels: PanelsModel
    /// The marks, the question waiting for `y`, the saves and the Trash.
    var actions = ActionsModel()
    /// The message, the pipeline's counts, the audit's count, the output failures.
    var status: StatusModel
    /// The culling decisions and how their sidecars stand.
    var decisions = DecisionsModel()
    /// What the undo key takes back: decisions and the last Trash move, newest first.
    var undoHistory = UndoHistory()
    /// The culling filter (`--picks`, `F`) and its sidecars read ahead.
    var decisionFilter: DecisionFilterModel

    /// How items are arranged (from the options: one source of truth).
    public var layout: any ItemLayout { options.itemLayout }
    /// Draws the pictures: the renderer `options` describe (backend, symbols, cell size, sixel
    /// limit), so switching any of them is one change to the options; or the renderer a test gave.
    public var pictures: any PictureRenderer { givenPictures ?? options.pictureRenderer }
    /// What is waiting for a yes.
    public typealias Confirmation = FeedConfirmation
    /// How long the status bar shows a message.
    public static let messageDuration = Duration.seconds(4)

    /// The message the status bar shows now: a question waiting for its answer, `G`'s progress,
    /// or a recent note; nil when there is none.
    public var shownMessage: String? {
        status.shownMessage(
            at: now, holds: confirmation != nil || seekingEnd || prompt != nil, duration: Self.messageDuration)
    }

    /// A model with no photos yet, laid out for `screenSize`; `pictures` (tests) replaces the
    /// renderer the options describe.
    public init(
        options: FeedViewerOptions, feedName: String, screenSize: CellSize, shaping: ShapingKnobs? = nil,
        settle: SettleCondition? = nil, pictures: (any PictureRenderer)? = nil
    ) {
        self.options = options
        self.givenPictures = pictures
        self.screenSize = screenSize
        self.feedName = feedName
        self.panels = PanelsModel(shaping: shaping)
        self.loading = LoadingModel(settle: settle)
        self.status = StatusModel(audits: options.audits)
        let geometry = options.itemLayout.geometry(for: Self.viewport(for: screenSize))
        self.listing = ListModel(
            list: LazyList(
                lineHeight: geometry.lineHeight, columns: geometry.columns,
                viewportHeight: Self.viewport(for: screenSize).rows, prefetchDistance: options.prefetch),
            order: ListOrder(sort: options.sort, seed: options.sortSeed), readsAllPages: options.sort != nil)
        self.decisionFilter = DecisionFilterModel(filter: options.decisionFilter)
        listing.narrow(to: decisionFilter.shown)
        if let notice = options.notice {
            message = notice
            _ = panels.update(.log(row: nil, .note(notice)), now: .zero)
        }
    }

    /// The cells available to the items on a screen of `size`: all but the status bar.
    public static func viewport(for size: CellSize) -> CellSize {
        CellSize(columns: size.columns, rows: max(0, size.rows - 1))
    }

    // MARK: Reading

    /// The geometry of the current layout on the current screen.
    public var geometry: ItemGeometry { layout.geometry(for: Self.viewport(for: screenSize)) }

    /// The key of the photo at list position `index`.
    public func key(at index: Int) -> PhotoKey? { listing.key(at: index) }

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
    public var focusedKey: PhotoKey? { listing.focusedKey }

    /// The photo the detail view shows, when open.
    public var detailKey: PhotoKey? { detail?.key }

    /// The detail view's load token, when open.
    public var detailToken: LoadToken? { detail?.token }

    /// What the info panel shows now: the focused photo, and what was read of its file.
    public var infoSubject: InfoPanel.Subject? {
        guard let key = focusedKey, let photo = photo(key) else { return nil }
        var subject = panels.infoSubject(for: key, photo: photo)
        subject.damage = loading.damage(of: key)?.description
        if let decision = decision(of: key) {
            subject.decision = (decision.isEmpty ? "none" : decision.words) + (decisionFailure(of: key).map { " (not saved: \($0) R tries again)" } ?? "")
        }
        return subject
    }

    /// The keys of the visible items, in order.
    public var visibleKeys: [PhotoKey] { listing.visibleKeys }

    /// Whether the photo of `key` is on screen or in the prefetch window.
    func isWanted(_ key: PhotoKey) -> Bool { listing.isWanted(key) }

    /// The visible items, and how many still show a placeholder: what a user waits for.
    public var visibleRowsWaiting: (waiting: Int, visible: Int) {
        let visible = visibleKeys
        return (visible.filter { items[$0]?.showsPlaceholder ?? false }.count, visible.count)
    }

    /// Whether something on screen animates (a placeholder), so the runtime schedules ticks.
    public var isAnimating: Bool {
        guard detail == nil else { return false }
        if panels.showsMovingTimeline { return true }
        return visibleKeys.contains { items[$0]?.showsPlaceholder ?? false }
    }

    /// Whether the item of `key` shows a placeholder (loading, no picture yet).
    func showsPlaceholder(_ key: PhotoKey) -> Bool { items[key]?.showsPlaceholder ?? false }

    /// The pixel size to request for the photo of `key` in the item box.
    func pixelSize(for key: PhotoKey) -> PixelSize {
        pictures.pixelSize(forImage: items[key]?.photo.size, in: geometry.picture.size)
    }

    /// A fresh load token.
    mutating func makeToken() -> LoadToken { loading.makeToken() }

    /// Lines the open panel takes above the status bar (0 when none is open).
    public var panelHeight: Int {
        panels.height(available: Self.viewport(for: screenSize).rows, visibleItems: list.visibleItems.count)
    }

    /// The screen line of the footer after the last photo ("loading more…", a failed page, the
    /// end of the feed), or nil when it is off screen, under a panel, or there is none.
    public var footerLine: Int? {
        guard geometry.fits(screenSize), pageState != .idle, let last = keys.indices.last,
            let line = list.line(ofItem: last)
        else { return nil }
        let footer = line + list.lineHeight
        return footer < Self.viewport(for: screenSize).rows - panelHeight ? footer : nil
    }

    /// The footer under the last row: the listing's progress while the source reads its index,
    /// else the paging state's.
    public func footer(animationFrame: Int) -> FeedFooterRow.Kind? { loading.footer(animationFrame: animationFrame) }

    /// The status bar's line as the model stands (the frame's own time is the view's to add):
    /// computed when drawn, nothing of it kept apart.
    public var metrics: StatusMetrics {
        var metrics = status.metrics(
            feedSource: lowData ? feedName + " · low-data" : feedName, focusedRow: list.focus, rowCount: keys.count,
            graphics: graphicsSummary)
        metrics.network = shaping.map(NetworkPreset.label(for:))
        metrics.listedSoFar = listedSoFar
        let arrangement = [order.summary, decisionFilterSummary].compactMap(\.self)
        metrics.arrangement = arrangement.isEmpty ? nil : arrangement.joined(separator: " · ")
        metrics.message = shownMessage
        metrics.focusedDamage = focusedKey.flatMap { loading.damage(of: $0) }?.extent
        return metrics
    }

    /// The picture backend and why it is the one: the terminal's answer, or `i`'s choice.
    var graphicsSummary: String? {
        guard options.graphicsChosenByUser else { return options.graphicsReason }
        return "\(options.graphics == .blocks ? "blocks" : pictures.name) (i switches)"
    }

    // MARK: What moves with time

    /// When the runtime should next send a tick: the earliest of everything on screen that moves
    /// with time. A placeholder's next animation frame (by `timer`), an animation's next frame,
    /// a fading picture's next step, the slideshow's next photo, the network panel's next cache
    /// measurement; nil when nothing waits (the runtime then sleeps until input or a load's phase).
    ///
    /// ```swift
    /// let wake = model.nextTick(after: clock.now(), timer: AnimationTimer())   // nil when idle
    /// ```
    public func nextTick(after now: Duration, timer: AnimationTimer) -> Duration? {
        // The screen-reader mode draws no placeholder: only its timeline's times move.
        let animating = isAnimating && (!options.text || panels.showsMovingTimeline)
        return [
            timer.nextDeadline(after: now, animating: animating), nextAnimationDeadline.map { max($0, now) },
            nextSlide.map { max($0, now) }, nextCacheMeasure.map { max($0, now) }, nextFadeDeadline(after: now),
        ].compactMap(\.self).min()
    }

    /// The frame budget for the current picture backend.
    var animationBudget: AnimationBudget { options.graphics == .blocks ? .blockArt : .pixels }

    /// When the next animation frame is due (nil: none waits).
    public var nextAnimationDeadline: Duration? { loading.nextAnimationDeadline }

    /// The animations playing now.
    public var playingAnimations: Int { loading.playingAnimations }

    /// How the animation of `key` stands (tests, the event log).
    public func playback(of key: PhotoKey) -> AnimationPlayback? { items[key]?.playback }

    /// Whether pictures fade in at all with these options: a picture that replaces its
    /// placeholder after a load from the network or the disk fades in (``PictureFade``) when
    /// ``FeedViewerOptions/transition`` is `fade`, motion is allowed (``FeedViewerOptions/animation``
    /// is not `off`), colours are on, the picture is block art and the viewer is no snapshot
    /// (whose one frame must show the picture itself). A memory-cache hit, a reload at another
    /// size and a picture that follows a progressive preview appear at once. The items keep only
    /// the fade's start; ``FeedView`` blends at the frame's time.
    var fadesPictures: Bool {
        options.transition == .fade && options.animation != .off && options.colors && settle == nil
    }

    /// The fade of the picture of `key`, while it has one (tests).
    public func fade(of key: PhotoKey) -> PictureFade? { items[key]?.fade }

    /// When the next step of a fade on screen is due after `time` (nil: none is fading).
    public func nextFadeDeadline(after time: Duration) -> Duration? {
        guard detail == nil else { return nil }
        return loading.nextFadeDeadline(among: visibleKeys, after: time)
    }

    /// The picture of `item` as it shows at `time`: blended while it fades in.
    func shownPicture(_ picture: Picture, of item: FeedItem, at time: Duration) -> Picture {
        item.fade.map { $0.blend(picture, at: time) } ?? picture
    }

    // MARK: Records (the semantics audit and the trace; pure, the runtime stamps them)

    /// Where each wanted item is now: on screen or in the prefetch window.
    public var wantedPlaces: [PhotoKey: LoadRecord.Visibility] { listing.wantedPlaces }

    /// The records of `message` having been handled: the phase or pipeline event it carried, then
    /// every item whose place changed since `wantedBefore` (the places before the update).
    public func records(
        of message: FeedMessage, wantedBefore: [PhotoKey: LoadRecord.Visibility]
    ) -> [LoadRecord.Event] {
        LoadingModel.records(of: message, wantedBefore: wantedBefore, wantedAfter: wantedPlaces)
    }

    /// The record of an effect about to run (nil for effects that are not about a load).
    public func record(of effect: FeedEffect) -> LoadRecord.Event? {
        switch effect {
        case .prefetch(let key, let token, let request, _):
            let urls = [request.url, request.lowDataURL].compactMap { $0?.absoluteString }
            return .load(.ahead, id: token.value, urls: urls, priority: request.priority, label: "photo \(key), ahead")
        case .keepAhead(let key, let token, let request):
            let urls = [request.url, request.lowDataURL].compactMap { $0?.absoluteString }
            return .load(.ahead, id: token.value, urls: urls, priority: request.priority, label: "photo \(key), ahead (the detail view's load)")
        case .cancelPrefetch: return .cancel(.ahead)
        case .releasePrefetch: return .release(.ahead)
        case .adopt(let key, let token, let request, _):
            let urls = [request.url, request.lowDataURL].compactMap { $0?.absoluteString }
            return .load(.detail, id: token.value, urls: urls, priority: request.priority, label: "photo \(key), loaded ahead")
        default: return loading.record(of: effect, detailKey: detailKey)
        }
    }

    /// The list item whose picture a frame placed under `key` (``FeedView`` places a row's
    /// picture under its photo's key); nil for the detail view's and for keys of no item.
    public func pictureSlot(forKey key: String) -> LoadSlot? { listing.pictureSlot(forKey: key) }

    /// The record of a frame drawn from this model: the visible items it shows still loading
    /// (none while the detail view covers the list).
    public var frameRecord: LoadRecord.Event { loading.frameRecord(visible: detail == nil ? visibleKeys : nil) }
}
