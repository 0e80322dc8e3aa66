import ImageLoading
public import Vocabulary

/// Checks a run's ``LoadRecord``s, in order, against the ``SemanticsRule``s and reports every
/// violation with its rule, time, slot or URL, and what happened.
///
/// A pure state machine: feed it records with ``consume(_:)`` as they happen (live, in a
/// benchmark, or replayed from a test), then call ``finish(at:settled:)`` once the run ends.
/// It keeps, per slot, where the item is and its current load; per URL, the downloads
/// running and the bytes kept for a resume; per download attempt, where it resumed from and
/// what it received.
///
/// ```swift
/// var audit = SemanticsAudit(configuration: .init(onDisappear: .cancel, maxAttempts: 3))
/// for record in records { audit.consume(record) }
/// audit.finish(at: end, settled: true)
/// #expect(audit.violations.isEmpty)
/// ```
public struct SemanticsAudit: Sendable {
    /// What a run promised: the disappear policy, the retry bound, and how long a visible
    /// item may still show loading after its download ended (the phase travels through a task).
    public struct Configuration: Sendable, Hashable {
        public var onDisappear: DisappearPolicy
        /// Download attempts allowed per job (the first one included).
        public var maxAttempts: Int
        /// How long after its download ended a visible item may still show loading.
        public var settleGrace: Duration

        public init(onDisappear: DisappearPolicy = .cancel, maxAttempts: Int = 3, settleGrace: Duration = .seconds(2)) {
            self.onDisappear = onDisappear
            self.maxAttempts = maxAttempts
            self.settleGrace = settleGrace
        }
    }

    /// A slot's current load.
    struct Load: Sendable {
        var id: Int
        var urls: [String]
        var isTerminal = false
        var sawPlaceholder = false
        /// When a task for one of its URLs ended while the load still showed loading.
        var downloadEndedAt: Duration?
        var reportedStuck = false
    }

    /// What the audit knows of one slot.
    struct SlotState: Sendable {
        var visibility = LoadRecord.Visibility.gone
        var load: Load?
        /// The frame count when the item left, while its load still ran (rule 2's deadline).
        var leftAtFrame: Int?
    }

    /// One download attempt of a data job.
    struct Attempt: Sendable {
        var url: String
        /// Bytes kept for its URL when it started.
        var keptAtStart: Int?
        var resumedFrom: Int?
        var lastCompleted = 0
        var received = 0
        var total: Int?
        var reportedRefetch = false
    }

    public let configuration: Configuration
    /// Every violation so far, in order.
    public private(set) var violations: [Violation] = []
    /// Records consumed.
    public private(set) var recordCount = 0

    var slots: [LoadSlot: SlotState] = [:]
    var wantedURLs: Set<String> = []
    var frames = 0
    var downloads: [String: Set<Int>] = [:]
    var kept: [String: Int] = [:]
    var attempts: [Int: Attempt] = [:]
    var now: Duration = .zero

    /// An audit of a run made under `configuration`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Checks one record; returns the violations it revealed (also kept in ``violations``).
    @discardableResult
    public mutating func consume(_ record: LoadRecord) -> [Violation] {
        recordCount += 1
        now = record.time
        let before = violations.count
        switch record.event {
        case .visibility(let slot, let visibility): see(slot, visibility)
        case .load(let slot, let id, let urls, _, _): load(slot, id: id, urls: urls)
        case .cancel(let slot), .release(let slot):
            slots[slot, default: SlotState()].load = nil
            slots[slot]?.leftAtFrame = nil
        case .priority(let slot, let priority):
            if configuration.onDisappear == .lowerPriority, priority < .normal { slots[slot]?.leftAtFrame = nil }
        case .phase(let slot, let id, let phase): receive(phase, slot: slot, id: id)
        case .pipeline(let event): receive(event)
        case .frame(let placeholders): frame(placeholders: placeholders)
        case .animationFrame(let slot, let index):
            if slots[slot]?.visibility != .visible {
                report(.framesOnlyWhileVisible, slot: slot, "animation frame \(index) was asked for while the item was off screen")
            }
        case .pictureWritten(let slot, let bytes):
            if slots[slot]?.visibility != .visible {
                report(.pixelsOnlyWhileVisible, slot: slot, "\(bytes) bytes of its picture were written while the item was off screen")
            }
        }
        return Array(violations[before...])
    }

