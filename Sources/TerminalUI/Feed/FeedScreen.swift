import BlockArt
public import FeedSources
import ImageCodecs
import ImageLoading

/// The feed viewer's one event loop: a lazy list of rows that load on appear, cancel on
/// disappear, and redraw only what changed.
///
/// Everything arrives on one loop-owned stream of ``LoopEvent``s: screen wake-ups, every
/// row loader's phases, the pipeline's events, feed pages, and animation ticks, which are
/// scheduled only while a placeholder is on screen. Between events the loop sleeps, so an
/// idle viewer uses no CPU. Not `Sendable`: it belongs to the task that runs it.
///
/// ```swift
/// let feed = FeedScreen(screen: screen, feed: source, feedName: "embedded", pipeline: LiveFeedPipeline(pipeline: pipeline))
/// let exit = await feed.run()
/// ```
public final class FeedScreen {
    /// When a snapshot stops waiting.
    public struct SettleCondition: Sendable {
        /// Rows to scroll before waiting.
        public var scroll: Int
        /// The longest wait for every visible row to settle.
        public var wait: Duration

        /// Creates a condition.
        public init(scroll: Int, wait: Duration) {
            self.scroll = scroll
            self.wait = wait
        }
    }

    let screen: any Screen
    let feed: any FeedSource
    let pipeline: any FeedPipelineProviding
    let network: (any NetworkControlling)?
    let clock: FeedClock
    let keyMap = KeyMap()
    var options: FeedViewerOptions
    var renderer: BlockArtRenderer
    var list: LazyList
    var planner: RowLoadPlanner
    var scheduler = FrameScheduler()
    var rows: [FeedRow] = []
    var metrics: StatusMetrics
    var feedName: String
    var lowData = false
    var showsHelp = false
    var showsEventLog = false
    var showsNetworkPanel = false
    var eventLog = PipelineEventLog()
    var detail: DetailState?
    var detailGeneration = 0
    var message: String?

    // Paging
    var pagesLoaded = 0
    var pageState = PageLoadState.idle

    // Loop plumbing
    let events: AsyncStream<LoopEvent>
    let continuation: AsyncStream<LoopEvent>.Continuation
    var background: [Task<Void, Never>] = []
    var timer: Task<Void, Never>?
    var timerDeadline: Duration?
    var exit: FeedExit?
    var settle: SettleCondition?
    var settleScrolled = false

    /// Creates a viewer; nothing happens until ``run(settling:)``.
    public init(
        screen: any Screen, feed: any FeedSource, feedName: String, pipeline: any FeedPipelineProviding,
        options: FeedViewerOptions = FeedViewerOptions(), network: (any NetworkControlling)? = nil,
        clock: FeedClock = .continuous()
    ) {
        self.screen = screen
        self.feed = feed
        self.pipeline = pipeline
        self.network = network
        self.clock = clock
        self.options = options
        self.renderer = BlockArtRenderer(options: options.art)
        let layout = RowLayout(thumbnail: options.thumbnail, width: screen.size.columns)
        self.list = LazyList(
            rowCount: 0, rowHeight: layout.rowHeight,
            viewportHeight: FeedFrame.viewportHeight(for: screen.size), prefetchDistance: options.prefetch)
        self.planner = RowLoadPlanner(policy: options.onDisappear)
        self.feedName = feedName
        self.metrics = StatusMetrics(feedSource: feedName)
        (events, continuation) = AsyncStream.makeStream(of: LoopEvent.self)
    }

    deinit {
        continuation.finish()
    }

