import Synchronization

/// Partial downloads kept for resuming, bounded by total bytes and entry count (oldest dropped).
final class ResumableDataStore: Sendable {
    private struct State {
        var entries: [String: ResumableData] = [:]
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
            state.order.removeAll { $0 == key }
            state.totalBytes -= data.bytes.count
            return data
        }
    }

    /// Keeps partial bytes, evicting the oldest entries to stay within the limits.
    func store(_ data: ResumableData, for key: String) {
        guard data.bytes.count <= byteLimit else { return }
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) {
                state.order.removeAll { $0 == key }
                state.totalBytes -= old.bytes.count
            }
            while !state.order.isEmpty,
                state.totalBytes + data.bytes.count > byteLimit || state.order.count >= countLimit
            {
                let oldest = state.order.removeFirst()
                state.totalBytes -= state.entries.removeValue(forKey: oldest)?.bytes.count ?? 0
            }
            state.entries[key] = data
            state.order.append(key)
            state.totalBytes += data.bytes.count
        }
    }

    /// Bytes kept for a key, without removing them.
    func peek(_ key: String) -> ResumableData? { state.withLock { $0.entries[key] } }

    /// Entry count and total bytes.
    var usage: (count: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.totalBytes) } }

    func removeAll() {
        state.withLock { $0 = State() }
    }
}
