import TerminalScreen
import Vocabulary
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
    var open: FeedPanel?
    /// The help overlay (`?`).
    var showsHelp = false
    /// The event log panel's entries.
    var eventLog = PipelineEventLog()
    /// Each photo's load over the last seconds (the event log's timeline mode).
    var timeline = LoadTimeline()
    /// Whether the event log panel shows the timeline (`t`) instead of the entries.
    var showsTimeline = false
    /// The info panel's photo and what was read of it.
    var info: PhotoInfo?
    /// The embedded server's shaping, when the feed is the embedded server.
    var shaping: ShapingKnobs?
    /// The network knob last changed from the panel (named when the new shaping arrives).
    var changedKnob: ShapingKnobs.Knob?
    /// The network preset last picked in the panel (named when the new shaping arrives).
    var changedPreset: NetworkPreset?
    /// What the caches held when last measured (the network panel shows it against the limits).
    var cacheUse: CacheSizes?
    /// When the open network panel measures the caches again (nil: the panel is closed).
    var nextCacheMeasure: Duration?
    /// Whether `C` asked for the measurement on its way (its answer asks whether to clear).
    var clearingAsked = false

    /// Opens `panel`, or closes it when it is the open one.
    mutating func toggle(_ panel: FeedPanel) {
        open = open == panel ? nil : panel
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
}
