import Synchronization

extension CoalescingStage {
    /// Subscribes from inside another job and waits for the result.
    ///
    /// Progress goes to `onProgress`; the subscription follows `follow`'s priority; cancelling the
    /// calling task leaves the stage (cancelling the job when it was the last subscriber) and
    /// returns nil.
    func value(
        for key: Key,
        options: JobOptions,
        following follow: JobControl,
        onSubscribe: @Sendable (Subscription) -> Void = { _ in },
        onProgress: @escaping @Sendable (LoadProgress) -> Void,
        work: @escaping Work
    ) async -> Result<Output, ImageLoadError>? {
        let waiter = StageWaiter<Key, Output>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard waiter.setContinuation(continuation) else { return }
                let subscription = subscribe(
                    key, priority: follow.priority, options: options,
                    sink: { event in
                        switch event {
                        case .progress(let progress): onProgress(progress)
                        case .completed(let result): waiter.resume(result)
                        }
                    },
                    work: work)
                let token = follow.observePriority { [weak self] priority in
                    self?.setPriority(subscription, to: priority)
                }
                onSubscribe(subscription)
                if !waiter.setSubscription(subscription, token: token) {
                    follow.removeObserver(token)
                    unsubscribe(subscription)
                }
            }
        } onCancel: {
            if let (subscription, token) = waiter.cancel() {
                follow.removeObserver(token)
                unsubscribe(subscription)
            }
        }
    }
}

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
