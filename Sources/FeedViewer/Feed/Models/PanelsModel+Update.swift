import FoundationExtras
import ImageCodecs
import ImageLoading
import TerminalScreen
import Vocabulary

/// The panels' own messages: which panel is open (`I`, `l`, `n`, `?`, Esc), the event log and
/// its timeline, the info panel's photo, the embedded server's shaping and the caches' use.
///
/// ```swift
/// var panels = PanelsModel(shaping: nil)
/// var reply = panels.update(.toggleNetwork, now: .zero)                  // [.measureCaches]
/// reply = panels.update(.log(row: 2, .note("hello")), now: .seconds(1))  // in the event log
/// reply = panels.update(.tick, now: .seconds(3))                         // [.measureCaches] again
/// ```
extension PanelsModel {
    /// What the panels are told.
    enum Message: Sendable {
        /// `I`, `l`: opens the panel, or closes it when it is the open one.
        case toggle(FeedPanel)
        /// `n`: the network panel opens and measures the caches, or closes.
        case toggleNetwork
        /// `?`.
        case toggleHelp
        /// Esc: the help closes.
        case closeHelp
        /// Esc: the open panel closes.
        case close
        /// `C`: the caches are measured first; the answer asks whether to clear them.
        case measureBeforeClearing
        /// The embedded server's shaping now in force.
        case shaping(ShapingKnobs)
        /// The caches were measured.
        case cachesMeasured(CacheSizes)
        /// The info panel follows `key`.
        case follow(PhotoKey)
        /// What was read of a photo's file.
        case infoRead(PhotoKey, Result<PhotoMetadata, any Error>)
        /// Photos left the feed.
        case forget(Set<PhotoKey>)
        /// A tick: the open network panel measures the caches again when it is time.
        case tick
        /// An entry in the event log, about the item at `row` (nil: none).
        case log(row: Int?, PipelineEventLog.Kind)
        /// The audit flagged the newest event of the item at `row`.
        case flagNewest(row: Int)
        /// A mark on a photo's timeline lane.
        case mark(LoadTimeline.Mark, lane: String)
        /// A pipeline event on a photo's timeline lane.
        case chart(ImagePipeline.Event, lane: String)
    }

    /// What the panels ask of the rest of the model.
    enum Request: Sendable {
        /// `C`'s measurement came back: ask whether to clear these.
        case askToClearCaches(CacheSizes)
    }

    /// The most timeline lanes kept before the old ones are pruned.
    static let maximumLanes = 256

    /// Applies `message` at `now`: the effects, the notes, what the rest of the model does.
    mutating func update(_ message: Message, now: Duration) -> ModelReply<Request> {
        var reply = ModelReply<Request>()
        switch message {
        case .toggle(let panel): toggle(panel)
        case .toggleNetwork: reply.effects = toggleNetwork(at: now)
        case .toggleHelp: toggleHelp()
        case .closeHelp: closeHelp()
        case .close: close()
        case .measureBeforeClearing: reply.effects = measureBeforeClearing()
        case .shaping(let knobs):
            for text in receiveShaping(knobs) { reply.note(text) }
        case .cachesMeasured(let sizes):
            if receiveCacheSizes(sizes) { reply.ask(.askToClearCaches(sizes)) }
        case .follow(let key): follow(key)
        case .infoRead(let key, let result): receiveInfo(result, for: key)
        case .forget(let removed): forget(removed)
        case .tick: reply.effects = remeasureCaches(at: now)
        case .log(let row, let kind): eventLog.append(time: now, row: row, kind)
        case .flagNewest(let row): eventLog.flagNewest { $0.row == row }
        case .mark(let mark, let lane): timeline.mark(mark, for: lane, at: now)
        case .chart(let event, let lane): chart(event, for: lane, at: now)
        }
        return reply
    }

    /// A pipeline event on the photo's timeline lane.
    private mutating func chart(_ event: ImagePipeline.Event, for lane: String, at now: Duration) {
        switch (event.stage, event.kind) {
        case (.data, .queued): timeline.begin(.queued, for: lane, at: now)
        case (.data, .started): timeline.begin(.downloading, for: lane, at: now)
        case (.data, .progress(let progress)):
            if let fraction = progress.fraction { timeline.progress(fraction, for: lane, at: now) }
        case (.data, .resumed): timeline.mark(.resume, for: lane, at: now)
        case (.data, .finished): timeline.begin(.decoding, for: lane, at: now)
        case (.data, .cancelled), (.data, .failed), (.image, .decoded): timeline.end(for: lane, at: now)
        default: break
        }
        if timeline.lanes.count > Self.maximumLanes { timeline.prune(now: now) }
    }
}
