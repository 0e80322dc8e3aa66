public import FeedSources
import ImageLoading
public import LoadSemantics
public import Sidecars
public import TerminalScreen
import Vocabulary

/// The viewer's one reference type: owns the screen, the loaders and the tasks; runs the
/// model's effects, turns their results into messages, and draws each new frame.
///
/// Every message goes through ``FeedUpdate/update(_:_:now:)``; the effects it returns are run
/// here, in order. Results come back through one ``Mailbox``: screen wake-ups, every loader's
/// phases (tagged with the load token), the pipeline's events, feed pages, animation ticks
/// (scheduled only while a placeholder, an animation or a picture's fade is on screen) and the
/// snapshot deadline. After each
/// batch the runtime draws ``FeedView`` and hands the screen only what changed, at most once a
/// ``frameInterval`` (a batch that comes sooner is drawn with the next frame). Between
/// batches it sleeps, so an idle viewer uses no CPU. Not `Sendable`: it belongs to the task
/// that runs it.
///
/// ```swift
/// let runtime = FeedRuntime(screen: screen, feed: source, feedName: "embedded", pipeline: LiveFeedPipeline(pipeline: pipeline))
/// let exit = await runtime.run()
/// ```
public final class FeedRuntime {
    /// What arrives in the mailbox.
    enum Delivery: Sendable {
        /// Input may be ready on the screen: drain it.
        case wake
        /// A message that needs nothing added.
        case message(FeedMessage)
        /// A pipeline event (its counters are sampled when it is handled).
        case pipeline(ImagePipeline.Event)
        /// A frame put off by ``FeedRuntime/frameInterval`` is due.
        case frame
    }

    /// A slot's live loader and the task forwarding its phases.
    struct LiveLoad {
        var loader: any RowLoading
        var forwarder: Task<Void, Never>
    }

    /// A photo's animation player, the token the model named it by, and its frame being decoded.
    struct LivePlayer {
        var token: LoadToken
        var player: AnimationPlayer
        var decoding: Task<Void, Never>?
    }

    /// The model as of the last message.
    public internal(set) var model: FeedModel
    /// Called after each frame with how long it took to build, diff and write (benchmarks).
    public var frameObserver: ((Duration) -> Void)?

    let screen: any Screen
    let feed: any FeedSource
    let pipeline: any FeedPipelineProviding
    let network: (any NetworkControlling)?
    let clock: FeedClock
    /// Where `D` moves files (the freedesktop.org Trash of the user's environment).
    let trash: FreedesktopTrash
    /// Where the culling decisions are read and written (the photos' XMP sidecars).
    let sidecars: any SidecarStoring
    let timer = AnimationTimer()
    let mailbox = Mailbox()
    var loads: [LoadSlot: LiveLoad] = [:]
    /// The loads ahead of the detail view, by photo (both its neighbours may load at once).
    var prefetches: [PhotoKey: LiveLoad] = [:]
    /// Loads ahead asked for and not started yet: they start once the frame is written, never
    /// taking the processor from the frame the key asked for (`feedbench --scenario cull`).
    var aheadAfterFrame: [(key: PhotoKey, token: LoadToken, request: ImageRequest, lowData: Bool)] = []
    var players: [PhotoKey: LivePlayer] = [:]
    var background: [Task<Void, Never>] = []
    /// Forwarders of replaced, cancelled or released loads: cancelled, awaited by ``stop()``.
    var retired: [Task<Void, Never>] = []
    /// Page loads and cache clearing: cancelled by ``stop()`` but not awaited (they post into
    /// a finished mailbox, or finish their file work, on their own).
    var work: [Task<Void, Never>] = []
    /// Sidecar writes: awaited, never cancelled, by ``stop()`` (a decision made is written).
    var writes: [Task<Void, Never>] = []
    var tick: Task<Void, Never>?
    var tickDeadline: Duration?
    /// The shortest time between two frames (zero: a frame after every batch of messages).
    public var frameInterval: Duration { pacer.interval }
    /// When frames are drawn.
    var pacer: FramePacer
    /// The timer of a frame put off by ``frameInterval`` (nil when none is armed, and once it
    /// went off: a frame still due with no timer is the one it armed for).
    var pendingFrame: Task<Void, Never>?
    var previousFrame: Frame?
    /// The frame before the previous one: its storage is drawn into next.
    var spareFrame: Frame?
    var lastFrameTime: Duration?
    /// Audits the run and writes its trace, when asked for (`--audit`, `--trace`).
    let recorder: LoadRecorder?
    /// Violations the recorder found that the model has not been told of yet.
    var foundViolations: [Violation] = []
    /// Whether the model has been told that the trace stopped.
    var reportedTraceFailure = false
    /// Failures of other files the run writes (the server's request log), in words.
    let outputFailures: AsyncStream<String>?
    /// Messages from outside the viewer (a watched folder's changes), nil when there are none.
    let messages: AsyncStream<FeedMessage>?
    /// Messages effects gave back while ``send(_:)`` was running their message's effects.
    var queued: [FeedMessage] = []
    /// Whether ``send(_:)`` is running (a send from inside it only queues).
    var isSending = false
    /// The link's rate last told the model.
    var reportedLinkRate: Double?
    /// The decisions that could not be written as the viewer stopped, in words (the command
    /// line prints them once the terminal is given back).
    public internal(set) var unsavedDecisionFailures: [String] = []
    /// Set by the first `.quit` effect.
    public internal(set) var exit: FeedExit?

