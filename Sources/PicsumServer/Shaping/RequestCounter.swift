import Synchronization

/// Counts requests per key (path and query), so shaping can tell a first try from a retry.
///
/// Bounded: a client asking for endless distinct paths must not grow the server without end.
/// Keys live in two generations; when the current one fills half the capacity it becomes the
/// previous one (and the old previous one is dropped), so the most recently seen keys are kept
/// and a key unseen for a long time counts as a first try again.
final class RequestCounter: Sendable {
    private struct Generations {
        var current: [String: Int] = [:]
        var previous: [String: Int] = [:]
    }

    /// The most keys remembered at once.
    let capacity: Int
    private let state = Mutex(Generations())

    init(capacity: Int = 65_536) {
        self.capacity = max(2, capacity)
    }

    /// Returns how many earlier requests had this key, and counts this one.
    func next(_ key: String) -> Int {
        state.withLock { state in
            let attempt = state.current[key] ?? state.previous.removeValue(forKey: key) ?? 0
            if state.current[key] == nil, state.current.count >= capacity / 2 {
                state.previous = state.current
                state.current = [:]
            }
            state.current[key] = attempt + 1
            return attempt
        }
    }

    /// Keys remembered now (at most `capacity`).
    var count: Int { state.withLock { $0.current.count + $0.previous.count } }
}
