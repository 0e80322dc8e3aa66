import Synchronization

/// One load of one request: follow its phases, change its priority, cancel it, await its result.
///
/// ```swift
/// let task = pipeline.imageTask(for: request)
/// for await phase in task.phases { render(phase) }   // ends after success, failure or cancel
/// task.priority = .veryHigh                           // effective while queued and running
/// ```
///
/// Cancelling is not a failure: the phases simply end without a terminal phase.
public final class ImageTask: Sendable, Hashable, CustomStringConvertible {
    typealias Subscription = CoalescingStage<ImageCacheKey, ProcessedImage>.Subscription

    /// Unique within the process.
    public let id: Int
    /// What was asked for.
    public let request: ImageRequest

    private struct State {
        var priority: ImageRequest.Priority
        var subscription: Subscription?
        var isCancelled = false
        var isFinished = false
    }

    private let state: Mutex<State>
    private let phaseBroadcaster = Broadcaster<ImagePhase>(replaysLast: true, initial: .idle)
    private let pipeline: ImagePipeline

    init(id: Int, request: ImageRequest, pipeline: ImagePipeline) {
        self.id = id
        self.request = request
        self.pipeline = pipeline
        self.state = Mutex(State(priority: request.priority))
    }

    /// The current phase.
    public var phase: ImagePhase { phaseBroadcaster.last ?? .idle }

    /// The current phase, then every change; ends after a terminal phase or a cancel.
    public var phases: AsyncStream<ImagePhase> { phaseBroadcaster.stream() }

    /// How urgently to load. Raising it moves a queued download ahead and raises a shared job
    /// to the highest priority any of its subscribers wants.
    public var priority: ImageRequest.Priority {
        get { state.withLock { $0.priority } }
        set {
            let subscription = state.withLock { state -> Subscription? in
                state.priority = newValue
                return state.isFinished || state.isCancelled ? nil : state.subscription
            }
            if let subscription { pipeline.setPriority(subscription, to: newValue) }
        }
    }

    /// True after `cancel()`.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Stops the load. A shared download continues while other tasks still want it.
    /// Does nothing once the task has finished.
    public func cancel() {
        let subscription = state.withLock { state -> Subscription?? in
            guard !state.isCancelled, !state.isFinished else { return nil }
            state.isCancelled = true
            return .some(state.subscription)
        }
        guard let subscription else { return }
        if let subscription { pipeline.leave(subscription) }
        pipeline.emit(.cancelled, stage: .task, url: request.url?.absoluteString ?? "", taskID: id)
        phaseBroadcaster.finish()
    }

    /// The result: the response, or throws `ImageLoadError`, or `CancellationError` when cancelled.
    public var response: ImageResponse {
        get async throws {
            for await phase in phases {
                switch phase {
                case .success(let response): return response
                case .failure(let error): throw error
                case .idle, .loading, .preview: continue
                }
            }
            throw CancellationError()
        }
    }

    /// The result, or nil when the task was cancelled.
    public var result: Result<ImageResponse, ImageLoadError>? {
        get async {
            do {
                return .success(try await response)
            } catch let error as ImageLoadError {
                return .failure(error)
            } catch {
                return nil
            }
        }
    }

    // MARK: Driven by the pipeline

    /// Records the subscription; false when the task was cancelled meanwhile (leave it then).
    func attach(_ subscription: Subscription) -> Bool {
        state.withLock { state in
            guard !state.isCancelled, !state.isFinished else { return false }
            state.subscription = subscription
            return true
        }
    }

    func reportProgress(_ progress: LoadProgress) {
        guard state.withLock({ !$0.isCancelled && !$0.isFinished }) else { return }
        phaseBroadcaster.send(.loading(progress))
    }

    /// Shows a progressive preview, after `announce` (its event); dropped once the task was
    /// cancelled or finished.
    func reportPreview(_ preview: ImagePreview, announce: () -> Void) {
        guard state.withLock({ !$0.isCancelled && !$0.isFinished }) else { return }
        announce()
        phaseBroadcaster.send(.preview(preview))
    }

    /// Delivers the final phase, after `announce` (events, counters); false when already cancelled or finished.
    @discardableResult
    func finish(_ phase: ImagePhase, announce: () -> Void = {}) -> Bool {
        let accepted = state.withLock { state in
            guard !state.isCancelled, !state.isFinished else { return false }
            state.isFinished = true
            return true
        }
        guard accepted else { return false }
        // Events and counters first: whoever awaits the result sees them already counted.
        announce()
        phaseBroadcaster.send(phase)
        phaseBroadcaster.finish()
        return true
    }

    public static func == (lhs: ImageTask, rhs: ImageTask) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "ImageTask#\(id)(\(request.url?.absoluteString ?? "nil"))" }
}
