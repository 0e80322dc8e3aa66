import Foundation
import Synchronization

extension ImagePipeline {
    /// A failed download attempt, with what the retry policy needs.
    struct AttemptFailure: Error {
        var error: ImageLoadError
        var retryAfter: String?
    }

    /// The shared job for one URL: the disk cache, else the network through the priority queue,
    /// with retries and resumable partial data. Nil when cancelled.
    func runDataJob(
        key: String, url: URL, headers: [String: String], control: JobControl
    ) async -> Result<FetchedData, ImageLoadError>? {
        let clock = ContinuousClock()
        let started = clock.now
        if control.options.readsDisk, let diskCache = configuration.diskCache,
            let bytes = await diskCache.data(for: key)
        {
            emit(.diskHit, stage: .data, url: url.absoluteString, taskID: control.jobID)
            emit(.finished(.disk), stage: .data, url: url.absoluteString, taskID: control.jobID)
            return .success(FetchedData(bytes: bytes, source: .disk, transferred: 0, fetch: clock.now - started))
        }
        var retry = RetryState(policy: configuration.retryPolicy)
        while true {
            if Task.isCancelled { return cancelled(url, control) }
            emit(.queued, stage: .data, url: url.absoluteString, taskID: control.jobID)
            let queuedAt = clock.now
            let slotAt = Mutex<ContinuousClock.Instant?>(nil)
            do {
                var fetched = try await networkQueue.run(
                    priority: control.priority, following: control,
                    onStart: { [self] in
                        slotAt.withLock { $0 = clock.now }
                        emit(.started, stage: .data, url: url.absoluteString, taskID: control.jobID)
                    }
                ) {
                    try await download(key: key, url: url, headers: headers, control: control)
                }
                let slot = slotAt.withLock { $0 } ?? queuedAt
                fetched.queued = slot - queuedAt
                fetched.fetch = clock.now - slot
                if control.options.writesDisk, let diskCache = configuration.diskCache {
                    await diskCache.store(fetched.bytes, for: key)
                }
                emit(.finished(fetched.source), stage: .data, url: url.absoluteString, taskID: control.jobID)
                return .success(fetched)
            } catch let failure as AttemptFailure {
                switch retry.failed(with: failure.error, retryAfter: failure.retryAfter, now: Date()) {
                case .giveUp:
                    emit(.failed(failure.error), stage: .data, url: url.absoluteString, taskID: control.jobID)
                    return .failure(failure.error)
                case .retry(let delay, let attempt):
                    emit(.retried(attempt: attempt, after: delay, error: failure.error), stage: .data, url: url.absoluteString, taskID: control.jobID)
                    do {
                        try await configuration.clock.sleep(for: delay)
                    } catch {
                        return cancelled(url, control)
                    }
                }
            } catch {
                // Only cancellation reaches here: `download` wraps every other error.
                return cancelled(url, control)
            }
        }
    }

    private func cancelled(_ url: URL, _ control: JobControl) -> Result<FetchedData, ImageLoadError>? {
        emit(.cancelled, stage: .data, url: url.absoluteString, taskID: control.jobID)
        return nil
    }
}
