import ImageLoading
import Vocabulary

/// Turns ``LoadRecord``s into Chrome trace events that tell a run's story: one track per photo
/// with spans for queued, downloading, decoding and rendering; instants for appear, disappear,
/// prefetch, cancel, resume (with its byte offset), coalesce, memory and disk hits, kept and
/// dropped partial bytes, revalidations, progressive previews (with the scan), retries and failures,
/// downloads cut for good and damaged pictures (a success's `damaged` argument); counters for
/// downloads in flight and bytes received.
///
/// A pure state machine: each slot is in at most one span at a time, so a new span first ends
/// the open one and begin/end pairs always nest. Pipeline events name URLs; they go on the
/// track of the slot whose load asked for that URL last.
///
/// ```swift
/// var builder = LoadTraceBuilder()
/// let events = builder.events(for: record)   // write each as JSON
/// let closing = builder.finish(at: end)       // ends the spans still open
/// ```
public struct LoadTraceBuilder: Sendable {
    /// The spans a photo's track shows.
    public enum Span: String, Sendable, Hashable {
        case queued, downloading, decoding, rendering
    }

    var tracks: [LoadSlot: Int] = [:]
    /// Slots whose track is named with a label already.
    var labelled: Set<LoadSlot> = []
    var open: [LoadSlot: Span] = [:]
    var slotsByURL: [String: LoadSlot] = [:]
    var inFlight: Set<Int> = []
    var bytesReceived = 0
    var lastCompleted: [Int: Int] = [:]
    var started = false
    /// Whether frames are drawn: a success then opens a `rendering` span until the frame that
    /// shows it; otherwise it ends the photo's spans with a `done` instant.
    public let drawsFrames: Bool

    public init(drawsFrames: Bool = true) {
        self.drawsFrames = drawsFrames
    }

    /// The trace events for one record (metadata for a new track first).
    public mutating func events(for record: LoadRecord) -> [ChromeTraceEvent] {
        var out: [ChromeTraceEvent] = []
        let time = record.time
        if !started {
            started = true
            out.append(ChromeTraceEvent(name: "process_name", phase: .metadata, time: .zero, track: 0, arguments: ["name": .string("photofeed")]))
            out.append(ChromeTraceEvent(name: "thread_name", phase: .metadata, time: .zero, track: 0, arguments: ["name": .string("run")]))
        }
        switch record.event {
        case .visibility(let slot, let visibility):
            let name = switch visibility {
            case .visible: "appear"
            case .prefetch: "prefetch window"
            case .gone: "disappear"
            }
            out += instant(name, slot: slot, time: time)
        case .load(let slot, let id, let urls, let priority, let label):
            out += track(for: slot, label: label, time: time)
            for url in urls { slotsByURL[url] = slot }
            out += instant("load", slot: slot, time: time, ["load": .int(id), "priority": .string("\(priority)"), "url": .string(urls.first ?? "")])
        case .cancel(let slot):
            out += instant("cancel", slot: slot, time: time)
            out += end(slot, time: time)
        case .priority(let slot, let priority):
            out += instant("priority", slot: slot, time: time, ["priority": .string("\(priority)")])
        case .release(let slot):
            out += instant("release", slot: slot, time: time)
            out += end(slot, time: time)
        case .phase(let slot, let id, let phase):
            switch phase {
            case .loading: break
            case .success(let source, let damage) where drawsFrames:
                out += begin(.rendering, slot: slot, time: time, Self.success(id: id, source: source, damage: damage))
            case .success(let source, let damage):
                out += end(slot, time: time)
                out += instant("done", slot: slot, time: time, Self.success(id: id, source: source, damage: damage))
            case .failure(let reason):
                out += instant("failed", slot: slot, time: time, ["reason": .string(reason)])
                out += end(slot, time: time)
            }
        case .pipeline(let event):
            out += pipeline(event, time: time)
        case .animationFrame(let slot, let index):
            out += instant("animation frame", slot: slot, time: time, ["frame": .int(index)])
        case .pictureWritten(let slot, let bytes):
            out += instant("pixels written", slot: slot, time: time, ["bytes": .int(bytes)])
        case .frame(let placeholders):
            for (slot, span) in open.sorted(by: { $0.key < $1.key }) where span == .rendering && !placeholders.contains(slot) {
                out += end(slot, time: time)
            }
        }
        return out
    }

    /// Ends every span still open at `time`.
    public mutating func finish(at time: Duration) -> [ChromeTraceEvent] {
        var out: [ChromeTraceEvent] = []
        for slot in open.keys.sorted() { out += end(slot, time: time) }
        return out
    }

    // MARK: Pipeline

