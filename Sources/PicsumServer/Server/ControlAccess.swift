/// Who may use `/control/shaping` over HTTP: only a request carrying this bearer token.
///
/// The endpoint does not exist unless the configuration holds a `ControlAccess`; the viewer
/// changes its embedded server through `server.shaping` in-process and never enables it.
///
/// ```swift
/// configuration.control = ControlAccess()                  // a random token
/// print("Authorization: Bearer \(configuration.control!.token)")
/// ```
public struct ControlAccess: Sendable, Hashable {
    /// The bearer token a request must carry (`Authorization: Bearer <token>`).
    public let token: String

    /// Access with `token`, or a fresh random one (128 bits, hex).
    public init(token: String = ControlAccess.randomToken()) {
        self.token = token
    }

    /// 32 hex digits from the system's random source.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// True when `authorization` is `Bearer <token>` (compared in constant time).
    func authorizes(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let prefix = "bearer "
        guard authorization.count > prefix.count, authorization.lowercased().hasPrefix(prefix) else { return false }
        let given = Array(authorization.utf8.dropFirst(prefix.utf8.count))
        let expected = Array(token.utf8)
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(given, expected) { difference |= a ^ b }
        return difference == 0
    }
}
