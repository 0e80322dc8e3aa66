import Synchronization

/// Loads images ahead of need at low priority, into the memory cache (decoded and processed)
/// or only into the disk cache (original bytes, nothing decoded).
///
/// ```swift
/// let prefetcher = ImagePrefetcher(pipeline: pipeline, destination: .diskCache)
/// prefetcher.startPrefetching(with: nextRows.map(\.request))
/// prefetcher.stopPrefetching(with: rowsScrolledPast.map(\.request))
/// ```
/// Prefetches share downloads with visible rows; a row that needs the same image raises the
/// shared download to its own priority.
public final class ImagePrefetcher: Sendable {
    /// Where prefetched images go.
    public enum Destination: Sendable, Hashable {
        /// Decode and process into the memory cache (and the disk cache per the request's policy).
        case memoryCache
        /// Download the original bytes into the disk cache only.
        case diskCache
    }

    private enum Job {
        case image(ImageTask)
        case data(Task<Void, Never>)

        func cancel() {
            switch self {
            case .image(let task): task.cancel()
            case .data(let task): task.cancel()
            }
        }
    }

    private struct State {
        var jobs: [String: (id: Int, job: Job)] = [:]
        var nextID = 0
    }

    private let pipeline: ImagePipeline
    /// Where images go.
    public let destination: Destination
    /// The priority prefetches run at.
    public let priority: ImageRequest.Priority
    private let state = Mutex(State())

    public init(pipeline: ImagePipeline = .shared, destination: Destination = .memoryCache, priority: ImageRequest.Priority = .low) {
        self.pipeline = pipeline
        self.destination = destination
        self.priority = priority
    }

    deinit {
        for entry in state.withLock({ Array($0.jobs.values) }) { entry.job.cancel() }
    }

    /// Prefetches running now.
    public var pendingCount: Int { state.withLock { $0.jobs.count } }

    /// Starts prefetching each request not already prefetching or cached in memory.
    public func startPrefetching(with requests: [ImageRequest]) {
        for var request in requests {
            guard let key = key(for: request) else { continue }
            if destination == .memoryCache, pipeline.cachedImage(for: request) != nil { continue }
            guard let id = reserve(key) else { continue }
            request.priority = priority
            let job: Job
            switch destination {
            case .memoryCache:
                let task = pipeline.imageTask(for: request)
                job = .image(task)
                Task { [weak self] in
                    _ = await task.result
                    self?.finished(key, id: id)
                }
            case .diskCache:
                request.cachePolicy = .persistent  // the point of a disk prefetch
                let control = JobControl(jobID: id, priority: priority, options: JobOptions(policy: .persistent)) { _ in }
                job = .data(
                    Task { [weak self, pipeline] in
                        _ = await pipeline.fetchData(for: request, control: control)
                        self?.finished(key, id: id)
                    })
            }
            let keep = state.withLock { state -> Bool in
                guard state.jobs[key]?.id == id else { return false }
                state.jobs[key] = (id, job)
                return true
            }
            if !keep { job.cancel() }
        }
    }

    /// Stops prefetching these requests (a shared download continues for its other subscribers).
    public func stopPrefetching(with requests: [ImageRequest]) {
        let jobs = state.withLock { state in
            requests.compactMap { request in key(for: request).flatMap { state.jobs.removeValue(forKey: $0)?.job } }
        }
        for job in jobs { job.cancel() }
    }

    /// Stops every prefetch.
    public func stopPrefetching() {
        let jobs = state.withLock { state in
            defer { state.jobs = [:] }
            return state.jobs.values.map(\.job)
        }
        for job in jobs { job.cancel() }
    }

    private func key(for request: ImageRequest) -> String? {
        guard let key = request.dataKey else { return nil }
        switch destination {
        case .memoryCache: return ImageCacheKey(url: key, processors: request.processors).description
        case .diskCache: return key
        }
    }

    /// Claims `key` with a placeholder job; nil when already prefetching.
    private func reserve(_ key: String) -> Int? {
        state.withLock { state in
            guard state.jobs[key] == nil else { return nil }
            state.nextID += 1
            state.jobs[key] = (state.nextID, .data(Task {}))
            return state.nextID
        }
    }

    private func finished(_ key: String, id: Int) {
        state.withLock { state in
            if state.jobs[key]?.id == id { state.jobs[key] = nil }
        }
    }
}
