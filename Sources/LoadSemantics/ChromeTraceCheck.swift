public import FoundationEssentials
import FoundationExtras

/// Checks a Chrome trace-event file as Perfetto and chrome://tracing read it: a JSON array
/// (possibly unterminated, as a killed writer leaves it) of objects that each have `ph`, `ts`,
/// `pid`, `tid` and `name`; begin and end events that pair up per track, in order; timestamps
/// that never go back.
///
/// ```swift
/// let check = try ChromeTraceCheck(contentsOf: URL(fileURLWithPath: "run.json"))
/// #expect(check.problems.isEmpty)
/// ```
public struct ChromeTraceCheck: Sendable {
    /// One event as read back.
    public struct Event: Sendable, Hashable {
        public var name: String
        public var category: String
        public var phase: String
        public var microseconds: Int64
        public var track: Int
        /// String and integer arguments (integers as their decimal text).
        public var arguments: [String: String]
    }

    /// The events, in file order.
    public private(set) var events: [Event] = []
    /// Every way the file breaks the format (empty: it is a valid trace).
    public private(set) var problems: [String] = []
    /// Whether the array was closed.
    public private(set) var isTerminated = false

    /// Reads and checks a file.
    public init(contentsOf url: URL) throws {
        try self.init(data: Data(contentsOf: url))
    }

    /// Checks the text of a trace.
    public init(data: Data) {
        var text = String(decoding: data, as: UTF8.self).trimmingWhitespace(includingNewlines: true)
        isTerminated = text.hasSuffix("]")
        if !isTerminated {
            // The format allows an unterminated array: close it (after a trailing comma, if any).
            if text.hasSuffix(",") { text.removeLast() }
            text += "]"
        }
        guard let array = (try? JSONValue.parse(Array(text.utf8)))?.array else {
            problems.append("not a JSON array of events")
            return
        }
        var stacks: [Int: [String]] = [:]
        var last: Int64 = .min
        for (index, element) in array.enumerated() {
            guard let object = element.object else {
                problems.append("event \(index) is not an object")
                continue
            }
            let missing = ["ph", "ts", "pid", "tid", "name"].filter { object[$0] == nil }
            if !missing.isEmpty { problems.append("event \(index) lacks \(missing.joined(separator: ", "))") }
            guard let phase = object["ph"]?.string, let name = object["name"]?.string,
                let ts = object["ts"]?.int64, let track = object["tid"]?.int
            else { continue }
            var arguments: [String: String] = [:]
            for (key, value) in object["args"]?.object ?? [:] {
                arguments[key] = value.text
            }
            events.append(Event(name: name, category: object["cat"]?.string ?? "", phase: phase, microseconds: ts, track: track, arguments: arguments))
            if phase != "M" {
                if ts < last { problems.append("event \(index) (\(name)) goes back in time: \(ts) µs after \(last) µs") }
                last = max(last, ts)
            }
            switch phase {
            case "B":
                stacks[track, default: []].append(name)
            case "E":
                guard let open = stacks[track]?.popLast() else {
                    problems.append("event \(index): end of \(name) on track \(track) with no span open")
                    continue
                }
                if open != name { problems.append("event \(index): end of \(name) on track \(track) closes \(open)") }
            default:
                break
            }
        }
        if isTerminated {
            for (track, stack) in stacks.sorted(by: { $0.key < $1.key }) where !stack.isEmpty {
                problems.append("track \(track) ends with \(stack.joined(separator: ", ")) still open")
            }
        }
    }

    /// The events named `name`.
    public func events(named name: String) -> [Event] { events.filter { $0.name == name } }
}
