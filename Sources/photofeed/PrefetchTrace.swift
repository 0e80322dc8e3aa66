import FeedSources
import FoundationEssentials
import ImageLoading
import LoadSemantics
import Synchronization
import Vocabulary

/// `prefetch --trace`: the prefetch as a Chrome trace, audited like a viewer's run. Every photo
/// is recorded as in the prefetch window, then its load; the pipeline's events are forwarded as
/// they happen; each load's outcome is its phase.
final class PrefetchTrace: Sendable {
    private let recorder: LoadRecorder
    private let start = ContinuousClock.now
    private let forwarder: Task<Void, Never>
    /// Loads asked for, and tasks whose end the forwarder has recorded.
    private final class Counts: Sendable {
        let state = Mutex((loads: 0, ended: 0, closing: false))
    }

    private let counts = Counts()

    /// Starts recording `pipeline`'s events into a trace at `path`.
    init(path: String, pipeline: ImagePipeline) throws {
        let recorder = LoadRecorder(
            audit: .init(onDisappear: .keep, maxAttempts: pipeline.configuration.retryPolicy.maxAttempts),
            trace: try FileTraceSink(path: path), drawsFrames: false)
        self.recorder = recorder
        let events = pipeline.events
        let start = self.start
        let counts = self.counts
        forwarder = Task {
            for await event in events {
                recorder.record(.pipeline(event), at: ContinuousClock.now - start)
                guard event.stage == .task else { continue }
                // A task's end is the last word about its photo: write it out; after the last one, stop.
                recorder.flush()
                switch event.kind {
                case .finished, .failed, .cancelled:
                    let done = counts.state.withLock { counts in
                        counts.ended += 1
                        return counts.closing && counts.ended >= counts.loads
                    }
                    if done { return }
                default:
                    break
                }
            }
        }
    }

    private var now: Duration { ContinuousClock.now - start }

    /// Why the trace stopped early, when it did.
    var failure: String? { recorder.traceError?.description }

    /// A photo about to be loaded with `request` (load `id`).
    func willLoad(_ photo: FeedPhoto, request: ImageRequest, id: Int) {
        counts.state.withLock { $0.loads += 1 }
        recorder.record(.visibility(.item(PhotoKey(id: photo.id)), .prefetch), at: now)
        let urls = [request.url, request.lowDataURL].compactMap { $0?.absoluteString }
        recorder.record(.load(.item(PhotoKey(id: photo.id)), id: id, urls: urls, priority: request.priority, label: photo.author), at: now)
    }

    /// The outcome of load `id` of the photo `photoID`.
    func finished(_ photoID: String, id: Int, _ outcome: Result<ImageResponse, any Error>) {
        let phase: LoadRecord.Phase =
            switch outcome {
            case .success(let response): .success(response.source)
            case .failure(let error): .failure(reason: String(describing: error))
            }
        recorder.record(.phase(.item(PhotoKey(id: photoID)), id: id, phase), at: now)
    }

    /// Waits for the pipeline's last events (every task's end, at most a second more), then
    /// closes the trace; returns the audit's violations.
    func finish() async -> [Violation] {
        let allEnded = counts.state.withLock { counts in
            counts.closing = true
            return counts.ended >= counts.loads
        }
        if allEnded { forwarder.cancel() }
        let forwarder = self.forwarder
        let deadline = Task {
            try? await Task.sleep(for: .seconds(1))
            forwarder.cancel()
        }
        await forwarder.value
        deadline.cancel()
        recorder.finish(at: now)
        return recorder.violations
    }
}