    /// Runs until the user quits, a signal arrives, the feed cannot start, or (with `settling`)
    /// every visible row has loaded or failed; then cancels every load and returns why it ended.
    public func run(settling: SettleCondition? = nil) async -> FeedExit {
        settle = settling
        screen.setCursorVisible(false)
        startForwarders()
        if let settling {
            let (continuation, clock) = (self.continuation, self.clock)
            background.append(Task {
                try? await clock.sleep(settling.wait)
                continuation.yield(.deadline)
            })
        }
        requestNextPage()
        render()
        for await event in events {
            handle(event)
            if exit == nil { checkSettled() }
            if let exit {
                if exit == .settled { render() }
                shutDown()
                return exit
            }
            render()
            scheduleTick()
        }
        shutDown()
        return exit ?? .quit
    }

    /// The frame as it would be drawn now, for tests.
    var frame: FeedFrame {
        var status = metrics
        status.focusedRow = list.focus
        status.rowCount = rows.count
        if lowData { status.feedSource = feedName + " · low-data" }
        return FeedFrame(
            list: list, rows: Dictionary(uniqueKeysWithValues: list.visibleRows.map { ($0, rows[$0].model) }),
            status: status, thumbnail: options.thumbnail,
            options: RowRenderOptions(placeholder: options.placeholder, colors: options.colors, glyphs: options.glyphs),
            showsHelp: false)
    }

    // MARK: Events

    private func handle(_ event: LoopEvent) {
        switch event {
        case .input:
            while exit == nil, let input = screen.readInput(timeout: .zero) {
                handle(input)
            }
        case .phase(let row, let generation, let phase):
            receiveForwarded(phase, row: row, generation: generation)
        case .detailPhase(let generation, let phase):
            receiveDetail(phase, generation: generation)
        case .pipeline(let event):
            record(event)
        case .page(let result):
            receivePage(result)
        case .tick:
            timerDeadline = nil
        case .deadline:
            if settle != nil { exit = .settled }
        }
    }

    private func startForwarders() {
        let continuation = self.continuation
        let wakeups = screen.wakeups
        background.append(Task {
            for await _ in wakeups { continuation.yield(.input) }
        })
        let pipelineEvents = pipeline.events
        background.append(Task {
            for await event in pipelineEvents { continuation.yield(.pipeline(event)) }
        })
        // Input typed before the loop started (or scripted on a memory screen) is read at once.
        continuation.yield(.input)
    }

    private func scheduleTick() {
        let now = clock.now()
        let deadline = detail == nil ? scheduler.nextDeadline(after: now) : nil
        guard deadline != timerDeadline else { return }
        timer?.cancel()
        timerDeadline = deadline
        guard let deadline else {
            timer = nil
            return
        }
        let (continuation, clock) = (self.continuation, self.clock)
        timer = Task {
            do {
                try await clock.sleep(deadline - now)
            } catch {
                return
            }
            continuation.yield(.tick)
        }
    }

    private func shutDown() {
        timer?.cancel()
        for task in background { task.cancel() }
        background.removeAll()
        for index in rows.indices {
            rows[index].loader?.cancel()
            rows[index].forwarder?.cancel()
        }
        detail?.loader.cancel()
        detail?.forwarder?.cancel()
        continuation.finish()
    }

    // MARK: Drawing

    /// Draws what changed since the last frame.
    func render() {
        let now = clock.now()
        if let detail {
            if detail.needsRedraw {
                drawDetail()
                self.detail?.needsRedraw = false
            }
            return
        }
        guard let update = scheduler.takeFrame(at: now) else { return }
        let started = clock.now()
        let current = frame
        drawFrame(update, current)
        metrics.lastFrameTime = clock.now() - started
    }

    /// The snapshot is done when every visible row has settled.
    private func checkSettled() {
        guard let settle, pagesLoaded > 0 else { return }
        if !settleScrolled {
            settleScrolled = true
            if settle.scroll != 0 { apply(list.scroll(by: settle.scroll)) }
        }
        let visible = list.visibleRows
        let settled = visible.allSatisfy { row in
            switch rows[row].model.state {
            case .loaded, .failed: true
            default: false
            }
        }
        if settled && (!visible.isEmpty || pageState == .ended) { exit = .settled }
    }
}
