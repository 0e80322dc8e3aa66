/// What a request asks for, parsed from its path and query alone (no library needed).
///
/// Pure, so every route and every malformed URL is unit-tested without a socket.
enum PicsumRoute: Sendable, Hashable {
    /// `/v2/list?page=&limit=`: page starts at 1, limit 1…100 (default 30).
    case list(page: Int, limit: Int)
    /// `/id/{id}/info`.
    case info(id: String)
    /// `/id/{id}/{w}/{h}` or `/id/{id}/{size}`.
    case image(id: String, ImageOptions)
    /// `/seed/{seed}/info`: the info of the id the seed maps to.
    case seededInfo(seed: String)
    /// `/seed/{seed}/{w}/{h}` or `/seed/{seed}/{size}`.
    case seededImage(seed: String, ImageOptions)
    /// `/{w}/{h}` or `/{size}`: redirect to some id at that size, keeping the query.
    case random(ImageOptions, query: String?)
    /// `/control/shaping`.
    case controlShaping

    /// Why a URL has no route.
    enum Failure: Error, Sendable, Hashable {
        /// 400, with a short text.
        case badRequest(String)
        /// 404, with a short text.
        case notFound(String)
    }

    static let defaultLimit = 30
    static let maxLimit = 100

    /// Parses a path (without query) and its raw query string.
    static func parse(path: String, query: String?) throws(Failure) -> PicsumRoute {
        var segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let items = QueryItems(query)
        if segments == ["v2", "list"] {
            return .list(
                page: try items.integer("page", default: 1, in: 1...1_000_000),
                limit: try items.integer("limit", default: defaultLimit, in: 1...Int.max).clamped(to: 1...maxLimit))
        }
        if segments == ["control", "shaping"] { return .controlShaping }
        if segments.count == 3, segments[0] == "id", segments[2] == "info" { return .info(id: segments[1]) }
        if segments.count == 3, segments[0] == "seed", segments[2] == "info" { return .seededInfo(seed: segments[1]) }

        // Image routes may end in `.jpg`, or `.webp` for a WebP.
        var format = ImageOptions.Format.jpeg
        if let last = segments.last, last.lowercased().hasSuffix(".jpg") {
            segments[segments.count - 1] = String(last.dropLast(4))
        } else if let last = segments.last, last.lowercased().hasSuffix(".webp") {
            segments[segments.count - 1] = String(last.dropLast(5))
            format = .webp
        }
        switch segments.first {
        case "id" where segments.count == 3 || segments.count == 4:
            var options = try options(Array(segments[2...]), items)
            options.format = format
            return .image(id: segments[1], options)
        case "seed" where segments.count == 3 || segments.count == 4:
            var options = try options(Array(segments[2...]), items)
            options.format = format
            return .seededImage(seed: segments[1], options)
        case "id", "seed":
            throw .notFound("not found: \(path)")
        case _ where segments.count == 1 || segments.count == 2:
            guard segments.allSatisfy({ $0.first.map { $0.isNumber || $0 == "-" } ?? false }) else {
                throw .notFound("not found: \(path)")
            }
            var options = try options(segments, items)
            options.format = format
            return .random(options, query: query)
        default:
            throw .notFound("not found: \(path)")
        }
    }

    private static func options(_ sizes: [String], _ items: QueryItems) throws(Failure) -> ImageOptions {
        let width = try side(sizes[0])
        let height = sizes.count > 1 ? try side(sizes[1]) : width
        var blur = 0
        if let value = items.value("blur") {
            if value.isEmpty {
                blur = 5
            } else if let number = Int(value), (1...10).contains(number) {
                blur = number
            } else {
                throw .badRequest("invalid blur \"\(value)\": use ?blur or ?blur=1…10")
            }
        }
        let grayscale = items.value("grayscale").map { $0 != "0" && $0 != "false" } ?? false
        return ImageOptions(width: width, height: height, grayscale: grayscale, blur: blur)
    }

    private static func side(_ text: String) throws(Failure) -> Int {
        guard let value = Int(text) else { throw .badRequest("invalid size \"\(text)\": sizes are whole numbers of pixels") }
        guard value >= 1 else { throw .badRequest("invalid size \(value): sizes start at 1 pixel") }
        guard value <= ImageOptions.maxSide else {
            throw .badRequest("invalid size \(value): at most \(ImageOptions.maxSide) pixels a side")
        }
        return value
    }
}

/// The `name=value` pairs of a raw query string (no percent-decoding needed for our keys).
struct QueryItems: Sendable {
    private var pairs: [(String, String)] = []

    init(_ query: String?) {
        guard let query, !query.isEmpty else { return }
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            if let equals = part.firstIndex(of: "=") {
                pairs.append((String(part[..<equals]), String(part[part.index(after: equals)...])))
            } else {
                pairs.append((String(part), ""))
            }
        }
    }

    /// The first value for `name` ("" when present without `=`), or nil when absent.
    func value(_ name: String) -> String? {
        pairs.first { $0.0 == name }?.1
    }

    func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(PicsumRoute.Failure) -> Int {
        guard let text = value(name) else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw .badRequest("invalid \(name) \"\(text)\": use a whole number from \(range.lowerBound)")
        }
        return number
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
