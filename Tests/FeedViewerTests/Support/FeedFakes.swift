import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import Synchronization
import FeedViewer
import Vocabulary

/// A row loader that records what the loop asks of it and answers with scripted phases.
final class FakeRowLoader: RowLoading {
    enum Call: Hashable, Sendable {
        case load(URL?, ImageRequest.Priority)
        case cancel
        case priority(ImageRequest.Priority)
    }

    let phases: AsyncStream<ImagePhase>
    private let continuation: AsyncStream<ImagePhase>.Continuation
    private let state = Mutex<(calls: [Call], priority: ImageRequest.Priority, lowData: Bool)>(([], .normal, false))
    private let respond: (@Sendable (ImageRequest) -> ImagePhase)?

    init(respond: (@Sendable (ImageRequest) -> ImagePhase)? = nil) {
        (phases, continuation) = AsyncStream.makeStream(of: ImagePhase.self)
        self.respond = respond
    }

    var calls: [Call] { state.withLock { $0.calls } }

    var priority: ImageRequest.Priority {
        get { state.withLock { $0.priority } }
        set { state.withLock { $0.priority = newValue; $0.calls.append(.priority(newValue)) } }
    }

    var lowData: Bool {
        get { state.withLock { $0.lowData } }
        set { state.withLock { $0.lowData = newValue } }
    }

    /// Never settled at once: scripted phases arrive through `phases` only.
    var phase: ImagePhase { .idle }

    func load(_ request: ImageRequest?) {
        state.withLock { $0.calls.append(.load(request?.url, request?.priority ?? .normal)) }
        if let request, let respond { continuation.yield(respond(request)) }
    }

    func cancel() {
        state.withLock { $0.calls.append(.cancel) }
    }
}

/// A pipeline seam that hands out fake loaders and remembers them in creation order.
final class FakePipeline: FeedPipelineProviding {
    private let loaders = Mutex<[FakeRowLoader]>([])
    private let respond: (@Sendable (ImageRequest) -> ImagePhase)?
    let events: AsyncStream<ImagePipeline.Event>

    init(respond: (@Sendable (ImageRequest) -> ImagePhase)? = nil) {
        self.respond = respond
        events = AsyncStream { _ in }
    }

    var created: [FakeRowLoader] { loaders.withLock { $0 } }

    func makeLoader() -> any RowLoading {
        let loader = FakeRowLoader(respond: respond)
        loaders.withLock { $0.append(loader) }
        return loader
    }

    var counters: ImagePipeline.Counters { ImagePipeline.Counters() }
    var queueCounts: (running: Int, waiting: Int) { (0, 0) }
    func clearMemoryCache() {}
    func clearAllCaches() async {}
    func cacheSizes() async -> CacheSizes { CacheSizes(memoryImages: 3, memoryBytes: 3_000, diskBytes: 2_500_000) }
}

/// A feed of `count` picsum-style photos on one page.
final class FakeFeed: FeedSource {
    private let photos: [FeedPhoto]
    private let served = Mutex(false)

    init(count: Int, author: (Int) -> String = { "Author \($0)" }) {
        let base = URL(fileURLWithPath: "/").appendingPathComponent("feed")
        photos = (0..<count).map { index in
            FeedPhoto(
                id: String(index), author: author(index), size: PixelSize(width: 400, height: 300),
                origin: .picsum(base: base, cacheNamespace: nil))
        }
    }

    var summary: String { "fake feed" }
    var totalCount: Int? { photos.count }
    var hasMore: Bool { !served.withLock { $0 } }

    func loadNextPage() async throws -> [FeedPhoto] {
        served.withLock { served in
            defer { served = true }
            return served ? [] : photos
        }
    }
}

/// A feed that answers each `loadNextPage()` with the next scripted page or failure, and counts the calls.
///
/// Page `n` holds photos with ids `"\(n)-0"`, `"\(n)-1"`, …; after the script runs out the feed ends.
final class ScriptedFeed: FeedSource {
    /// One scripted answer.
    enum Answer: Sendable {
        /// A page of `count` photos.
        case photos(Int)
        /// A failure whose description is the reason.
        case failure(String)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let state: Mutex<(answers: [Answer], requests: Int, pages: Int)>

    init(_ answers: [Answer]) {
        state = Mutex((answers, 0, 0))
    }

    /// How many times a page was asked for.
    var requests: Int { state.withLock { $0.requests } }

    var summary: String { "scripted feed" }
    var totalCount: Int? { nil }
    var hasMore: Bool { !state.withLock { $0.answers.isEmpty } }

    func loadNextPage() async throws -> [FeedPhoto] {
        let (answer, page) = state.withLock { state -> (Answer?, Int) in
            state.requests += 1
            guard !state.answers.isEmpty else { return (nil, state.pages) }
            let answer = state.answers.removeFirst()
            if case .photos = answer { state.pages += 1 }
            return (answer, state.pages)
        }
        switch answer {
        case nil:
            return []
        case .failure(let reason):
            throw Failure(description: reason)
        case .photos(let count):
            let base = URL(fileURLWithPath: "/").appendingPathComponent("feed")
            return (0..<count).map { index in
                FeedPhoto(
                    id: "\(page)-\(index)", author: "Author \(page)-\(index)", size: PixelSize(width: 400, height: 300),
                    origin: .picsum(base: base, cacheNamespace: nil))
            }
        }
    }
}

enum FakeImages {
    /// A two-colour test picture: left half red, right half blue.
    static func bitmap(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, fill: RGBA(200, 40, 40))
        for y in 0..<height {
            for x in (width / 2)..<width { bitmap[x, y] = RGBA(40, 60, 200) }
        }
        return bitmap
    }

    static func success(width: Int = 64, height: Int = 48, source: ImageResponse.Source = .network) -> ImagePhase {
        .success(
            ImageResponse(
                bitmap: bitmap(width: width, height: height), source: source, byteCount: 2_048,
                bytesTransferred: 2_048, originalSize: PixelSize(width: 400, height: 300),
                timings: ImageResponse.Timings()))
    }
}