    /// Creates a viewer; nothing happens until ``run(settling:)``. `outputFailures` are shown in
    /// the status bar as they arrive (a file the run writes failed).
    ///
    /// `frameInterval`: the shortest time between frames. While rows arrive, a batch of
    /// messages comes every millisecond or so, and a frame after each would keep a core busy drawing
    /// what no terminal shows;
    /// with ``displayFrameInterval`` a frame that comes sooner than that after the last is put
    /// off until then, and one frame shows every message that came in between. Zero (the
    /// default, for tests on a frozen clock) draws after every batch. The settled frame of a
    /// snapshot is drawn at once. `FeedRuntimeTests` (a paced run draws its start and its
    /// settled frame and nothing between) checks the pacing.
    public init(
        screen: any Screen, feed: any FeedSource, feedName: String, pipeline: any FeedPipelineProviding,
        options: FeedViewerOptions = FeedViewerOptions(), network: (any NetworkControlling)? = nil,
        clock: FeedClock = .continuous(), recorder: LoadRecorder? = nil, outputFailures: AsyncStream<String>? = nil,
        trash: FreedesktopTrash = FreedesktopTrash(), messages: AsyncStream<FeedMessage>? = nil,
        frameInterval: Duration = .zero, sidecars: any SidecarStoring = SidecarStore()
    ) {
        self.sidecars = sidecars
        self.pacer = FramePacer(interval: frameInterval)
        self.messages = messages
        self.trash = trash
        self.recorder = recorder
        self.outputFailures = outputFailures
        self.screen = screen
        self.feed = feed
        self.pipeline = pipeline
        self.network = network
        self.clock = clock
        self.model = FeedModel(options: options, feedName: feedName, screenSize: screen.size, shaping: network?.knobs)
    }

    deinit {
        mailbox.finish()
    }

    /// Runs until the user quits, a signal arrives, the feed cannot start, or (with `settling`)
    /// every visible item has loaded or failed; then cancels every load and says why it ended.
    public func run(settling: SettleCondition? = nil) async -> FeedExit {
        model.loading.settle(until: settling)
        screen.setCursorVisible(false)
        startForwarders()
        if let settling {
            let (mailbox, clock) = (self.mailbox, self.clock)
            background.append(Task {
                try? await clock.sleep(settling.wait)
                mailbox.post(.message(.deadline))
            })
        }
        send(.start)
        render()
        while exit == nil, let batch = await mailbox.next() {
            for delivery in batch where exit == nil {
                handle(delivery)
            }
            flushRecording()
            if exit == .settled {
                render()
            } else if exit == nil {
                renderOrPutOff()
                scheduleTick()
            }
        }
        await stop()
        recorder?.finish(at: clock.now(), settled: exit == .settled)
        return exit ?? .quit
    }

    /// Applies a message to the model and runs the effects it returns (nothing after a quit).
    ///
    /// A message an effect gives back at once (a memory-cache hit settled inside its load, the
    /// shaping now in force) is queued, not sent from inside that effect: it is handled after
    /// every effect of the message before it, before the frame is drawn (so a memory hit
    /// still shows in the frame of its item's appearance), and not at all after a quit.
    public func send(_ message: FeedMessage) {
        queued.append(message)
        guard !isSending else { return }
        isSending = true
        defer { isSending = false }
        while exit == nil, !queued.isEmpty {
            let next = queued.removeFirst()
            let wanted = recorder == nil ? [:] : model.wantedPlaces
            let effects = FeedUpdate.update(&model, next, now: clock.now())
            if recorder != nil { record(next, wantedBefore: wanted) }
            for effect in effects {
                if recorder != nil { record(effect) }
                perform(effect)
            }
        }
        queued.removeAll()
    }

    /// Tells the model the link's rate once several answers measured it, and again when it
    /// changed by a quarter (the model draws block art over a link too slow for pictures).
    func reportLink() {
        guard let reading = screen.linkReading, reading.samples >= 3, let rate = reading.rate else { return }
        if let reported = reportedLinkRate, abs(rate / reported - 1) < 0.25 { return }
        reportedLinkRate = rate
        mailbox.post(.message(.linkMeasured(rate)))
    }

