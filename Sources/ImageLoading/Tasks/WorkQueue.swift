import Synchronization

/// A live priority queue with a concurrency limit: `run` waits for a slot, then runs its body.
///
/// A waiting item follows its job's priority (raising it moves it ahead); cancelling the waiting
/// task takes it out of the line at once.
final class WorkQueue: Sendable {
    typealias Priority = ImageRequest.Priority
    private typealias Waiter = CheckedContinuation<Void, any Error>

    private struct State {
        var queue: WorkQueueState<Waiter>
        var nextID = 1
    }

    private let state: Mutex<State>

    /// A queue running at most `width` items at once.
    init(width: Int) {
        state = Mutex(State(queue: WorkQueueState(width: width)))
    }

    /// The concurrency limit.
    var width: Int { state.withLock { $0.queue.width } }

    /// Items running and waiting now.
    var counts: (running: Int, waiting: Int) {
        state.withLock { ($0.queue.running.count, $0.queue.pendingOrder.count) }
    }

    /// Waits for a slot at `control`'s priority (following its changes), runs `body`, frees the slot.
    ///
    /// `onStart` runs when the slot is granted. Throws `CancellationError` when cancelled while waiting.
    func run<T: Sendable>(
        priority: Priority,
        following control: JobControl? = nil,
        onStart: @Sendable () -> Void = {},
        _ body: () async throws -> T
    ) async throws -> T {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let token = control?.observePriority { [weak self] priority in
            self?.state.withLock { $0.queue.setPriority(id, to: priority) }
        }
        defer { if let token { control?.removeObserver(token) } }
        try await acquire(id, priority: control?.priority ?? priority)
        defer { release(id) }
        onStart()
        return try await body()
    }

    private func acquire(_ id: Int, priority: Priority) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                let action = state.withLock { $0.queue.enqueue(id, priority: priority, waiter: continuation) }
                switch action {
                case .run: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { $0.queue.cancel(id) }
            waiter?.resume(throwing: CancellationError())
        }
    }

    private func release(_ id: Int) {
        let next = state.withLock { state in
            state.queue.forget(id)
            return state.queue.release(id)
        }
        next?.waiter.resume()
    }
}
