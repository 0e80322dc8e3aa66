/// The one error PicsumServer throws: what went wrong, in words a user can act on.
///
/// A struct around a private code, so new kinds can be added without breaking callers.
///
/// ```swift
/// do { _ = try await PicsumServer.start(configuration) }
/// catch let error as PicsumServerError where error.kind == .emptyLibrary { ... }
/// ```
public struct PicsumServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A category of failure.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate let name: String
        /// The photos directory does not exist or cannot be listed.
        public static let photosDirectory = Kind(name: "photos directory")
        /// No file in the photos directory could be decoded.
        public static let emptyLibrary = Kind(name: "empty library")
        /// A configuration value is out of range.
        public static let invalidConfiguration = Kind(name: "invalid configuration")
        /// A shaping knob is out of range.
        public static let invalidShaping = Kind(name: "invalid shaping")
        /// The listening socket could not be opened.
        public static let startFailed = Kind(name: "start failed")
        /// Another socket holds the address and port (``port`` says which).
        public static let addressInUse = Kind(name: "address in use")
        /// A photo of the library cannot be read or decoded (found when it is first rendered, or
        /// it changed since the server started).
        public static let undecodablePhoto = Kind(name: "undecodable photo")
        public var description: String { name }
    }

    private enum Code: Sendable, Hashable {
        case photosDirectory(path: String, reason: String)
        case emptyLibrary(path: String, skipped: Int)
        case invalidConfiguration(String)
        case invalidShaping(String)
        case startFailed(String)
        case addressInUse(host: String, port: Int)
        case undecodablePhoto(name: String, reason: String)
    }

    private let code: Code
    private init(_ code: Code) { self.code = code }

    /// The category, for matching.
    public var kind: Kind {
        switch code {
        case .photosDirectory: .photosDirectory
        case .emptyLibrary: .emptyLibrary
        case .invalidConfiguration: .invalidConfiguration
        case .invalidShaping: .invalidShaping
        case .startFailed: .startFailed
        case .addressInUse: .addressInUse
        case .undecodablePhoto: .undecodablePhoto
        }
    }

    public var description: String {
        switch code {
        case .photosDirectory(let path, let reason):
            "photos directory \(path): \(reason)"
        case .emptyLibrary(let path, 0):
            "photos directory \(path) holds no images (JPEG or PNG files are needed)"
        case .emptyLibrary(let path, let skipped):
            "photos directory \(path) holds no decodable image (\(skipped) file\(skipped == 1 ? "" : "s") skipped)"
        case .invalidConfiguration(let message):
            "invalid configuration: \(message)"
        case .invalidShaping(let message):
            "invalid shaping: \(message)"
        case .startFailed(let message):
            "the server could not start: \(message)"
        case .addressInUse(let host, let port):
            "port \(port) is in use on \(host): another server listens there"
        case .undecodablePhoto(let name, let reason):
            "photo \(name) cannot be served: \(reason)"
        }
    }

    static func photosDirectory(_ path: String, _ reason: String) -> Self {
        Self(.photosDirectory(path: path, reason: reason))
    }
    static func emptyLibrary(_ path: String, skipped: Int) -> Self { Self(.emptyLibrary(path: path, skipped: skipped)) }
    static func invalidConfiguration(_ message: String) -> Self { Self(.invalidConfiguration(message)) }
    static func invalidShaping(_ message: String) -> Self { Self(.invalidShaping(message)) }
    static func startFailed(_ message: String) -> Self { Self(.startFailed(message)) }
    static func addressInUse(host: String, port: Int) -> Self { Self(.addressInUse(host: host, port: port)) }

    /// The port of an ``Kind-swift.struct/addressInUse`` error.
    public var port: Int? {
        if case .addressInUse(_, let port) = code { return port }
        return nil
    }
    static func undecodablePhoto(_ name: String, _ reason: String) -> Self { Self(.undecodablePhoto(name: name, reason: reason)) }
}
