/// Why a feed could not be opened or paged, in words a user can act on.
///
/// A struct around a private code so new reasons can be added without breaking callers;
/// match on `kind`.
public struct FeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A category of failure.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate let name: String
        /// The `--feed` argument names nothing usable.
        public static let invalidArgument = Kind(name: "invalid feed argument")
        /// The list endpoint answered with a non-success status.
        public static let httpStatus = Kind(name: "HTTP status")
        /// The connection failed or the file could not be read.
        public static let transport = Kind(name: "transport")
        /// The list or file is bigger than the byte limit.
        public static let tooLarge = Kind(name: "too large")
        /// The list is not the JSON a picsum-style server sends.
        public static let malformedList = Kind(name: "malformed list")
        public var description: String { name }
    }

    private enum Code: Sendable, Hashable {
        case invalidArgument(String)
        case httpStatus(Int, String)
        case transport(String)
        case tooLarge(limit: Int, what: String)
        case malformedList(String)
    }

    private let code: Code
    private init(_ code: Code) { self.code = code }

    /// The category, for matching.
    public var kind: Kind {
        switch code {
        case .invalidArgument: .invalidArgument
        case .httpStatus: .httpStatus
        case .transport: .transport
        case .tooLarge: .tooLarge
        case .malformedList: .malformedList
        }
    }

    /// The HTTP status, for `httpStatus` errors.
    public var statusCode: Int? {
        if case .httpStatus(let status, _) = code { return status }
        return nil
    }

    public var description: String {
        switch code {
        case .invalidArgument(let detail): "invalid feed: \(detail)"
        case .httpStatus(let status, let url): "feed list \(url) answered HTTP \(status)"
        // The detail names what failed ("cannot list ~/photos: …", "http://…/v2/list: …"); the
        // caller says it was the feed ("cannot read the feed …: "), once.
        case .transport(let detail): detail
        case .tooLarge(let limit, let what): "\(what) is over the limit of \(limit) bytes"
        case .malformedList(let detail): "malformed feed list: \(detail)"
        }
    }

    /// The `--feed` argument is neither an http(s) URL, a directory nor a file.
    public static func invalidArgument(_ detail: String) -> Self { Self(.invalidArgument(detail)) }
    /// The list endpoint answered `status`.
    public static func httpStatus(_ status: Int, url: String) -> Self { Self(.httpStatus(status, url)) }
    /// The connection failed or a file could not be read.
    public static func transport(_ detail: String) -> Self { Self(.transport(detail)) }
    /// More than `limit` bytes.
    public static func tooLarge(limit: Int, what: String) -> Self { Self(.tooLarge(limit: limit, what: what)) }
    /// The list is not a JSON array of photo objects.
    public static func malformedList(_ detail: String) -> Self { Self(.malformedList(detail)) }
}
