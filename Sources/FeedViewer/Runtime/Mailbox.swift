import Synchronization

/// A many-writer, one-reader queue of the runtime's deliveries that hands the reader everything
/// pending at once.
///
/// Loader forwarders, the pipeline's events, pages and timers post from any task; the
/// runtime takes a whole batch, handles every message, then draws one frame. So a burst
/// of progress events costs one frame, not one each. The lock is never held across an await.
///
/// ```swift
/// let mailbox = Mailbox()
/// mailbox.post(.wake); mailbox.post(.message(.tick))
/// let batch = await mailbox.next()   // [.wake, .message(.tick)]
/// ```
///
/// Deliberately not generic: a `Mutex` of a generic class's nested state needs its generic
/// metadata built at run time, and on Linux (Swift 6.3) concurrent first uses of such
/// noncopyable generic metadata can spin forever in the runtime's metadata cache.
final class Mailbox: Sendable {
    typealias Item = FeedRuntime.Delivery

    private struct State {
        var items: [Item] = []
        var waiter: CheckedContinuation<[Item]?, Never>?
        var isFinished = false
    }

    private let state = Mutex(State())

    /// Adds an item; wakes the reader if it waits. Ignored after ``finish()``.
    func post(_ item: Item) {
        let (waiter, batch) = state.withLock { state -> (CheckedContinuation<[Item]?, Never>?, [Item]) in
            guard !state.isFinished else { return (nil, []) }
            state.items.append(item)
            guard let waiter = state.waiter else { return (nil, []) }
            state.waiter = nil
            defer { state.items.removeAll() }
            return (waiter, state.items)
        }
        waiter?.resume(returning: batch)
    }

    /// Everything posted since the last call, waiting until something is; nil once finished
    /// (or when the reading task is cancelled).
    func next() async -> [Item]? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[Item]?, Never>) in
                let ready = state.withLock { state -> [Item]?? in
                    if !state.items.isEmpty {
                        defer { state.items.removeAll() }
                        return .some(state.items)
                    }
                    if state.isFinished { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    /// Ends the mailbox: a waiting reader gets nil, later posts are dropped.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<[Item]?, Never>? in
            state.isFinished = true
            state.items.removeAll()
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
