import Synchronization

/// One stage of the task graph: jobs keyed by `Key`, shared by every subscriber that asks for the
/// same key while the job runs.
///
/// A job starts with its first subscriber, runs at the highest priority any subscriber wants, and
/// is cancelled only when its last subscriber leaves. The bookkeeping is a `CoalescingState`
/// mutated under a lock; starting, cancelling and delivering happen after the lock is released.
final class CoalescingStage<Key: Hashable & Sendable, Output: Sendable>: Sendable {
    typealias Priority = ImageRequest.Priority

    /// What a subscriber hears.
    enum Event: Sendable {
        case progress(LoadProgress)
        /// Something to show before the result (progressive previews; never the last event).
        case preview(JobPreview)
        case completed(Result<Output, ImageLoadError>)
    }

    typealias Sink = @Sendable (Event) -> Void

    /// The job body. Returns nil when it was cancelled (nothing is delivered then).
    typealias Work = @Sendable (Key, JobControl) async -> Result<Output, ImageLoadError>?

    /// A subscriber's ticket, for leaving or changing priority.
    struct Subscription: Sendable {
        let key: Key
        let jobID: Int
        let subscriberID: Int
        /// True when it joined a job that was already running.
        let coalesced: Bool
        /// The shared job's handle.
        let control: JobControl
    }

    private struct State {
        var coalescing = CoalescingState<Key, Sink>()
        var controls: [Int: JobControl] = [:]
        var nextSubscriberID = 1
    }

    private let state = Mutex(State())

    init() {}

    /// Subscribes to the job for `key`, starting it with `work` when none runs.
    ///
    /// `beforeStart` sees the subscription before a new job's work starts (outside the lock), so
    /// a caller can hook itself up (say, to follow another job's priority) with no window in
    /// which the work runs unobserved.
    func subscribe(
        _ key: Key, priority: Priority, options: JobOptions, sink: @escaping Sink,
        beforeStart: (Subscription) -> Void = { _ in }, work: @escaping Work
    ) -> Subscription {
        let (subscription, start, raised) = state.withLock { state -> (Subscription, Bool, Priority?) in
            let subscriberID = state.nextSubscriberID
            state.nextSubscriberID += 1
            switch state.coalescing.subscribe(key, subscriber: subscriberID, priority: priority, sink: sink) {
            case .start(let jobID, let priority):
                let control = JobControl(
                    jobID: jobID, priority: priority, options: options,
                    preview: { [weak self] preview in self?.deliverPreview(key, jobID: jobID, preview) },
                    progress: { [weak self] progress in self?.deliverProgress(key, jobID: jobID, progress) })
                state.controls[jobID] = control
                let subscription = Subscription(
                    key: key, jobID: jobID, subscriberID: subscriberID, coalesced: false, control: control)
                return (subscription, true, nil)
            case .join(let jobID, let raised):
                // A running job always has a control: both are created and removed together.
                let control = state.controls[jobID] ?? JobControl(jobID: jobID, priority: priority, options: options) { _ in }
                control.merge(options)
                let subscription = Subscription(
                    key: key, jobID: jobID, subscriberID: subscriberID, coalesced: true, control: control)
                return (subscription, false, raised)
            }
        }
        beforeStart(subscription)
        if start {
            let control = subscription.control
            control.start { [work, weak self] in
                let result = await work(key, control)
                self?.complete(key, jobID: control.jobID, result)
            }
        } else if let raised {
            subscription.control.setPriority(raised)
        }
        return subscription
    }

    /// Leaves a job; the job is cancelled when no subscriber remains.
    func unsubscribe(_ subscription: Subscription) {
        let action = state.withLock { state -> CoalescingState<Key, Sink>.LeaveAction in
            let action = state.coalescing.unsubscribe(
                subscription.key, jobID: subscription.jobID, subscriber: subscription.subscriberID)
            if case .cancel(let jobID) = action { state.controls[jobID] = nil }
            return action
        }
        switch action {
        case .none: break
        case .cancel: subscription.control.cancel()
        case .reprioritize(_, let priority): subscription.control.setPriority(priority)
        }
    }

    /// Changes one subscriber's priority; the job follows when its highest wanted priority changes.
    func setPriority(_ subscription: Subscription, to priority: Priority) {
        let changed = state.withLock {
            $0.coalescing.setPriority(
                subscription.key, jobID: subscription.jobID, subscriber: subscription.subscriberID, to: priority)
        }
        if let changed { subscription.control.setPriority(changed) }
    }

    /// Subscribers of the job for `key` (0 when none runs), for tests and diagnostics.
    func subscriberCount(_ key: Key) -> Int { state.withLock { $0.coalescing.subscriberCount(key) } }

    /// The priority the job for `key` runs at (nil when none runs).
    func priority(_ key: Key) -> Priority? { state.withLock { $0.coalescing.priority(key) } }

    /// Jobs running now.
    var runningJobCount: Int { state.withLock { $0.controls.count } }

    private func deliverProgress(_ key: Key, jobID: Int, _ progress: LoadProgress) {
        let sinks = state.withLock { $0.coalescing.sinks(key, jobID: jobID) }
        for sink in sinks { sink(.progress(progress)) }
    }

    private func deliverPreview(_ key: Key, jobID: Int, _ preview: JobPreview) {
        let sinks = state.withLock { $0.coalescing.sinks(key, jobID: jobID) }
        for sink in sinks { sink(.preview(preview)) }
    }

    private func complete(_ key: Key, jobID: Int, _ result: Result<Output, ImageLoadError>?) {
        let sinks = state.withLock { state -> [Sink] in
            state.controls[jobID] = nil
            return state.coalescing.complete(key, jobID: jobID)
        }
        guard let result else { return }
        for sink in sinks { sink(.completed(result)) }
    }
}