    /// Ends the run at `time`: a visible item still loading long after its download ended is
    /// a violation, and so is any visible item still loading when the run claims it `settled`.
    @discardableResult
    public mutating func finish(at time: Duration, settled: Bool = false) -> [Violation] {
        now = time
        let before = violations.count
        checkStuck()
        if settled {
            for (slot, state) in slots.sorted(by: { $0.key < $1.key })
            where state.visibility == .visible && state.load.map({ !$0.isTerminal }) == true {
                report(.visibleItemsSettle, slot: slot, "still loading when the run settled")
            }
        }
        return Array(violations[before...])
    }

    // MARK: Viewer records

    private mutating func see(_ slot: LoadSlot, _ visibility: LoadRecord.Visibility) {
        var state = slots[slot, default: SlotState()]
        let old = state.visibility
        state.visibility = visibility
        if visibility != .gone {
            state.leftAtFrame = nil
        } else if old != .gone, configuration.onDisappear != .keep, let load = state.load, !load.isTerminal {
            state.leftAtFrame = frames
        }
        slots[slot] = state
    }

    private mutating func load(_ slot: LoadSlot, id: Int, urls: [String]) {
        var state = slots[slot, default: SlotState()]
        if case .item = slot, state.visibility == .gone {
            report(.loadsOnlyWhenWanted, slot: slot, url: urls.first, "a load was asked for while the item was neither on screen nor prefetched")
        }
        wantedURLs.formUnion(urls)
        state.load = Load(id: id, urls: urls)
        slots[slot] = state
    }

    private mutating func receive(_ phase: LoadRecord.Phase, slot: LoadSlot, id: Int) {
        guard var load = slots[slot]?.load, load.id == id else { return }
        switch phase {
        case .loading:
            break
        case .success(let source, _):
            if source == .memory, load.sawPlaceholder {
                report(.memoryHitDrawsAtOnce, slot: slot, "a memory-cache hit was drawn after a placeholder frame")
            }
            load.isTerminal = true
        case .failure(let reason):
            if reason.allSatisfy(\.isWhitespace) {
                report(.visibleItemsSettle, slot: slot, "failed without a reason")
            }
            load.isTerminal = true
        }
        slots[slot]?.load = load
        if load.isTerminal { slots[slot]?.leftAtFrame = nil }
    }

    private mutating func frame(placeholders: Set<LoadSlot>) {
        frames += 1
        for (slot, state) in slots.sorted(by: { $0.key < $1.key }) {
            if let left = state.leftAtFrame, frames - left >= 2 {
                let action = configuration.onDisappear == .cancel ? "cancelled" : "lowered in priority"
                report(.disappearWithinOneFrame, slot: slot, "left the screen and the prefetch window, and its load was not \(action) within one frame")
                slots[slot]?.leftAtFrame = nil
            }
        }
        for slot in placeholders where slots[slot]?.load.map({ !$0.isTerminal }) == true {
            slots[slot]?.load?.sawPlaceholder = true
        }
        checkStuck()
    }

    /// Rule 6: a visible item still loading `settleGrace` after its download ended.
    private mutating func checkStuck() {
        for (slot, state) in slots.sorted(by: { $0.key < $1.key }) {
            guard state.visibility == .visible, let load = state.load, !load.isTerminal, !load.reportedStuck,
                let ended = load.downloadEndedAt, now - ended > configuration.settleGrace
            else { continue }
            report(.visibleItemsSettle, slot: slot, url: load.urls.first, "still loading \(Self.text(now - ended)) after its download ended")
            slots[slot]?.load?.reportedStuck = true
        }
    }

