public import FoundationEssentials
public import FoundationExtras

/// Fetches the bytes behind a URL: a response head, then the body in chunks.
///
/// Cancelling the task that iterates the body stops the transfer (an HTTP loader closes the
/// connection). Errors should be `ImageLoadError`s; anything else is reported as a transport error.
public protocol DataLoading: Sendable {
    /// Starts a request; returns once the response head has arrived.
    func load(_ request: DataRequest) async throws -> DataResponse
    /// Releases the loader's resources (connections, threads).
    func shutdown() async
}

extension DataLoading {
    public func shutdown() async {}
}

/// What a data loader is asked to fetch.
public struct DataRequest: Sendable, Hashable {
    /// The resource.
    public var url: URL
    /// Header fields to send, in order (`Range`, `If-Range` and the request's extra headers).
    public var headers: [(name: String, value: String)]

    public init(url: URL, headers: [(name: String, value: String)] = []) {
        self.url = url
        self.headers = headers
    }

    /// The first value of a header field (case-insensitive name).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.url == rhs.url && lhs.headers.map(\.name) == rhs.headers.map(\.name)
            && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        for (name, value) in headers {
            hasher.combine(name)
            hasher.combine(value)
        }
    }
}

/// A response: the head, and the body as an async sequence of byte chunks.
public struct DataResponse: Sendable {
    public var head: DataResponseHead
    /// Body chunks in order. Iterate it in the task that may be cancelled.
    public var body: any AsyncSequence<[UInt8], any Error> & Sendable
    /// The regular file the body reads, open (a file loader's; nil for HTTP, pipes and devices):
    /// what needs only parts of it (a camera RAW file's preview) reads them from here instead.
    public var file: ReadableFile?

    public init(head: DataResponseHead, body: any AsyncSequence<[UInt8], any Error> & Sendable, file: ReadableFile? = nil) {
        self.head = head
        self.body = body
        self.file = file
    }
}
