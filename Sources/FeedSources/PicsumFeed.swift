public import FoundationEssentials
import FoundationExtras
public import ImageLoading

/// A picsum-compatible feed: pages of `GET {base}/v2/list?page=N&limit=M`, thumbnails by path.
///
/// Works with https://picsum.photos and with the embedded `PicsumServer`. Lists are fetched
/// through a `DataLoading` (fake it in tests) with a byte limit, and decoded defensively:
/// a body that is not a JSON array of photo objects is a `FeedError`, never a crash.
///
/// ```swift
/// let feed = PicsumFeed.embedded(baseURL: server.baseURL, photoSet: server.photoSet, dataLoader: loader)
/// let first = try await feed.loadNextPage()
/// ```
public actor PicsumFeed: FeedSource {
    /// The server's base URL (no trailing slash needed).
    public nonisolated let baseURL: URL
    /// The status-bar label.
    public nonisolated let label: String
    /// Photos per page asked for.
    public nonisolated let pageSize: Int
    /// The largest list body accepted, in bytes.
    public nonisolated let byteLimit: Int
    private let cacheNamespace: String?
    private let dataLoader: any DataLoading
    private var paging: FeedPaging
    private var inFlight: Task<[FeedPhoto], any Error>?
    private var seenIDs: Set<String> = []

    /// A feed over any picsum-compatible server.
    ///
    /// - Parameters:
    ///   - label: the status-bar text; defaults to the host (and port).
    ///   - cacheNamespace: replaces the base URL in cache keys (for servers whose port changes).
    public init(
        baseURL: URL,
        dataLoader: any DataLoading,
        pageSize: Int = 30,
        byteLimit: Int = 4 << 20,
        label: String? = nil,
        cacheNamespace: String? = nil
    ) {
        self.baseURL = baseURL
        self.dataLoader = dataLoader
        self.pageSize = min(max(1, pageSize), 1000)
        self.byteLimit = max(1024, byteLimit)
        self.label = label ?? Self.hostLabel(baseURL)
        self.cacheNamespace = cacheNamespace
        paging = FeedPaging(pageSize: self.pageSize)
    }

    /// The feed of the embedded server: labelled "embedded · HOST:PORT", cache keys independent of the port.
    ///
    /// Its photos' `imageID`s are ``embeddedCacheNamespace``, the server's photo set (its
    /// `photoSet`: which photos, mapped how) and the image path
    /// (`photofeed-embedded:3f9a0c1d2e4b5a67:/id/3/64/48`), so the viewer and `photofeed prefetch`
    /// share disk cache entries although the server listens on a new port each run, and a
    /// picture cached from one photo set is never shown under another set's caption.
    public static func embedded(baseURL: URL, photoSet: String, dataLoader: any DataLoading, pageSize: Int = 30) -> PicsumFeed {
        PicsumFeed(
            baseURL: baseURL, dataLoader: dataLoader, pageSize: pageSize,
            label: "embedded · " + hostLabel(baseURL), cacheNamespace: embeddedCacheNamespace + photoSet + ":")
    }

    /// The start of the cache-key namespace of the embedded server's images (see
    /// ``embedded(baseURL:photoSet:dataLoader:pageSize:)``).
    public static let embeddedCacheNamespace = "photofeed-embedded:"

    /// The base URL a `--feed` argument names: an http(s) URL with a host, without its query,
    /// a trailing `/v2/list…` or trailing slashes; nil for anything else.
    ///
    /// ```swift
    /// PicsumFeed.baseURL(fromArgument: "https://picsum.photos/v2/list?page=2")   // https://picsum.photos
    /// ```
    public static func baseURL(fromArgument text: String) -> URL? {
        guard var components = URLComponents(string: text.trimmingWhitespace(includingNewlines: true)),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            components.host?.isEmpty == false
        else { return nil }
        components.query = nil
        components.fragment = nil
        var path = components.path
        if let range = path.firstRange(of: "/v2/list") { path = String(path[..<range.lowerBound]) }
        while path.hasSuffix("/") { path.removeLast() }
        components.path = path
        return components.url
    }

    public var summary: String { label }
    public var totalCount: Int? { nil }
    public var hasMore: Bool { paging.hasMore }

    public func loadNextPage() async throws -> [FeedPhoto] {
        switch paging.beginLoad() {
        case .returnEmpty:
            return []
        case .joinInFlight:
            // Another caller is fetching the next page: its photos are theirs; ours is the page after.
            if let inFlight { _ = try? await inFlight.value }
            return try await loadNextPage()
        case .fetch(let page):
            // The task settles the paging state itself, so a caller that joins it sees the
            // next page (or the retry) as soon as its value is available.
            let task = Task { () async throws -> [FeedPhoto] in
                defer { inFlight = nil }
                do {
                    let raw = try await fetch(page: page)
                    paging.finish(count: raw.count)
                    // A server that repeats ids across pages would give the list duplicate rows.
                    return raw.filter { seenIDs.insert($0.id).inserted }
                } catch {
                    paging.fail()
                    throw error
                }
            }
            inFlight = task
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }

    /// The list URL of one page.
    public nonisolated func listURL(page: Int) -> URL? {
        URL(string: FeedPhoto.trimmedBase(baseURL) + "/v2/list?page=\(page)&limit=\(pageSize)")
    }

    private func fetch(page: Int) async throws -> [FeedPhoto] {
        guard let url = listURL(page: page) else {
            throw FeedError.invalidArgument("cannot build a list URL from \(baseURL.absoluteString)")
        }
        let bytes = try await BoundedRead.bytes(
            of: DataRequest(url: url, headers: [("Accept", "application/json")]),
            loader: dataLoader, limit: byteLimit)
        let entries = try PicsumListDecoder.decode(bytes)
        let origin = FeedPhoto.Origin.picsum(base: baseURL, cacheNamespace: cacheNamespace)
        return entries.map { entry in
            var photo = FeedPhoto(id: entry.id, author: entry.author, size: entry.size, origin: origin)
            photo.page = entry.page
            return photo
        }
    }

    static func hostLabel(_ url: URL) -> String {
        guard let host = url.host, !host.isEmpty else { return url.absoluteString }
        if let port = url.port { return "\(host):\(port)" }
        return host
    }
}
