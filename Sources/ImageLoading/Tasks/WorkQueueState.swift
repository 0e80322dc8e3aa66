/// A priority queue with a concurrency limit, as a pure value.
///
/// At most `width` items run; the rest wait, highest priority first, first come first served
/// within a priority. Changing a waiting item's priority moves it in the line.
struct WorkQueueState<Waiter> {
    typealias Priority = ImageRequest.Priority

    private struct Pending {
        let id: Int
        var priority: Priority
        let sequence: Int
        let waiter: Waiter
    }

    let width: Int
    private(set) var running: Set<Int> = []
    private var pending: [Pending] = []
    private var cancelledBeforeEnqueue: Set<Int> = []
    private var nextSequence = 0

    init(width: Int) {
        self.width = max(1, width)
    }

    enum EnqueueAction: Equatable {
        /// A slot was free: run now.
        case run
        /// Wait for a slot; the waiter is resumed by `release` of another item.
        case wait
        /// The item was cancelled before it got here.
        case cancelled
    }

    /// Asks for a slot.
    mutating func enqueue(_ id: Int, priority: Priority, waiter: Waiter) -> EnqueueAction {
        if cancelledBeforeEnqueue.remove(id) != nil { return .cancelled }
        if running.count < width {
            running.insert(id)
            return .run
        }
        pending.append(Pending(id: id, priority: priority, sequence: nextSequence, waiter: waiter))
        nextSequence += 1
        return .wait
    }

    /// Frees a running item's slot; returns the next item to run, if one waits.
    mutating func release(_ id: Int) -> (id: Int, waiter: Waiter)? {
        guard running.remove(id) != nil else { return nil }
        guard running.count < width, let index = nextIndex() else { return nil }
        let next = pending.remove(at: index)
        running.insert(next.id)
        return (next.id, next.waiter)
    }

    /// Removes a waiting item and returns its waiter; a running item is left alone; an unknown
    /// item is remembered so its later `enqueue` returns `.cancelled`.
    mutating func cancel(_ id: Int) -> Waiter? {
        if let index = pending.firstIndex(where: { $0.id == id }) {
            return pending.remove(at: index).waiter
        }
        if !running.contains(id) { cancelledBeforeEnqueue.insert(id) }
        return nil
    }

    /// Forgets a cancellation mark for an item that finished without being enqueued again.
    mutating func forget(_ id: Int) {
        cancelledBeforeEnqueue.remove(id)
    }

    /// Changes a waiting item's priority (a running item has its slot already).
    mutating func setPriority(_ id: Int, to priority: Priority) {
        guard let index = pending.firstIndex(where: { $0.id == id }) else { return }
        pending[index].priority = priority
    }

    /// Waiting items in the order they would run.
    var pendingOrder: [Int] {
        pending.sorted { before($0, $1) }.map(\.id)
    }

    private func nextIndex() -> Int? {
        guard var best = pending.indices.first else { return nil }
        for index in pending.indices.dropFirst() where before(pending[index], pending[best]) {
            best = index
        }
        return best
    }

    private func before(_ lhs: Pending, _ rhs: Pending) -> Bool {
        lhs.priority != rhs.priority ? lhs.priority > rhs.priority : lhs.sequence < rhs.sequence
    }
}
