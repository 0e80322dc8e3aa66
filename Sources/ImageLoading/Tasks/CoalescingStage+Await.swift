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
