/// What each photo's load did over the last seconds, for the event log's timeline mode (`t`):
/// spans (queued, downloading with its progress, decoding) and marks (appear, disappear,
/// cancel, resume, failure, done), per photo.
///
/// A plain value the update function feeds as messages arrive; entries older than
/// ``window`` are dropped as new ones come.
///
/// ```swift
/// var timeline = LoadTimeline()
/// timeline.begin(.downloading, for: "12", at: .milliseconds(300))
/// timeline.progress(0.4, for: "12", at: .milliseconds(500))
/// timeline.mark(.cancel, for: "12", at: .milliseconds(600))
/// ```
public struct LoadTimeline: Sendable, Hashable {
    /// A stretch of time a load spent in one state.
    public enum SpanKind: Sendable, Hashable {
        case queued, downloading, decoding
    }

    /// A moment worth a glyph of its own.
    public enum Mark: Sendable, Hashable {
        case appear, disappear, cancel, resume, failure, done
    }

    /// A download's progress at a moment.
    public struct Sample: Sendable, Hashable {
        public var time: Duration
        /// 0…1.
        public var fraction: Double
    }

    /// A mark at a moment.
    public struct Moment: Sendable, Hashable {
        public var time: Duration
        public var mark: Mark
    }

    /// One span: its kind, when it began and ended (nil: still going), and progress samples.
    public struct Span: Sendable, Hashable {
        public var kind: SpanKind
        public var start: Duration
        public var end: Duration?
        /// Progress while downloading, oldest first.
        public var progress: [Sample]

        /// The progress at `time`: the last sample at or before it.
        public func fraction(at time: Duration) -> Double? {
            progress.last { $0.time <= time }?.fraction
        }
    }

    /// One photo's lane.
    public struct Lane: Sendable, Hashable {
        public var spans: [Span] = []
        public var marks: [Moment] = []
    }

    /// How much history is kept.
    public var window: Duration
    /// Lanes by photo key (its description).
    public private(set) var lanes: [String: Lane] = [:]
    /// Progress samples kept per span.
    static let samplesPerSpan = 64

    /// An empty timeline keeping `window` of history.
    public init(window: Duration = .seconds(20)) {
        self.window = window
    }

    /// Starts a span of `kind` (ending the open one).
    public mutating func begin(_ kind: SpanKind, for key: String, at time: Duration, fraction: Double? = nil) {
        var lane = lanes[key, default: Lane()]
        if let last = lane.spans.last, last.end == nil {
            if last.kind == kind { return }
            lane.spans[lane.spans.count - 1].end = time
        }
        lane.spans.append(Span(kind: kind, start: time, end: nil, progress: fraction.map { [Sample(time: time, fraction: $0)] } ?? []))
        lanes[key] = trimmed(lane, now: time)
    }

    /// Ends the open span, if any.
    public mutating func end(for key: String, at time: Duration) {
        guard var lane = lanes[key], let last = lane.spans.last, last.end == nil else { return }
        lane.spans[lane.spans.count - 1].end = time
        lanes[key] = lane
    }

    /// A progress sample for the open download.
    public mutating func progress(_ fraction: Double, for key: String, at time: Duration) {
        guard var lane = lanes[key], let last = lane.spans.last, last.end == nil, last.kind == .downloading else { return }
        var span = last
        if span.progress.last?.fraction == fraction { return }
        span.progress.append(Sample(time: time, fraction: min(1, max(0, fraction))))
        if span.progress.count > Self.samplesPerSpan { span.progress.removeFirst(span.progress.count - Self.samplesPerSpan) }
        lane.spans[lane.spans.count - 1] = span
        lanes[key] = lane
    }

    /// A mark at `time` (cancel, failure and done also end the open span).
    public mutating func mark(_ mark: Mark, for key: String, at time: Duration) {
        var lane = lanes[key, default: Lane()]
        lane.marks.append(Moment(time: time, mark: mark))
        lanes[key] = trimmed(lane, now: time)
        switch mark {
        case .cancel, .failure, .done: end(for: key, at: time)
        case .appear, .disappear, .resume: break
        }
    }

    /// The lane of `key`.
    public func lane(_ key: String) -> Lane? { lanes[key] }

    /// Forgets lanes with nothing newer than `window` before `now` (keeps the model small).
    public mutating func prune(now: Duration) {
        lanes = lanes.filter { _, lane in
            let latest = max(lane.spans.last.map { $0.end ?? now } ?? .zero, lane.marks.last?.time ?? .zero)
            return now - latest <= window
        }
    }

    private func trimmed(_ lane: Lane, now: Duration) -> Lane {
        var lane = lane
        let horizon = now - window
        lane.spans.removeAll { ($0.end ?? now) < horizon }
        lane.marks.removeAll { $0.time < horizon }
        return lane
    }
}
