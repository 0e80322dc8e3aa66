import Synchronization

/// Partial downloads kept for resuming, bounded by total bytes and entry count (oldest dropped).
final class ResumableDataStore: Sendable {
    private struct State {
        var entries: [String: ResumableData] = [:]
        /// The URL each entry's bytes came from (for events about evicted entries).
        var urls: [String: String] = [:]
        var order: [String] = []
        var totalBytes = 0
    }

    private let state = Mutex(State())
    let byteLimit: Int
    let countLimit: Int

    init(byteLimit: Int = 64 * 1024 * 1024, countLimit: Int = 64) {
        self.byteLimit = byteLimit
        self.countLimit = countLimit
    }

    /// Takes (and removes) the partial bytes kept for a key.
    func take(_ key: String) -> ResumableData? {
        state.withLock { state in
            guard let data = state.entries.removeValue(forKey: key) else { return nil }
            state.urls[key] = nil
            state.order.removeAll { $0 == key }
            state.totalBytes -= data.bytes.count
            return data
        }
    }

    /// What ``store(_:for:url:)`` did: whether it kept the bytes, and the entries it evicted.
    struct StoreOutcome {
        var stored: Bool
        var evicted: [(url: String, bytes: Int)]
    }

    /// Keeps partial bytes (`url` names where they came from), evicting the oldest entries to
    /// stay within the limits.
    @discardableResult
    func store(_ data: ResumableData, for key: String, url: String? = nil) -> StoreOutcome {
        guard data.bytes.count <= byteLimit else { return StoreOutcome(stored: false, evicted: []) }
        return state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) {
                state.order.removeAll { $0 == key }
                state.totalBytes -= old.bytes.count
            }
            var evicted: [(url: String, bytes: Int)] = []
            while !state.order.isEmpty,
                state.totalBytes + data.bytes.count > byteLimit || state.order.count >= countLimit
            {
                let oldest = state.order.removeFirst()
                let bytes = state.entries.removeValue(forKey: oldest)?.bytes.count ?? 0
                state.totalBytes -= bytes
                evicted.append((state.urls.removeValue(forKey: oldest) ?? oldest, bytes))
            }
            state.entries[key] = data
            state.urls[key] = url ?? key
            state.order.append(key)
            state.totalBytes += data.bytes.count
            return StoreOutcome(stored: true, evicted: evicted)
        }
    }

    /// Bytes kept for a key, without removing them.
    func peek(_ key: String) -> ResumableData? { state.withLock { $0.entries[key] } }

    /// Entry count and total bytes.
    var usage: (count: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.totalBytes) } }

    /// Drops every entry; returns what was dropped (URL and byte count).
    @discardableResult
    func removeAll() -> [(url: String, bytes: Int)] {
        state.withLock { state in
            defer { state = State() }
            return state.order.map { (state.urls[$0] ?? $0, state.entries[$0]?.bytes.count ?? 0) }
        }
    }
}
