import Synchronization

/// Counts requests per key (path and query), so shaping can tell a first try from a retry.
final class RequestCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// Returns how many earlier requests had this key, and counts this one.
    func next(_ key: String) -> Int {
        counts.withLock { counts in
            let attempt = counts[key, default: 0]
            counts[key] = attempt + 1
            return attempt
        }
    }
}
