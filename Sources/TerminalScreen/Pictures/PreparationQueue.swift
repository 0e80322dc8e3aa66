/// Which of the encodings asked of a ``PicturePreparation`` are made now: at most
/// ``limit`` at once, the rest in the order they were asked for. Pure: the preparation holds it
/// under its lock and runs the actions it returns after letting go.
///
/// On a machine of two cores, encodings made two at a time (a sixel palette, a kitty PNG: each
/// milliseconds long) would leave the frame's thread no core of its own, and frames drawn while
/// they ran would take twice as long. One at a time, a frame has a core (`feedbench --scenario
/// scroll` times every frame).
///
/// ```swift
/// var queue = PreparationQueue<String>(limit: 1)
/// queue.ask("a")        // .start("a")
/// queue.ask("b")        // .wait
/// queue.finished("a")   // .start("b")
/// ```
struct PreparationQueue<Key: Hashable> {
    /// The most encodings made at once.
    let limit: Int
    /// Being made.
    private(set) var running: Set<Key> = []
    /// Asked for, not started, oldest first.
    private(set) var waiting: [Key] = []

    /// What to do next.
    enum Action: Equatable {
        /// Start making this one.
        case start(Key)
        /// Nothing now.
        case wait
    }

    /// A queue making at most `limit` encodings at once (at least 1).
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// `key` is asked for (not already running or waiting: the preparation checks).
    mutating func ask(_ key: Key) -> Action {
        guard running.count < limit else {
            waiting.append(key)
            return .wait
        }
        running.insert(key)
        return .start(key)
    }

    /// `key`'s encoding is made (or given up): the next one waiting starts.
    mutating func finished(_ key: Key) -> Action {
        running.remove(key)
        guard running.count < limit, !waiting.isEmpty else { return .wait }
        let next = waiting.removeFirst()
        running.insert(next)
        return .start(next)
    }

    /// Forgets everything asked.
    mutating func removeAll() {
        running.removeAll()
        waiting.removeAll()
    }
}