    // MARK: Pipeline events

    private mutating func receive(_ event: ImagePipeline.Event) {
        let url = event.url
        switch (event.stage, event.kind) {
        case (.data, .started):
            if !wantedURLs.contains(url) {
                report(.loadsOnlyWhenWanted, url: url, "a download started that no appeared or prefetched item asked for")
            }
            let running = downloads[url, default: []]
            if !running.subtracting([event.taskID]).isEmpty {
                report(.oneDownloadPerURL, url: url, "a second download of the URL started while one was running")
            }
            downloads[url, default: []].insert(event.taskID)
            attempts[event.taskID] = Attempt(url: url, keptAtStart: kept[url])
        case (.data, .resumed(let offset)):
            if kept[url] != offset {
                let had = kept[url].map { "\($0) bytes were kept" } ?? "no bytes were kept"
                report(.resumeFetchesOnlyTheRest, url: url, "resumed from byte \(offset) but \(had)")
            }
            kept[url] = nil
            attempts[event.taskID]?.resumedFrom = offset
            attempts[event.taskID]?.lastCompleted = offset
        case (.data, .progress(let progress)):
            progressed(progress, url: url, job: event.taskID)
        case (.data, .kept(let bytes)):
            kept[url] = bytes
        case (.data, .discarded):
            kept[url] = nil
            attempts[event.taskID]?.keptAtStart = nil
        case (.data, .finished):
            if let attempt = attempts[event.taskID], let offset = attempt.resumedFrom, let total = attempt.total {
                if attempt.lastCompleted != total || offset + attempt.received != total {
                    report(.resumeFetchesOnlyTheRest, url: url, "resumed from \(offset): kept \(offset) + received \(attempt.received) ≠ size \(total)")
                }
            }
            endDownload(url, job: event.taskID)
        case (.data, .failed), (.data, .cancelled), (.data, .cut):
            endDownload(url, job: event.taskID)
        case (.data, .retried(let attempt, _, let error)):
            endDownload(url, job: event.taskID)
            if attempt > configuration.maxAttempts {
                report(.retriesBounded, url: url, "attempt \(attempt) of at most \(configuration.maxAttempts)")
            }
            if let status = error.statusCode, (400..<500).contains(status), status != 408, status != 429 {
                report(.retriesBounded, url: url, "retried after HTTP \(status)")
            }
        case (.task, .finished), (.task, .failed):
            for (slot, state) in slots where state.load.map({ !$0.isTerminal && $0.urls.contains(url) }) == true {
                if slots[slot]?.load?.downloadEndedAt == nil { slots[slot]?.load?.downloadEndedAt = now }
            }
        default:
            break
        }
    }

    private mutating func progressed(_ progress: LoadProgress, url: String, job: Int) {
        guard var attempt = attempts[job] else { return }
        if let kept = attempt.keptAtStart, kept > 0, attempt.resumedFrom == nil, !attempt.reportedRefetch {
            report(.resumeFetchesOnlyTheRest, url: url, "downloaded from byte 0 again though \(kept) bytes were kept")
            attempt.reportedRefetch = true
            self.kept[url] = nil
        }
        attempt.received += max(0, progress.completed - attempt.lastCompleted)
        attempt.lastCompleted = progress.completed
        attempt.total = progress.total ?? attempt.total
        attempts[job] = attempt
    }

    private mutating func endDownload(_ url: String, job: Int) {
        downloads[url]?.remove(job)
        if downloads[url]?.isEmpty == true { downloads[url] = nil }
        attempts[job] = nil
    }

    private mutating func report(_ rule: SemanticsRule, slot: LoadSlot? = nil, url: String? = nil, _ detail: String) {
        violations.append(Violation(rule: rule, time: now, slot: slot, url: url, detail: detail))
    }

    private static func text(_ duration: Duration) -> String { "\(duration.wholeMilliseconds) ms" }
}
