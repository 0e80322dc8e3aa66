import ImageLoading
import Synchronization

/// Records a run's ``LoadRecord``s: audits them with a ``SemanticsAudit`` and writes them as a
/// Chrome trace (through a ``LoadTraceBuilder``), either or both.
///
/// The trace is a JSON array written incrementally: `[`, then each event on its own line.
/// Events are buffered and written at every ``flush()`` (a viewer flushes after each batch of
/// messages) and when the buffer passes 64 KB, so a killed process leaves a file readable up
/// to its last flush; the array is closed by ``finish(at:settled:)``. An unterminated array is
/// allowed by the format. Violations go into the trace too, as instants of category `audit`.
///
/// ```swift
/// let recorder = LoadRecorder(audit: .init(onDisappear: .cancel), trace: try FileTraceSink(path: "run.json"))
/// recorder.record(.visibility(.item("3"), .visible), at: .milliseconds(40))
/// recorder.finish(at: .seconds(2))
/// ```
public final class LoadRecorder: Sendable {
    private struct State: Sendable {
        var audit: SemanticsAudit?
        var builder = LoadTraceBuilder()
        var buffer: [UInt8] = []
        var wroteEvent = false
        var finished = false
        var writeError: TraceSinkError?
        var lastTime: Duration = .zero
    }

    private let state: Mutex<State>
    private let sink: (any TraceSink)?
    private static let flushThreshold = 64 * 1024

    /// Audits with `audit` (nil: no audit) and writes a trace to `trace` (nil: none).
    /// `drawsFrames` false: nothing is drawn (a prefetch), so a success ends its photo's spans.
    public init(audit: SemanticsAudit.Configuration?, trace: (any TraceSink)?, drawsFrames: Bool = true) {
        self.sink = trace
        var initial = State()
        initial.builder = LoadTraceBuilder(drawsFrames: drawsFrames)
        initial.audit = audit.map { SemanticsAudit(configuration: $0) }
        if trace != nil { initial.buffer = Array("[\n".utf8) }
        self.state = Mutex(initial)
    }

    /// Whether an audit runs.
    public var audits: Bool { state.withLock { $0.audit != nil } }

    /// Every violation so far.
    public var violations: [Violation] { state.withLock { $0.audit?.violations ?? [] } }

    /// The first error writing the trace, if any (recording goes on; the trace stops).
    public var traceError: TraceSinkError? { state.withLock { $0.writeError } }

    /// Records `event` at `time` (times never go back: an earlier time is taken as the last one);
    /// returns the violations it revealed.
    @discardableResult
    public func record(_ event: LoadRecord.Event, at time: Duration) -> [Violation] {
        let (pending, found): ([UInt8]?, [Violation]) = state.withLock { state in
            guard !state.finished else { return (nil, []) }
            let record = LoadRecord(time: max(time, state.lastTime), event)
            state.lastTime = record.time
            let found = state.audit?.consume(record) ?? []
            if sink != nil {
                for traceEvent in state.builder.events(for: record) { Self.append(traceEvent, to: &state) }
                for violation in found { Self.append(Self.event(for: violation, state: state), to: &state) }
            }
            return (state.buffer.count >= Self.flushThreshold ? Self.take(&state) : nil, found)
        }
        if let pending { write(pending) }
        return found
    }

    /// Writes what is buffered.
    public func flush() {
        let pending = state.withLock { Self.take(&$0) }
        write(pending)
    }

    /// Ends the run at `time`: the audit's end-of-run checks, the spans still open, and the
    /// trace's closing bracket. Returns the violations the end revealed. Later calls do nothing.
    @discardableResult
    public func finish(at time: Duration, settled: Bool = false) -> [Violation] {
        let (pending, found): ([UInt8], [Violation]) = state.withLock { state in
            guard !state.finished else { return ([], []) }
            state.finished = true
            let end = max(time, state.lastTime)
            let found = state.audit?.finish(at: end, settled: settled) ?? []
            if sink != nil {
                for violation in found { Self.append(Self.event(for: violation, state: state), to: &state) }
                for traceEvent in state.builder.finish(at: end) { Self.append(traceEvent, to: &state) }
                let count = state.audit?.violations.count
                var arguments: [String: ChromeTraceEvent.Value] = [:]
                if let count { arguments["violations"] = .int(count) }
                Self.append(ChromeTraceEvent(name: "end", category: "run", phase: .instant, time: end, track: 0, arguments: arguments), to: &state)
                state.buffer += Array("\n]\n".utf8)
            }
            return (Self.take(&state), found)
        }
        write(pending)
        sink?.close()
        return found
    }

    // MARK: Private

    private func write(_ bytes: [UInt8]) {
        guard let sink, !bytes.isEmpty, state.withLock({ $0.writeError == nil }) else { return }
        do {
            try sink.write(bytes)
        } catch {
            state.withLock { $0.writeError = error }
        }
    }

    private static func append(_ event: ChromeTraceEvent, to state: inout State) {
        if state.wroteEvent { state.buffer += Array(",\n".utf8) }
        state.wroteEvent = true
        state.buffer += Array(event.json.utf8)
    }

    private static func take(_ state: inout State) -> [UInt8] {
        defer { state.buffer.removeAll(keepingCapacity: true) }
        return state.buffer
    }

    private static func event(for violation: Violation, state: State) -> ChromeTraceEvent {
        let track = violation.slot.flatMap { state.builder.tracks[$0] } ?? 0
        var arguments: [String: ChromeTraceEvent.Value] = ["rule": .int(violation.rule.rawValue), "detail": .string(violation.detail)]
        if let url = violation.url { arguments["url"] = .string(url) }
        return ChromeTraceEvent(name: "violation: \(violation.rule.title)", category: "audit", phase: .instant, time: violation.time, track: track, arguments: arguments)
    }
}
