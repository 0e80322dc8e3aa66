import FoundationEssentials
import Hummingbird
import NIOCore

/// Answers every request: parses the route, applies shaping, and logs the outcome.
struct PicsumResponder: HTTPResponder {
    typealias Context = PicsumRequestContext

    let library: PhotoLibrary
    let feed: PhotoFeed
    let renderCache: RenderCache
    let shaping: NetworkShapingControl
    let attempts: RequestCounter
    let log: RequestLog
    let inFlight: InFlightRequests
    let shutdown: ShutdownSignal
    let clock: any Clock<Duration>
    /// Who may use `/control/shaping`; nil: the route does not exist.
    let control: ControlAccess?
    /// The longest a stalled response holds its connection.
    let maxStall: Duration
    /// What images say in `Cache-Control`.
    let cacheControl: ImageCacheControl
    /// `Last-Modified` of the images of each photo (indexed like the render cache's photos, the
    /// library's then the animations): its file's modification time, to the second.
    let lastModified: [String]
    /// `http://host:port` of the listening socket, for URLs when a request has no Host header.
    let fallbackBaseURL: @Sendable () -> String

    func respond(to request: Request, context: Context) async throws -> Response {
        let target = request.head.path ?? "/"
        let headers = RequestLogEntry.recordedHeaders(request.headers.lazy.map { (name: $0.name.rawName, value: $0.value) })
        let recorder = RequestRecorder(
            method: request.method.rawValue, target: target, range: request.headers[.range], requestHeaders: headers,
            log: log, inFlight: inFlight)
        let environment = ShapingEnvironment(
            control: shaping, clock: clock, shutdown: shutdown, channel: context.channel, maxStall: maxStall)
        let reply = await reply(to: request, recorder: recorder)
        return reply.response(recorder: recorder, environment: environment, isHead: request.method == .head)
    }

    private func reply(to request: Request, recorder: RequestRecorder) async -> Reply {
        let route: PicsumRoute
        do {
            route = try PicsumRoute.parse(path: request.uri.path, query: request.uri.query)
        } catch {
            switch error {
            case .badRequest(let message): return .text(.badRequest, message)
            case .notFound(let message): return .text(.notFound, message)
            }
        }
        let baseURL = request.head.authority.map { "http://\($0)" } ?? fallbackBaseURL()

        if case .controlShaping = route {
            guard let control else { return .text(.notFound, "not found: \(request.uri.path)") }
            return await controlShaping(request, access: control)
        }
        guard request.method == .get || request.method == .head else {
            return .text(.methodNotAllowed, "method \(request.method) not allowed here", headers: [.allow: "GET, HEAD"])
        }
        let settings = shaping.settings
        guard await shutdown.sleep(for: settings.latency, clock: clock) || settings.latency == .zero else {
            return .text(.serviceUnavailable, "the server is stopping")
        }
        switch route {
        case .list(let page, let limit):
            return list(page: page, limit: limit, baseURL: baseURL)
        case .info(let id):
            guard let item = item(id) else { return .text(.notFound, "no image with id \(id)") }
            return .json(ListedPhoto(item, baseURL: baseURL).encoded())
        case .seededInfo(let seed):
            guard let item = feed.item(feed.id(forSeed: seed)) else { return .text(.notFound, "the feed is empty") }
            return .json(ListedPhoto(item, baseURL: baseURL).encoded())
        case .random(let options, let query):
            let id = randomID(settings.seed)
            let location = "\(baseURL)/id/\(id)/\(options.width)/\(options.height)" + (options.format == .webp ? ".webp" : "")
                + (query.map { "?\($0)" } ?? "")
            return .redirect(location)
        case .image(let id, let options):
            guard let item = item(id) else { return .text(.notFound, "no image with id \(id)") }
            return await image(item, options, immutable: true, request: request, recorder: recorder, settings: settings)
        case .seededImage(let seed, let options):
            guard let item = feed.item(feed.id(forSeed: seed)) else { return .text(.notFound, "the feed is empty") }
            return await image(item, options, immutable: false, request: request, recorder: recorder, settings: settings)
        case .controlShaping:
            return .text(.internalServerError, "unreachable")
        }
    }

    private func item(_ id: String) -> FeedItem? {
        Int(id).flatMap(feed.item)
    }

    private func randomID(_ seed: UInt64) -> Int {
        var hash = StableHash(seed: seed)
        hash.combine(attempts.next(" random"))
        return feed.count == 0 ? 0 : Int(hash.value % UInt64(feed.count))
    }

    private func list(page: Int, limit: Int, baseURL: String) -> Reply {
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: limit)
        let lower = overflow ? feed.count : min(start, feed.count)
        let upper = min(lower + limit, feed.count)
        let items = (lower..<upper).compactMap(feed.item).map { ListedPhoto($0, baseURL: baseURL) }
        var links: [String] = []
        if page > 1 { links.append("<\(baseURL)/v2/list?page=\(page - 1)&limit=\(limit)>; rel=\"prev\"") }
        if upper < feed.count { links.append("<\(baseURL)/v2/list?page=\(page + 1)&limit=\(limit)>; rel=\"next\"") }
        var headers: HTTPFields = [:]
        if !links.isEmpty { headers[.link] = links.joined(separator: ", ") }
        return .json(ListedPhoto.encode(items), headers: headers)
    }
}

/// `HTTPField.Name`, reached through the `HTTPFields` Hummingbird re-exports.
typealias HeaderName = HTTPFields.Element.Name

extension HeaderName {
    static let link = HeaderName("Link")!
    static let picsumID = HeaderName("Picsum-ID")!
}
