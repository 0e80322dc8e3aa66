/// One event of the Chrome trace-event format (the JSON that Perfetto and chrome://tracing
/// open): a span's begin (`B`) or end (`E`), an instant (`i`), a counter (`C`) or metadata (`M`).
///
/// ```swift
/// let event = ChromeTraceEvent(name: "downloading", phase: .begin, time: .milliseconds(5), track: 3)
/// event.json  // {"name":"downloading","cat":"load","ph":"B","ts":5000,"pid":1,"tid":3}
/// ```
public struct ChromeTraceEvent: Sendable, Hashable {
    /// The `ph` field.
    public enum Phase: String, Sendable, Hashable {
        case begin = "B"
        case end = "E"
        case instant = "i"
        case counter = "C"
        case metadata = "M"
    }

    /// An argument value.
    public enum Value: Sendable, Hashable {
        case string(String)
        case int(Int)
    }

    public var name: String
    public var category: String
    public var phase: Phase
    /// Since the run started (written as whole microseconds).
    public var time: Duration
    /// The process id (one run: 1).
    public var process: Int
    /// The thread id: one track per photo (0: the run's own track).
    public var track: Int
    /// `args`, written in key order.
    public var arguments: [String: Value]

    public init(
        name: String, category: String = "load", phase: Phase, time: Duration, process: Int = 1, track: Int,
        arguments: [String: Value] = [:]
    ) {
        self.name = name
        self.category = category
        self.phase = phase
        self.time = time
        self.process = process
        self.track = track
        self.arguments = arguments
    }

    /// Whole microseconds since the start.
    public var microseconds: Int64 {
        let (seconds, attoseconds) = time.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// The event as one JSON object.
    public var json: String {
        var text = "{\"name\":\(Self.quoted(name)),\"cat\":\(Self.quoted(category)),\"ph\":\"\(phase.rawValue)\""
        text += ",\"ts\":\(microseconds),\"pid\":\(process),\"tid\":\(track)"
        if phase == .instant { text += ",\"s\":\"t\"" }
        if !arguments.isEmpty {
            let fields = arguments.sorted { $0.key < $1.key }.map { key, value in
                switch value {
                case .string(let string): "\(Self.quoted(key)):\(Self.quoted(string))"
                case .int(let int): "\(Self.quoted(key)):\(int)"
                }
            }
            text += ",\"args\":{" + fields.joined(separator: ",") + "}"
        }
        return text + "}"
    }

    /// A JSON string literal: quotes, backslashes and every control character escaped.
    static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
