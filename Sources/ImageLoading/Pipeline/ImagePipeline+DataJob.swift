import FoundationEssentials
import Synchronization

extension ImagePipeline {
    /// A failed download attempt, with what the retry policy needs.
    struct AttemptFailure: Error {
        var error: ImageLoadError
        var retryAfter: String?
        /// The body that arrived before it ended early (from byte 0, kept bytes included), and
        /// the length announced: what is shown of a download cut for good.
        var arrived: [UInt8] = []
        var expected: Int?
    }

    /// The shared job for one URL: a fresh disk-cache entry, else the network through the priority
    /// queue — a conditional request when a stale entry has validators (a 304 keeps its bytes) —
    /// with retries and resumable partial data. When every attempt to revalidate fails with a
    /// retryable error (transport, timeout, 5xx, 429), the stale bytes are served unless the entry
    /// said `must-revalidate` or `no-cache` (RFC 9111 §4.2.4). Nil when cancelled.
    func runDataJob(
        key: String, url: URL, headers: [String: String], control: JobControl
    ) async -> Result<FetchedData, ImageLoadError>? {
        let clock = ContinuousClock()
        let started = clock.now
        var stale: CachedData?
        if control.options.readsDisk, let diskCache = configuration.diskCache,
            let cached = await diskCache.cachedData(for: key)
        {
            if cached.isFresh(at: configuration.currentDate()) {
                emit(.diskHit, stage: .data, url: url.absoluteString, taskID: control.jobID)
                emit(.finished(.disk), stage: .data, url: url.absoluteString, taskID: control.jobID)
                return .success(FetchedData(bytes: cached.bytes, source: .disk, transferred: 0, fetch: clock.now - started))
            }
            // Stale: revalidated when it has validators, else downloaded again; either way replaced.
            stale = cached
        }
        var retry = RetryState(policy: configuration.retryPolicy)
        // The most of the body any attempt brought, shown if the download never completes.
        var arrived: (bytes: [UInt8], expected: Int?) = ([], nil)
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
                    try await download(key: key, url: url, headers: headers, revalidating: stale, control: control)
                }
                let slot = slotAt.withLock { $0 } ?? queuedAt
                fetched.queued = slot - queuedAt
                fetched.fetch = clock.now - slot
                if control.options.writesDisk, let diskCache = configuration.diskCache {
                    await store(fetched, for: key, replacing: stale != nil, in: diskCache)
                }
                emit(.finished(fetched.source), stage: .data, url: url.absoluteString, taskID: control.jobID)
                return .success(fetched)
            } catch let failure as AttemptFailure {
                if failure.arrived.count > arrived.bytes.count { arrived = (failure.arrived, failure.expected) }
                switch retry.failed(with: failure.error, retryAfter: failure.retryAfter, now: Date()) {
                case .giveUp:
                    if let stale, stale.freshness?.allowsStaleOnError == true, RetryPolicy.isRetryable(failure.error) {
                        // The origin could not be reached to revalidate: the stale bytes beat an error.
                        emit(.diskHit, stage: .data, url: url.absoluteString, taskID: control.jobID)
                        emit(.finished(.disk), stage: .data, url: url.absoluteString, taskID: control.jobID)
                        return .success(FetchedData(bytes: stale.bytes, source: .disk, transferred: 0, fetch: clock.now - started))
                    }
                    if configuration.allowsPartialImages, !arrived.bytes.isEmpty {
                        // Cut for good: what arrived is shown as far as it decodes, marked, and
                        // not stored (the kept bytes, if any, still let a retry resume).
                        let cut = DownloadCut(received: arrived.bytes.count, expected: arrived.expected)
                        emit(.cut(received: cut.received, expected: cut.expected), stage: .data, url: url.absoluteString, taskID: control.jobID)
                        return .success(FetchedData(
                            bytes: arrived.bytes, source: .network, transferred: arrived.bytes.count, fetch: clock.now - started,
                            cut: cut))
                    }
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

    /// Writes what a download or a revalidation brought, unless its response said `no-store`
    /// (then an entry it replaces is removed: it no longer describes what the server sends).
    private func store(_ fetched: FetchedData, for key: String, replacing: Bool, in diskCache: any DataCaching) async {
        guard let freshness = fetched.freshness else {
            await diskCache.store(fetched.bytes, for: key)
            return
        }
        if freshness.noStore {
            if replacing { await diskCache.removeData(for: key) }
            return
        }
        await diskCache.store(CachedData(bytes: fetched.bytes, freshness: freshness), for: key)
    }

    private func cancelled(_ url: URL, _ control: JobControl) -> Result<FetchedData, ImageLoadError>? {
        emit(.cancelled, stage: .data, url: url.absoluteString, taskID: control.jobID)
        return nil
    }
}
