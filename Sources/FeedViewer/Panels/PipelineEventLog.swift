import Vocabulary
/// The last pipeline events for the event-log panel (`l`): a capped ring buffer, newest last.
///
/// A plain value: the event loop appends, the panel reads. Appending past `capacity` drops the oldest.
///
/// ```swift
/// var log = PipelineEventLog(capacity: 200)
/// log.append(PipelineEventLog.Entry(time: .milliseconds(1200), row: 4, kind: .start))
/// let panel = EventLogPanel.render(log, size: CellSize(columns: 60, rows: 8))
/// ```
public struct PipelineEventLog: Hashable, Sendable {
    /// One logged event.
    public struct Entry: Hashable, Sendable {
        /// Since the viewer started.
        public var time: Duration
        /// The list row (0-based), or nil for feed-wide events.
        public var row: Int?
        /// What happened.
        public var kind: Kind
        /// The semantics audit found this event broke a rule (drawn in red).
        public var flagged: Bool

        public init(time: Duration, row: Int?, kind: Kind, flagged: Bool = false) {
            self.time = time
            self.row = row
            self.kind = kind
            self.flagged = flagged
        }
    }

    /// What happened to a row's load.
    public enum Kind: Hashable, Sendable {
        case appear
        case disappear
        case prefetch
        case start
        /// Bytes so far, and the expected total when known.
        case progress(completed: Int, expected: Int?)
        case cancel
        case lowerPriority
        /// Resumed with a Range request from this byte offset.
        case resume(offset: Int)
        case coalesced
        case memoryHit
        case diskHit
        /// A short reason ("HTTP 500", "timed out").
        case failed(String)
        /// Where the image came from ("network", "disk", "memory").
        case finished(String)
        /// Free text (feed paging, detail view, network knob changes).
        case note(String)
        /// The semantics audit found a rule broken ("rule 2: …").
        case violation(String)
    }

    /// The most entries kept.
    public let capacity: Int
    private var storage: [Entry] = []
    private var start = 0

    /// An empty log keeping at most `capacity` entries (at least 1).
    public init(capacity: Int = 200) {
        self.capacity = max(1, capacity)
        storage.reserveCapacity(self.capacity)
    }

    /// How many entries are kept now.
    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }

    /// Adds an entry, dropping the oldest when full.
    public mutating func append(_ entry: Entry) {
        if storage.count < capacity {
            storage.append(entry)
        } else {
            storage[start] = entry
            start = (start + 1) % capacity
        }
    }

    /// Every kept entry, oldest first.
    public var entries: [Entry] { suffix(count) }

    /// The newest `n` entries, oldest first.
    public func suffix(_ n: Int) -> [Entry] {
        let wanted = min(max(0, n), storage.count)
        return (storage.count - wanted..<storage.count).map { storage[(start + $0) % storage.count] }
    }

    /// Flags the newest entry `matching` (the event a violation is about); false when none matches.
    @discardableResult
    public mutating func flagNewest(where matching: (Entry) -> Bool) -> Bool {
        guard !storage.isEmpty else { return false }
        for offset in (0..<storage.count).reversed() {
            let index = (start + offset) % storage.count
            if matching(storage[index]) {
                storage[index].flagged = true
                return true
            }
        }
        return false
    }

    /// Forgets every entry.
    public mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        start = 0
    }
}
