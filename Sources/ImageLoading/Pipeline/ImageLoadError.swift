/// Why an image failed to load, in words a user can act on.
///
/// A struct around a private code so new reasons can be added without breaking callers.
/// Match on `kind`:
///
/// ```swift
/// if case .failure(let error) = phase, error.kind == .httpStatus { print(error.statusCode ?? 0) }
/// ```
/// Cancellation is never an `ImageLoadError`.
public struct ImageLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A category of failure.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate let name: String
        public static let invalidURL = Kind(name: "invalid URL")
        public static let httpStatus = Kind(name: "HTTP status")
        public static let transport = Kind(name: "transport")
        public static let timedOut = Kind(name: "timed out")
        public static let tooLarge = Kind(name: "too large")
        public static let unsupportedFormat = Kind(name: "unsupported format")
        public static let decodingFailed = Kind(name: "decoding failed")
        public static let notARegularFile = Kind(name: "not a regular file")
        /// A file URL names a folder (a folder's photos are a feed of their own).
        public static let folder = Kind(name: "a folder")
        public var description: String { name }
    }

    private enum Code: Sendable, Hashable {
        case invalidURL(String)
        case httpStatus(Int)
        case transport(String)
        case timedOut(String)
        case tooLargeBytes(actual: Int, limit: Int)
        case tooLargePixels(width: Int, height: Int, limit: Int)
        case unsupportedFormat(String)
        case decodingFailed(String)
        case notARegularFile(String)
        case folder
    }

    private let code: Code
    private init(_ code: Code) { self.code = code }

    /// The category, for matching.
    public var kind: Kind {
        switch code {
        case .invalidURL: .invalidURL
        case .httpStatus: .httpStatus
        case .transport: .transport
        case .timedOut: .timedOut
        case .tooLargeBytes, .tooLargePixels: .tooLarge
        case .unsupportedFormat: .unsupportedFormat
        case .decodingFailed: .decodingFailed
        case .notARegularFile: .notARegularFile
        case .folder: .folder
        }
    }

    /// The HTTP status code, for `httpStatus` errors.
    public var statusCode: Int? {
        if case .httpStatus(let status) = code { status } else { nil }
    }

    /// The description without "transport error: " before a transport error's own words
    /// ("connection refused"), for a caller that says what failed itself (a feed's list);
    /// the whole description for any other kind.
    public var reason: String {
        if case .transport(let detail) = code { return detail }
        return description
    }

    /// A short label for a one-line row state ("HTTP 500", "timed out").
    public var shortDescription: String {
        switch code {
        case .httpStatus(let status): "HTTP \(status)"
        case .tooLargeBytes: "too large (bytes)"
        case .tooLargePixels: "too large (pixels)"
        default: kind.description
        }
    }

    public var description: String {
        switch code {
        case .invalidURL(let detail): "invalid URL: \(detail)"
        case .httpStatus(let status): "HTTP status \(status)"
        case .transport(let detail): "transport error: \(detail)"
        case .timedOut(let detail): "timed out: \(detail)"
        case .tooLargeBytes(let actual, let limit): "too large: \(actual) bytes is over the limit of \(limit)"
        case .tooLargePixels(let width, let height, let limit):
            "too large: \(width)×\(height) pixels is over the limit of \(limit)"
        case .unsupportedFormat(let detail): "unsupported format: \(detail)"
        case .decodingFailed(let detail): "decoding failed: \(detail)"
        case .notARegularFile(let kind): "not a regular file (\(kind))"
        case .folder: "a folder, not an image file"
        }
    }

    /// The URL is missing, malformed or has a scheme other than http, https or file.
    public static func invalidURL(_ detail: String) -> Self { Self(.invalidURL(detail)) }
    /// The server answered with a non-success status.
    public static func httpStatus(_ status: Int) -> Self { Self(.httpStatus(status)) }
    /// The connection failed, closed early, or the file could not be read.
    public static func transport(_ detail: String) -> Self { Self(.transport(detail)) }
    /// No connection, or no bytes, within the configured time.
    public static func timedOut(_ detail: String) -> Self { Self(.timedOut(detail)) }
    /// The response is bigger than the byte limit.
    public static func tooLarge(bytes: Int, limit: Int) -> Self { Self(.tooLargeBytes(actual: bytes, limit: limit)) }
    /// The image header claims more pixels than the limit.
    public static func tooLarge(width: Int, height: Int, limit: Int) -> Self {
        Self(.tooLargePixels(width: width, height: height, limit: limit))
    }
    /// The bytes are not a JPEG or PNG image.
    public static func unsupportedFormat(_ detail: String) -> Self { Self(.unsupportedFormat(detail)) }
    /// The decoder rejected the bytes.
    public static func decodingFailed(_ detail: String) -> Self { Self(.decodingFailed(detail)) }
    /// A file URL names a FIFO, socket or device (`kind`: "a FIFO"), refused before it is read.
    public static func notARegularFile(_ kind: String) -> Self { Self(.notARegularFile(kind)) }
    /// A file URL names a folder, refused before it is read, never retried.
    public static var folder: Self { Self(.folder) }

    /// The same error with `redact` applied to its detail text (a header's value taken out).
    func redacting(_ redact: (String) -> String) -> Self {
        switch code {
        case .invalidURL(let detail): Self(.invalidURL(redact(detail)))
        case .transport(let detail): Self(.transport(redact(detail)))
        case .timedOut(let detail): Self(.timedOut(redact(detail)))
        case .unsupportedFormat(let detail): Self(.unsupportedFormat(redact(detail)))
        case .decodingFailed(let detail): Self(.decodingFailed(redact(detail)))
        case .notARegularFile(let detail): Self(.notARegularFile(redact(detail)))
        case .httpStatus, .tooLargeBytes, .tooLargePixels, .folder: self
        }
    }
}
