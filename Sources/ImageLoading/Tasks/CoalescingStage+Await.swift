import Synchronization

extension CoalescingStage {
    /// Subscribes from inside another job and waits for the result.
    ///
    /// Progress goes to `onProgress`, previews to `onPreview`; the subscription follows `follow`'s priority and options
    /// (a subscriber joining `follow` later can widen what this job does); cancelling the
    /// calling task leaves the stage (cancelling the job when it was the last subscriber) and
    /// returns nil.
    func value(
        for key: Key,
        options: JobOptions,
        following follow: JobControl,
        onSubscribe: @Sendable (Subscription) -> Void = { _ in },
        onProgress: @escaping @Sendable (LoadProgress) -> Void,
        onPreview: (@Sendable (JobPreview) -> Void)? = nil,
        work: @escaping Work
    ) async -> Result<Output, ImageLoadError>? {
        let waiter = StageWaiter<Key, Output>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard waiter.setContinuation(continuation) else { return }
                let subscribedPriority = follow.priority
                var token = 0
                let subscription = subscribe(
                    key, priority: subscribedPriority, options: options,
                    sink: { event in
                        switch event {
                        case .progress(let progress): onProgress(progress)
                        case .preview(let preview): onPreview?(preview)
                        case .completed(let result): waiter.resume(result)
                        }
                    },
                    beforeStart: { subscription in
                        // Follow before the work can start; catch changes made since the reads above.
                        token = follow.observe(
                            priority: { [weak self] priority in self?.setPriority(subscription, to: priority) },
                            options: { options in subscription.control.merge(options) })
                        let current = follow.priority
                        if current != subscribedPriority { setPriority(subscription, to: current) }
                        subscription.control.merge(follow.options)
                    },
                    work: work)
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
