import Vocabulary

/// The one error ImageCodecs throws: what went wrong, in words a user can act on.
///
/// A struct around a private code, so new kinds can be added without breaking callers.
/// Compare `kind` to the static kinds:
///
/// ```swift
/// do { _ = try ImageDecoder.decode(bytes) }
/// catch let error as ImageCodecError where error.kind == .tooManyPixels { ... }
/// ```
public struct ImageCodecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A category of failure.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate let name: String
        public static let unsupportedFormat = Kind(name: "unsupported format")
        public static let truncated = Kind(name: "truncated data")
        public static let tooManyPixels = Kind(name: "too many pixels")
        public static let decoder = Kind(name: "decoder error")
        public static let encoder = Kind(name: "encoder error")
        public static let invalidArgument = Kind(name: "invalid argument")
        /// A resource limit ended the decode: a side too long, a memory cap, a work budget.
        public static let limitExceeded = Kind(name: "limit exceeded")
        /// A file name or Content-Type says one format and the bytes are another.
        public static let formatMismatch = Kind(name: "format mismatch")
        public var description: String { name }
    }

    private enum Code: Sendable, Hashable {
        case unsupportedFormat(String?)
        case truncated(String)
        case tooManyPixels(width: Int, height: Int, limit: Int)
        case decoder(String)
        case encoder(String)
        case invalidArgument(String)
        case limitExceeded(String)
        case formatMismatch(claimed: String, actual: String)
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    /// The category, for matching.
    public var kind: Kind {
        switch code {
        case .unsupportedFormat: .unsupportedFormat
        case .truncated: .truncated
        case .tooManyPixels: .tooManyPixels
        case .decoder: .decoder
        case .encoder: .encoder
        case .invalidArgument: .invalidArgument
        case .limitExceeded: .limitExceeded
        case .formatMismatch: .formatMismatch
        }
    }

    public var description: String {
        switch code {
        case .unsupportedFormat(nil):
            "unsupported format: not a JPEG, PNG, WebP, GIF, AVIF, HEIF, JPEG XL, TIFF or BMP image (the first bytes match no known image signature)"
        case .unsupportedFormat(let name?):
            "unsupported format: \(name) images cannot be decoded (JPEG, PNG, WebP, GIF, AVIF, HEIF, JPEG XL, TIFF and BMP can)"
        case .truncated(let what):
            "truncated data: \(what)"
        case .tooManyPixels(let width, let height, let limit):
            "too many pixels: \(width)×\(height) is \(PixelSize(width: width, height: height).pixelCount) pixels, over the limit of \(limit)"
        case .decoder(let message):
            "decoder error: \(message)"
        case .encoder(let message):
            "encoder error: \(message)"
        case .invalidArgument(let message):
            "invalid argument: \(message)"
        case .limitExceeded(let message):
            "limit exceeded: \(message)"
        case .formatMismatch(let claimed, let actual):
            "format mismatch: claimed to be \(claimed), the bytes are \(actual)"
        }
    }

    /// The bytes match no supported format; `name` names a recognised but unsupported one.
    public static func unsupportedFormat(_ name: String? = nil) -> Self { Self(.unsupportedFormat(name)) }
    /// The data ends before the image does.
    public static func truncated(_ what: String) -> Self { Self(.truncated(what)) }
    /// The header claims more pixels than the configured limit.
    public static func tooManyPixels(width: Int, height: Int, limit: Int) -> Self {
        Self(.tooManyPixels(width: width, height: height, limit: limit))
    }
    /// The decoder library reported an error.
    public static func decoder(_ message: String) -> Self { Self(.decoder(message)) }
    /// The encoder library reported an error.
    public static func encoder(_ message: String) -> Self { Self(.encoder(message)) }
    /// A caller passed an impossible argument.
    public static func invalidArgument(_ message: String) -> Self { Self(.invalidArgument(message)) }
    /// The bytes are `actual` while a name or Content-Type claimed `claimed` (both named).
    public static func formatMismatch(claimed: String, actual: String) -> Self {
        Self(.formatMismatch(claimed: claimed, actual: actual))
    }
    /// A resource limit (side length, decoder memory, decoding work) ended the decode.
    public static func limitExceeded(_ message: String) -> Self { Self(.limitExceeded(message)) }
}
