import Synchronization

/// The handle of one running shared job: its current priority (with observers that follow it
/// into queues and downstream stages), its merged options, and its cancellation.
final class JobControl: Sendable {
    typealias Priority = ImageRequest.Priority

    /// Someone following this job: a downstream stage's subscription.
    private struct Observer {
        var priority: @Sendable (Priority) -> Void
        var options: (@Sendable (JobOptions) -> Void)?
    }

    private struct State {
        var priority: Priority
        var options: JobOptions
        var task: Task<Void, Never>?
        var isCancelled = false
        var observers: [Int: Observer] = [:]
        var nextObserverID = 0
    }

    /// Unique within its stage.
    let jobID: Int
    private let state: Mutex<State>
    private let progressSink: @Sendable (LoadProgress) -> Void
    private let previewSink: @Sendable (JobPreview) -> Void

    init(
        jobID: Int, priority: Priority, options: JobOptions,
        preview: @escaping @Sendable (JobPreview) -> Void = { _ in },
        progress: @escaping @Sendable (LoadProgress) -> Void
    ) {
        self.jobID = jobID
        self.state = Mutex(State(priority: priority, options: options))
        self.progressSink = progress
        self.previewSink = preview
    }

    /// The highest priority any subscriber wants right now.
    var priority: Priority { state.withLock { $0.priority } }

    /// What the subscribers want done with the result so far.
    var options: JobOptions { state.withLock { $0.options } }

    /// True once the last subscriber left.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Tells every subscriber how far the job got.
    func reportProgress(_ progress: LoadProgress) { progressSink(progress) }

    /// Tells every subscriber what the job can show before its result (progressive previews).
    func reportPreview(_ preview: JobPreview) { previewSink(preview) }

    /// Widens what the job does with its result; observers hear of a change (outside the lock).
    func merge(_ options: JobOptions) {
        let (merged, observers) = state.withLock { state -> (JobOptions, [@Sendable (JobOptions) -> Void]) in
            let before = state.options
            state.options.merge(options)
            guard state.options != before else { return (state.options, []) }
            return (state.options, state.observers.values.compactMap(\.options))
        }
        for observer in observers { observer(merged) }
    }

    /// Calls `body` with every later priority change; returns a token for `removeObserver`.
    func observePriority(_ body: @escaping @Sendable (Priority) -> Void) -> Int {
        observe(priority: body, options: nil)
    }

    /// Calls `priority` with every later priority change and `options` with every widening of
    /// the options; returns a token for `removeObserver`.
    func observe(
        priority: @escaping @Sendable (Priority) -> Void, options: (@Sendable (JobOptions) -> Void)?
    ) -> Int {
        state.withLock { state in
            let id = state.nextObserverID
            state.nextObserverID += 1
            state.observers[id] = Observer(priority: priority, options: options)
            return id
        }
    }

    func removeObserver(_ token: Int) {
        _ = state.withLock { $0.observers.removeValue(forKey: token) }
    }

    /// Records a new priority and tells the observers (outside the lock).
    func setPriority(_ priority: Priority) {
        let observers = state.withLock { state -> [@Sendable (Priority) -> Void] in
            guard state.priority != priority else { return [] }
            state.priority = priority
            return state.observers.values.map(\.priority)
        }
        for observer in observers { observer(priority) }
    }

    /// Runs the job's body in a new task (not on the caller's actor).
    func start(_ body: @escaping @Sendable () async -> Void) {
        let task = Task { await body() }
        let cancelNow = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if cancelNow { task.cancel() }
    }

    /// Cancels the job's task.
    func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}
