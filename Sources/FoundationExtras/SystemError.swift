import Glibc

/// A failed system call: what was attempted, and `errno`.
///
/// ```swift
/// throw SystemError("open \(path)", code: errno)   // "open /x: no such file or directory"
/// ```
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed, such as `open /tmp/list.txt` or `spawn /usr/bin/tic`.
    public let operation: String
    /// The `errno` value.
    public let code: Int32

    public init(_ operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// `strerror(code)` in lower case: "no such file or directory".
    public var reason: String { Self.reason(code) }

    public var description: String { "\(operation): \(reason)" }

    /// `strerror(code)` in lower case.
    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
