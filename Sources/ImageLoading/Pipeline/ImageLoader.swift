import Synchronization

/// One row's loader (the FetchImage analogue, UI-agnostic): load a request, follow its phase,
/// change its priority, cancel it, and switch between the low-data and the regular image.
///
/// ```swift
/// let loader = ImageLoader(pipeline: pipeline)
/// loader.load(request)                 // the row appeared
/// for await phase in loader.phases { redraw(phase) }
/// loader.cancel()                      // the row disappeared
/// ```
///
/// With `lowData` on, `load` fetches the request's `lowDataURL` (when it has one). Switching it
/// off changes the loads that follow, not the image shown: loading the regular image is the
/// caller's decision (a viewer's model emits that load, so its audit and trace see it).
public final class ImageLoader: Sendable {
    private struct State {
        var request: ImageRequest?
        var task: ImageTask?
        var generation = 0
        var priority: ImageRequest.Priority = .normal
        var lowData = false
        var showsLowData = false
    }

    private let pipeline: ImagePipeline
    private let state = Mutex(State())
    private let phaseBroadcaster = Broadcaster<ImagePhase>(replaysLast: true, initial: .idle)

    public init(pipeline: ImagePipeline = .shared) {
        self.pipeline = pipeline
    }

    deinit {
        state.withLock { $0.task }?.cancel()
        phaseBroadcaster.finish()
    }

    /// What the row should show now.
    public var phase: ImagePhase { phaseBroadcaster.last ?? .idle }

    /// The current phase, then every change.
    public var phases: AsyncStream<ImagePhase> { phaseBroadcaster.stream() }

    /// The request last given to `load`.
    public var request: ImageRequest? { state.withLock { $0.request } }

    /// True while the shown image is the low-data variant.
    public var showsLowData: Bool { state.withLock { $0.showsLowData } }

    /// The priority of the current and later loads; effective while queued and running.
    public var priority: ImageRequest.Priority {
        get { state.withLock { $0.priority } }
        set {
            let task = state.withLock { state -> ImageTask? in
                state.priority = newValue
                return state.task
            }
            task?.priority = newValue
        }
    }

    /// Low-data mode for the loads that follow: `lowDataURL` instead of the URL.
    public var lowData: Bool {
        get { state.withLock { $0.lowData } }
        set { state.withLock { $0.lowData = newValue } }
    }

    /// Starts loading `request`, cancelling any earlier load. A nil request fails with `invalidURL`.
    public func load(_ request: ImageRequest?) {
        guard let request else {
            let old = state.withLock { state -> ImageTask? in
                state.generation += 1
                state.request = nil
                state.showsLowData = false
                defer { state.task = nil }
                return state.task
            }
            old?.cancel()
            phaseBroadcaster.send(.failure(.invalidURL("no URL")))
            return
        }
        start(request)
    }

    /// Loads the last request again (the `r` key after a failure); nothing when there is none.
    public func reload() {
        guard let request else { return }
        start(request)
    }

    /// Stops the current load; a row that was still loading goes back to `idle`.
    public func cancel() {
        let old = state.withLock { state -> ImageTask? in
            state.generation += 1
            defer { state.task = nil }
            return state.task
        }
        old?.cancel()
        if !phase.isTerminal { phaseBroadcaster.send(.idle) }
    }

    private func start(_ request: ImageRequest) {
        let (old, generation, effective, isLowData) = state.withLock {
            state -> (ImageTask?, Int, ImageRequest, Bool) in
            state.generation += 1
            state.request = request
            var effective = request
            var isLowData = false
            if state.lowData, let variant = request.lowDataVariant {
                effective = variant
                isLowData = true
            }
            effective.priority = state.priority
            let old = state.task
            state.task = nil
            return (old, state.generation, effective, isLowData)
        }
        old?.cancel()
        let task = pipeline.imageTask(for: effective)
        let current = state.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            state.task = task
            return true
        }
        guard current else {
            task.cancel()
            return
        }
        // A memory-cache hit (or an invalid URL) is settled already: show it now, with no
        // loading phase in between, so a re-appearing row never flashes its placeholder.
        if task.phase.isTerminal {
            receive(task.phase, generation: generation, isLowData: isLowData)
            return
        }
        phaseBroadcaster.send(.loading(LoadProgress()))
        let phases = task.phases
        Task { [weak self] in
            for await phase in phases {
                guard let self else { return }
                self.receive(phase, generation: generation, isLowData: isLowData)
            }
        }
    }

    private func receive(_ phase: ImagePhase, generation: Int, isLowData: Bool) {
        let publish = state.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            switch phase {
            case .idle:
                return false
            case .loading, .preview:
                return true
            case .success:
                state.showsLowData = isLowData
                state.task = nil
                return true
            case .failure:
                state.task = nil
                return true
            }
        }
        if publish { phaseBroadcaster.send(phase) }
    }
}
