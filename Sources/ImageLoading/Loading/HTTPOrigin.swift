public import FoundationEssentials

/// The origin of an http(s) URL: scheme, host and port (the default port filled in), the
/// boundary request headers given for a server never cross.
///
/// ```swift
/// HTTPOrigin(URL(string: "https://photos.example/v2/list")!)
///     == HTTPOrigin(URL(string: "https://PHOTOS.example:443/id/1/64/64")!)   // true
/// HTTPOrigin(URL(string: "http://127.0.0.1:8080/")!)
///     == HTTPOrigin(URL(string: "http://127.0.0.1:8081/")!)                  // false
/// ```
public struct HTTPOrigin: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`, lower case.
    public let scheme: String
    /// The host, lower case.
    public let host: String
    /// The port, the scheme's default when the URL names none.
    public let port: Int

    /// The origin of `url`; nil when it is not an http(s) URL with a host.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    public var description: String { "\(scheme)://\(host):\(port)" }
}