    private mutating func pipeline(_ event: ImagePipeline.Event, time: Duration) -> [ChromeTraceEvent] {
        guard let slot = slotsByURL[event.url] else { return [] }
        var out: [ChromeTraceEvent] = []
        switch (event.stage, event.kind) {
        case (.data, .queued):
            out += begin(.queued, slot: slot, time: time)
        case (.data, .started):
            out += begin(.downloading, slot: slot, time: time, ["url": .string(event.url)])
            inFlight.insert(event.taskID)
            out.append(counter("downloads in flight", ["downloads": .int(inFlight.count)], time: time))
        case (.data, .progress(let progress)):
            let previous = lastCompleted[event.taskID] ?? progress.resumedFrom ?? 0
            bytesReceived += max(0, progress.completed - previous)
            lastCompleted[event.taskID] = progress.completed
            out.append(counter("bytes received", ["bytes": .int(bytesReceived)], time: time))
        case (.data, .resumed(let offset)):
            lastCompleted[event.taskID] = offset
            out += instant("resume", slot: slot, time: time, ["from": .int(offset)])
        case (.data, .kept(let bytes)):
            out += instant("kept", slot: slot, time: time, ["bytes": .int(bytes)])
        case (.data, .discarded(let bytes)):
            out += instant("dropped kept bytes", slot: slot, time: time, ["bytes": .int(bytes)])
        case (.data, .finished):
            out += ended(event.taskID, time: time)
            out += begin(.decoding, slot: slot, time: time)
        case (.data, .failed), (.data, .cancelled):
            out += ended(event.taskID, time: time)
        case (.data, .cut(let received, let expected)):
            out += ended(event.taskID, time: time)
            var arguments: [String: ChromeTraceEvent.Value] = ["bytes": .int(received)]
            if let expected { arguments["of"] = .int(expected) }
            out += instant("cut", slot: slot, time: time, arguments)
            out += begin(.decoding, slot: slot, time: time)
        case (.image, .damaged(let damage)):
            out += instant("damaged", slot: slot, time: time, ["decoded %": .int(damage.percent), "reason": .string(damage.reason)])
        case (.data, .retried(let attempt, let delay, let error)):
            out += ended(event.taskID, time: time)
            out += instant("retry", slot: slot, time: time, ["attempt": .int(attempt), "after ms": .int(Int(delay.wholeMilliseconds)), "error": .string(error.description)])
        case (_, .coalesced):
            out += instant("coalesce", slot: slot, time: time, ["stage": .string(event.stage.rawValue)])
        case (_, .memoryHit):
            out += instant("memory hit", slot: slot, time: time)
        case (_, .diskHit):
            out += instant("disk hit", slot: slot, time: time)
        case (_, .preview(let scan)):
            out += instant("preview", slot: slot, time: time, ["scan": .int(scan)])
        case (.data, .revalidated(let notModified)):
            out += instant(
                "revalidated", slot: slot, time: time, ["status": .int(notModified ? 304 : 200)])
        case (.image, .decoded):
            if open[slot] == .decoding { out += end(slot, time: time) }
        case (.task, .failed(let error)):
            out += instant("failed", slot: slot, time: time, ["reason": .string(error.description)])
        default:
            break
        }
        return out
    }

    /// A success's arguments: the load, where it came from, and a damaged picture's damage.
    private static func success(id: Int, source: ImageResponse.Source, damage: String?) -> [String: ChromeTraceEvent.Value] {
        var arguments: [String: ChromeTraceEvent.Value] = ["load": .int(id), "source": .string("\(source)")]
        if let damage { arguments["damaged"] = .string(damage) }
        return arguments
    }

    private mutating func ended(_ job: Int, time: Duration) -> [ChromeTraceEvent] {
        lastCompleted[job] = nil
        guard inFlight.remove(job) != nil else { return [] }
        return [counter("downloads in flight", ["downloads": .int(inFlight.count)], time: time)]
    }

    // MARK: Tracks and spans

    /// A track for `slot` (named again once a label is known: the viewer shows the newest name).
    private mutating func track(for slot: LoadSlot, label: String, time: Duration) -> [ChromeTraceEvent] {
        if tracks[slot] != nil, label.isEmpty || labelled.contains(slot) { return [] }
        if !label.isEmpty { labelled.insert(slot) }
        let id = tracks[slot] ?? tracks.count + 1
        tracks[slot] = id
        let name = label.isEmpty ? slot.description : "\(slot) · \(label)"
        return [ChromeTraceEvent(name: "thread_name", phase: .metadata, time: time, track: id, arguments: ["name": .string(name)])]
    }

    private mutating func trackID(_ slot: LoadSlot, time: Duration, _ out: inout [ChromeTraceEvent]) -> Int {
        if let id = tracks[slot] { return id }
        out += track(for: slot, label: "", time: time)
        return tracks[slot] ?? 0
    }

    private mutating func instant(
        _ name: String, slot: LoadSlot, time: Duration, _ arguments: [String: ChromeTraceEvent.Value] = [:]
    ) -> [ChromeTraceEvent] {
        var out: [ChromeTraceEvent] = []
        let id = trackID(slot, time: time, &out)
        out.append(ChromeTraceEvent(name: name, phase: .instant, time: time, track: id, arguments: arguments))
        return out
    }

    private mutating func begin(
        _ span: Span, slot: LoadSlot, time: Duration, _ arguments: [String: ChromeTraceEvent.Value] = [:]
    ) -> [ChromeTraceEvent] {
        if open[slot] == span { return [] }
        var out = end(slot, time: time)
        let id = trackID(slot, time: time, &out)
        open[slot] = span
        out.append(ChromeTraceEvent(name: span.rawValue, phase: .begin, time: time, track: id, arguments: arguments))
        return out
    }

    private mutating func end(_ slot: LoadSlot, time: Duration) -> [ChromeTraceEvent] {
        guard let span = open.removeValue(forKey: slot), let id = tracks[slot] else { return [] }
        return [ChromeTraceEvent(name: span.rawValue, phase: .end, time: time, track: id)]
    }

    private func counter(_ name: String, _ arguments: [String: ChromeTraceEvent.Value], time: Duration) -> ChromeTraceEvent {
        ChromeTraceEvent(name: name, phase: .counter, time: time, track: 0, arguments: arguments)
    }
}
