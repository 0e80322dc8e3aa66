import TerminalScreen
import Vocabulary
import ImageCodecs
import FoundationExtras
import FeedSources
/// The panels and overlays above the status bar: which is open, the help, the event log and
/// its timeline, the info panel's photo, and the network panel's shaping and cache use.
///
/// ```swift
/// var panels = PanelsModel(shaping: nil)
/// panels.toggle(.eventLog)   // the event log opens
/// panels.toggle(.eventLog)   // and closes
/// ```
struct PanelsModel: Sendable {
    /// The open panel.
    private(set) var open: FeedPanel?
    /// The help overlay (`?`).
    private(set) var showsHelp = false
    /// The event log panel's entries.
    var eventLog = PipelineEventLog()
    /// Each photo's load over the last seconds (the event log's timeline mode).
    var timeline = LoadTimeline()
    /// Whether the event log panel shows the timeline (`t`) instead of the entries.
    private(set) var showsTimeline = false
    /// The info panel's photo and what was read of it.
    private(set) var info: PhotoInfo?
    /// The embedded server's shaping, when the feed is the embedded server.
    private(set) var shaping: ShapingKnobs?
    /// The network knob last changed from the panel (named when the new shaping arrives).
    private(set) var changedKnob: ShapingKnobs.Knob?
    /// The network preset last picked in the panel (named when the new shaping arrives).
    private(set) var changedPreset: NetworkPreset?
    /// What the caches held when last measured (the network panel shows it against the limits).
    private(set) var cacheUse: CacheSizes?
    /// When the open network panel measures the caches again (nil: the panel is closed).
    private(set) var nextCacheMeasure: Duration?
    /// Whether `C` asked for the measurement on its way (its answer asks whether to clear).
    private(set) var clearingAsked = false

    /// A panel model with the embedded server's `shaping` (nil for another feed).
    init(shaping: ShapingKnobs? = nil) {
        self.shaping = shaping
    }

    /// Opens `panel`, or closes it when it is the open one.
    mutating func toggle(_ panel: FeedPanel) {
        open = open == panel ? nil : panel
    }

    /// `n`: the network panel opens and measures the caches at `now`, or closes and stops.
    mutating func toggleNetwork(at now: Duration) -> [FeedEffect] {
        toggle(.network)
        if open == .network { return measureCaches(at: now) }
        nextCacheMeasure = nil
        return []
    }

    /// `?`: the help opens or closes.
    mutating func toggleHelp() { showsHelp.toggle() }

    /// Esc: the help closes.
    mutating func closeHelp() { showsHelp = false }

    /// Esc: the open panel closes.
    mutating func close() { open = nil }

    /// `C`: the caches are measured first; the answer asks whether to clear them.
    mutating func measureBeforeClearing() -> [FeedEffect] {
        clearingAsked = true
        return [.measureCaches]
    }

    /// Lines the open panel takes above the status bar (0 when none is open), of `available`
    /// lines, with `visibleItems` on screen.
    func height(available: Int, visibleItems: Int) -> Int {
        guard let open else { return 0 }
        if open == .network { return min(available, NetworkPanel.preferredHeight) }
        if open == .info { return min(available, InfoPanel.preferredHeight) }
        // The timeline needs a line per item on screen (and its border), up to half the screen.
        let wanted = showsTimeline ? visibleItems + 2 : available / 2
        return min(available, max(6, min(available / 2, wanted)))
    }

    /// What the info panel shows of `photo` (of `key`): its title, author, location and size,
    /// and what was read of its file if it is the photo followed.
    func infoSubject(for key: PhotoKey, photo: FeedPhoto) -> InfoPanel.Subject {
        let current = info?.key == key ? info : nil
        let author: String? = if case .picsum = photo.origin { photo.author } else { nil }
        var subject = InfoPanel.Subject(
            title: photo.author, author: author, location: photo.shownLocation, metadata: current?.metadata,
            failure: current?.failure, originalSize: author == nil ? nil : photo.size)
        subject.page = photo.page?.absoluteString
        if photo.isShot, let badge = photo.shot?.badge {
            let names = photo.shotNames.map(\.escapedText)
            subject.shot = badge + ": " + names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }
        return subject
    }

    /// The info panel follows `key`: nothing read of it yet.
    mutating func follow(_ key: PhotoKey) { info = PhotoInfo(key: key) }

    /// What was read of `key`'s file (dropped when the panel moved on to another photo).
    mutating func receiveInfo(_ result: Result<PhotoMetadata, any Error>, for key: PhotoKey) {
        guard info?.key == key else { return }
        switch result {
        case .success(let metadata): info?.metadata = metadata
        case .failure(let error): info?.failure = ErrorText.describe(error)
        }
    }

    /// Photos that left the feed: the info panel forgets the one it followed.
    mutating func forget(_ removed: Set<PhotoKey>) {
        if let key = info?.key, removed.contains(key) { info = nil }
    }

    /// The network panel's and the event log's own keys: the effects, or nil when the key is
    /// not theirs.
    mutating func handle(_ input: InputEvent) -> [FeedEffect]? {
        guard case .key(.character(let character)) = input else { return nil }
        if open == .network, let step = ShapingKnobs.step(forKey: character) {
            guard let shaping else { return [] }
            changedKnob = step.knob
            return [.setShaping(shaping.stepping(step.knob, up: step.up))]
        }
        if open == .eventLog, character == "t" {
            showsTimeline.toggle()
            return []
        }
        if open == .network, let preset = NetworkPreset(key: character) {
            guard shaping != nil else { return [] }
            changedPreset = preset
            return [.setShaping(preset.knobs)]
        }
        return nil
    }

    /// The shaping now in force: the notes naming the knob or the preset the panel changed.
    mutating func receiveShaping(_ knobs: ShapingKnobs) -> [String] {
        shaping = knobs
        var notes: [String] = []
        if let knob = changedKnob {
            changedKnob = nil
            notes.append("network: \(NetworkPanel.value(knob, of: knobs))")
        }
        if let preset = changedPreset {
            changedPreset = nil
            notes.append("network: \(preset.name) (\(preset.summary))")
        }
        return notes
    }

    /// Whether the event log's timeline is on screen (its times move).
    var showsMovingTimeline: Bool { open == .eventLog && showsTimeline }

    // MARK: The caches' use (measured when the network panel opens, and every interval while it is open)

    /// How often the open network panel measures the caches again.
    static let cacheMeasureInterval: Duration = .seconds(3)

    /// The network panel opened at `now`: measure now, and again after the interval.
    mutating func measureCaches(at now: Duration) -> [FeedEffect] {
        nextCacheMeasure = now + Self.cacheMeasureInterval
        return [.measureCaches]
    }

    /// On a tick at `now`: measure again when the panel is still open and the interval is up.
    mutating func remeasureCaches(at now: Duration) -> [FeedEffect] {
        guard let due = nextCacheMeasure else { return [] }
        guard open == .network else {
            nextCacheMeasure = nil
            return []
        }
        guard now >= due else { return [] }
        return measureCaches(at: now)
    }

    /// A measurement came back: the panel shows it; true when `C` asked for it (its question
    /// names it).
    mutating func receiveCacheSizes(_ sizes: CacheSizes) -> Bool {
        cacheUse = sizes
        defer { clearingAsked = false }
        return clearingAsked
    }
}
