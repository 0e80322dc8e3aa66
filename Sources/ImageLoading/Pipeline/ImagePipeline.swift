import FoundationEssentials
public import ImageCodecs
import Synchronization

/// Loads images: memory cache → coalesced processing → coalesced download (disk cache, then the
/// data loader, through a priority queue) → decode → process.
///
/// ```swift
/// let pipeline = ImagePipeline(configuration: .init(diskCache: try DiskCache(directory: dir)))
/// let response = try await pipeline.image(for: ImageRequest(string: "https://picsum.photos/id/1/300/200"))
/// print(response.source)   // network, then memory on the next call
/// await pipeline.shutdown()
/// ```
///
/// Tasks asking for the same URL share one download; tasks asking for the same URL and processors
/// share one decode. A shared job runs at the highest priority any subscriber wants and is
/// cancelled only when its last subscriber cancels.
public final class ImagePipeline: Sendable {
    /// The process-wide pipeline: default loader, memory cache, and the disk cache in the default directory.
    public static let shared: ImagePipeline = {
        let diskCache = try? DiskCache(directory: DiskCache.defaultDirectory())
        return ImagePipeline(configuration: Configuration(diskCache: diskCache))
    }()

    /// What this pipeline was built with.
    public let configuration: Configuration

    let dataStage = CoalescingStage<String, FetchedData>()
    let imageStage = CoalescingStage<ImageCacheKey, ProcessedImage>()
    let networkQueue: WorkQueue
    let decodeQueue: WorkQueue
    let resumableData: ResumableDataStore
    let decoder = OffloadQueue(label: "photofeed.decode")
    private let eventBroadcaster = Broadcaster<Event>(replaysLast: false, bufferLimit: 100_000)
    private let counterState = Mutex(Counters())
    private let nextTaskID = Atomic<Int>(1)

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        networkQueue = WorkQueue(width: configuration.maxConcurrentDownloads)
        decodeQueue = WorkQueue(width: configuration.decodeConcurrency)
        resumableData = ResumableDataStore(byteLimit: configuration.resumableDataLimit)
    }

    // MARK: Loading

    /// Starts loading `request` and returns its task at once.
    public func imageTask(for request: ImageRequest) -> ImageTask {
        let id = nextTaskID.wrappingAdd(1, ordering: .relaxed).oldValue
        let task = ImageTask(id: id, request: request, pipeline: self)
        start(task)
        return task
    }

    /// Loads `request`; cancelling the calling task cancels the load (and throws `CancellationError`).
    public func image(for request: ImageRequest) async throws -> ImageResponse {
        let task = imageTask(for: request)
        return try await withTaskCancellationHandler {
            try await task.response
        } onCancel: {
            task.cancel()
        }
    }

    /// The memory-cached image for a request, if any (no loading).
    public func cachedImage(for request: ImageRequest) -> Bitmap? {
        guard let key = ImageCacheKey(request) else { return nil }
        return configuration.memoryCache?.image(for: key)?.bitmap
    }

    /// Empties the memory cache, the disk cache and the kept partial downloads.
    public func removeAllCachedData() async {
        configuration.memoryCache?.removeAll()
        await configuration.diskCache?.removeAll()
        for dropped in resumableData.removeAll() {
            emit(.discarded(bytes: dropped.bytes), stage: .data, url: dropped.url, taskID: 0)
        }
    }

    /// Stops the data loader (closes its connections). Call once, when done with the pipeline.
    public func shutdown() async {
        await configuration.dataLoader.shutdown()
    }

    // MARK: Events

    /// Every event of every task and shared job from now on, in order.
    public var events: AsyncStream<Event> { eventBroadcaster.stream() }

    /// Totals of the events so far.
    public var counters: Counters { counterState.withLock { $0 } }

    /// Downloads running and waiting for a slot now.
    public var networkQueueCounts: (running: Int, waiting: Int) { networkQueue.counts }

    func emit(_ kind: Event.Kind, stage: Event.Stage, url: String, taskID: Int) {
        let event = Event(kind: kind, stage: stage, url: url, taskID: taskID)
        counterState.withLock { $0.record(event) }
        eventBroadcaster.send(event)
    }

    func countReceivedBytes(_ bytes: Int) {
        counterState.withLock { $0.bytesReceived += bytes }
    }

    // MARK: Task plumbing

    private func start(_ task: ImageTask) {
        let request = task.request
        let urlText = request.url?.absoluteString ?? ""
        counterState.withLock { $0.tasksStarted += 1 }
        let url: URL
        switch ImagePipeline.validate(request.url) {
        case .failure(let error):
            emit(.failed(error), stage: .task, url: urlText, taskID: task.id)
            task.finish(.failure(error))
            return
        case .success(let valid):
            url = valid
        }
        let key = ImageCacheKey(url: request.imageID ?? url.absoluteString, processors: request.processors)
        if request.cachePolicy.usesMemory, let cached = configuration.memoryCache?.image(for: key) {
            emit(.memoryHit, stage: .task, url: urlText, taskID: task.id)
            var response = ImageResponse(
                bitmap: cached.bitmap, source: .memory, byteCount: cached.bitmap.byteCount, bytesTransferred: 0,
                originalSize: .init(width: 0, height: 0), timings: .init())
            response.animation = cached.animation
            response.damage = cached.damage
            emit(.finished(.memory), stage: .task, url: urlText, taskID: task.id)
            task.finish(.success(response))
            return
        }
        let started = ContinuousClock.now
        var options = JobOptions(policy: request.cachePolicy)
        if url.isFileURL { options.readsDisk = false; options.writesDisk = false }
        let subscription = imageStage.subscribe(
            key, priority: task.priority, options: options,
            sink: { [weak self, weak task] event in
                guard let task else { return }
                switch event {
                case .progress(let progress):
                    task.reportProgress(progress)
                case .preview(.image(let preview)):
                    task.reportPreview(preview) {
                        self?.emit(.preview(scan: preview.scan), stage: .task, url: urlText, taskID: task.id)
                    }
                case .preview(.data):
                    break
                case .completed(let result):
                    self?.deliver(result, to: task, url: urlText, started: started)
                }
            },
            work: { [self] key, control in
                await self.runImageJob(key: key, url: url, request: request, control: control)
            })
        if subscription.coalesced { emit(.coalesced, stage: .task, url: urlText, taskID: task.id) }
        if !task.attach(subscription) { imageStage.unsubscribe(subscription) }
    }

    private func deliver(
        _ result: Result<ProcessedImage, ImageLoadError>, to task: ImageTask, url: String, started: ContinuousClock.Instant
    ) {
        switch result {
        case .success(let image):
            var response = image.response
            response.timings.total = ContinuousClock.now - started
            task.finish(.success(response)) {
                emit(.finished(response.source), stage: .task, url: url, taskID: task.id)
            }
        case .failure(let error):
            task.finish(.failure(error)) { emit(.failed(error), stage: .task, url: url, taskID: task.id) }
        }
    }

    func setPriority(_ subscription: ImageTask.Subscription, to priority: ImageRequest.Priority) {
        imageStage.setPriority(subscription, to: priority)
    }

    func leave(_ subscription: ImageTask.Subscription) {
        imageStage.unsubscribe(subscription)
    }

    /// A usable URL, or `invalidURL`: http(s) with a host, or a file URL with a path.
    static func validate(_ url: URL?) -> Result<URL, ImageLoadError> {
        guard let url else { return .failure(.invalidURL("no URL")) }
        switch url.scheme?.lowercased() {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else {
                return .failure(.invalidURL("\(url.absoluteString) has no host"))
            }
            return .success(url)
        case "file":
            // Encoded: a path that is not UTF-8 (`e%FF.jpg`) has no decoded text, yet names its file.
            guard !url.path(percentEncoded: true).isEmpty else { return .failure(.invalidURL("\(url.absoluteString) has no path")) }
            return .success(url)
        case nil:
            return .failure(.invalidURL("\(url.absoluteString) has no scheme"))
        case let scheme?:
            return .failure(.invalidURL("unsupported scheme \(scheme) in \(url.absoluteString)"))
        }
    }
}
