import Synchronization

/// The meeting point of a waiting job, its subscription and a cancellation that may come first.
final class StageWaiter<Key: Hashable & Sendable, Output: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Output, ImageLoadError>?, Never>?
        var subscription: CoalescingStage<Key, Output>.Subscription?
        var token: Int?
        var isCancelled = false
        var isResumed = false
    }

    private let state = Mutex(State())

    /// False when already cancelled (the continuation is resumed with nil then).
    func setContinuation(_ continuation: CheckedContinuation<Result<Output, ImageLoadError>?, Never>) -> Bool {
        let cancelled = state.withLock { state in
            if state.isCancelled {
                state.isResumed = true
                return true
            }
            state.continuation = continuation
            return false
        }
        if cancelled { continuation.resume(returning: nil) }
        return !cancelled
    }

    /// False when cancelled meanwhile (the caller must unsubscribe).
    func setSubscription(_ subscription: CoalescingStage<Key, Output>.Subscription, token: Int) -> Bool {
        state.withLock { state in
            guard !state.isCancelled else { return false }
            state.subscription = subscription
            state.token = token
            return true
        }
    }

    func resume(_ result: Result<Output, ImageLoadError>) {
        let continuation = state.withLock { state -> CheckedContinuation<Result<Output, ImageLoadError>?, Never>? in
            guard !state.isResumed else { return nil }
            state.isResumed = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: result)
    }

    /// Marks cancelled, resumes with nil, returns the subscription to leave (if made yet).
    func cancel() -> (CoalescingStage<Key, Output>.Subscription, Int)? {
        let (continuation, leave) = state.withLock {
            state -> (CheckedContinuation<Result<Output, ImageLoadError>?, Never>?, (CoalescingStage<Key, Output>.Subscription, Int)?) in
            state.isCancelled = true
            var continuation: CheckedContinuation<Result<Output, ImageLoadError>?, Never>?
            if !state.isResumed {
                state.isResumed = true
                continuation = state.continuation
                state.continuation = nil
            }
            guard let subscription = state.subscription, let token = state.token else { return (continuation, nil) }
            return (continuation, (subscription, token))
        }
        continuation?.resume(returning: nil)
        return leave
    }
}
