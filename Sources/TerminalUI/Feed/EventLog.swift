import ImageLoading

/// The last pipeline and loader events, for the `l` panel: time, row, what happened.
struct EventLog {
    /// One line of the log.
    struct Line: Hashable {
        var time: Duration
        var row: Int?
        var text: String
    }

    /// How many lines are kept.
    static let capacity = 200
    private(set) var lines: [Line] = []

    mutating func append(time: Duration, row: Int?, text: String) {
        lines.append(Line(time: time, row: row, text: text))
        if lines.count > Self.capacity { lines.removeFirst(lines.count - Self.capacity) }
    }

    /// A short wording of a pipeline event.
    static func describe(_ kind: ImagePipeline.Event.Kind) -> String {
        switch kind {
        case .queued: "queued"
        case .started: "started"
        case .progress(let progress): "progress \(progress)"
        case .resumed(let offset): "resumed at \(offset) B"
        case .coalesced: "coalesced"
        case .memoryHit: "memory hit"
        case .diskHit: "disk hit"
        case .decoded: "decoded"
        case .cancelled: "cancelled"
        case .retried(let attempt, _): "retry \(attempt)"
        case .failed(let error): "failed: \(error.shortDescription)"
        case .finished(let source): "finished (\(source))"
        }
    }

    /// `12.345s  row 7   started`.
    static func format(_ line: Line) -> String {
        let millis = Int(line.time / .milliseconds(1))
        let time = "\(millis / 1000).\(String(millis % 1000).leftPadded(3, with: "0"))s"
        let row = line.row.map { "row \($0 + 1)" } ?? "feed"
        return time.leftPadded(9, with: " ") + "  " + row.padded(8) + line.text
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int, with pad: Character) -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }

    fileprivate func padded(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