    /// A display's refresh, 60 frames a second: the ``frameInterval`` the viewer runs with.
    public static let displayFrameInterval = Duration.milliseconds(16)

    /// Draws a frame now, or, when the last one began less than ``frameInterval`` ago, once
    /// that much time has passed (one frame for every batch that comes until then).
    func renderOrPutOff() {
        let now = clock.now()
        let fired = pacer.due != nil && pendingFrame == nil
        switch fired ? pacer.timerFired(at: now) : pacer.ask(at: now) {
        case .draw:
            pendingFrame?.cancel()
            pendingFrame = nil
            drawFrame()
        case .wait(let until):
            pendingFrame?.cancel()
            pendingFrame = post(.frame, after: until - now)
        case .joined:
            break
        }
    }

    /// Draws the model and writes what changed since the last frame, outside the pacing (the
    /// pacer counts it as a frame begun now).
    public func render() {
        pacer.drew(at: clock.now())
        drawFrame()
    }

    /// Draws the model and writes what changed since the last frame.
    private func drawFrame() {
        let started = clock.now()
        var frame = spareFrame.take() ?? Frame(size: model.screenSize)
        FeedView.draw(
            model,
            context: FeedView.Context(
                animationFrame: timer.frame(at: started), lastFrameTime: lastFrameTime, time: started, link: screen.linkReading),
            into: &frame)
        let changes = FrameChanges(from: previousFrame, to: frame)
        if !changes.isEmpty || screen.hasWaitingPictures {
            screen.apply(changes)
        } else {
            pacer.wroteNothing()
        }
        startLoadsAhead()
        recordPictureWrites(screen.takePictureWrites())
        reportLink()
        spareFrame = previousFrame.take()
        previousFrame = frame
        let took = clock.now() - started
        lastFrameTime = took
        frameObserver?(took)
        recordFrame()
    }

    // MARK: Deliveries

    private func handle(_ delivery: Delivery) {
        switch delivery {
        case .frame:
            // The frame itself is drawn after the batch (`renderOrPutOff`).
            pendingFrame = nil
        case .wake:
            while exit == nil, let input = screen.readInput(timeout: .zero) {
                send(.input(input))
            }
        case .message(let message):
            if case .tick = message { tickDeadline = nil }
            send(message)
        case .pipeline(let event):
            let queue = pipeline.queueCounts
            send(.pipeline(event, PipelineStats(counters: pipeline.counters, running: queue.running, waiting: queue.waiting)))
        }
    }

    private func startForwarders() {
        let mailbox = self.mailbox
        let wakeups = screen.wakeups
        background.append(Task {
            for await _ in wakeups { mailbox.post(.wake) }
        })
        let events = pipeline.events
        background.append(Task {
            for await event in events { mailbox.post(.pipeline(event)) }
        })
        if let outputFailures {
            background.append(Task {
                for await failure in outputFailures { mailbox.post(.message(.outputFailed(failure))) }
            })
        }
        if let messages {
            background.append(Task {
                for await message in messages { mailbox.post(.message(message)) }
            })
        }
        // Input typed before the loop started (or scripted on a memory screen) is read at once.
        mailbox.post(.wake)
    }

    private func scheduleTick() {
        let now = clock.now()
        let deadline = model.nextTick(after: now, timer: timer)
        guard deadline != tickDeadline else { return }
        tick?.cancel()
        tickDeadline = deadline
        guard let deadline else {
            tick = nil
            return
        }
        tick = post(.message(.tick), after: deadline - now)
    }

    /// A task that posts `delivery` once `wait` has passed (nothing when cancelled first).
    private func post(_ delivery: Delivery, after wait: Duration) -> Task<Void, Never> {
        let (mailbox, clock) = (self.mailbox, self.clock)
        return Task {
            do {
                try await clock.sleep(wait)
            } catch {
                return
            }
            mailbox.post(delivery)
        }
    }

    /// Cancels every load and task, and waits until the tasks that forward into the runtime
    /// have ended (so none is still running when the process exits). ``run(settling:)`` calls it.
    public func stop() async {
        var ending: [Task<Void, Never>] = []
        if let tick { ending.append(tick) }
        if let pendingFrame { ending.append(pendingFrame) }
        pendingFrame = nil
        ending += background
        for load in Array(loads.values) + Array(prefetches.values) {
            load.loader.cancel()
            ending.append(load.forwarder)
        }
        ending += retired
        for player in players.values {
            if let decoding = player.decoding { ending.append(decoding) }
        }
        players.removeAll()
        for task in work { task.cancel() }
        work.removeAll()
        tick = nil
        background.removeAll()
        loads.removeAll()
        prefetches.removeAll()
        aheadAfterFrame.removeAll()
        retired.removeAll()
        mailbox.finish()
        for task in ending { task.cancel() }
        for task in ending { await task.value }
        for write in writes { await write.value }
        writes.removeAll()
        await writeUnsavedDecisions()
    }
}
