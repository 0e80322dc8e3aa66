public import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP server for the tests that need a real socket: it records each request's head
/// and answers by a route. An answer can be cut: the whole length announced, a share of the body
/// sent, then the connection closed, with no `Accept-Ranges` and no validator, so a client cannot
/// resume (a download that ended for good). Two servers are two origins (another port is
/// another origin). One thread, one connection at a time, closed after each answer; it stops
/// when dropped.
///
/// ```swift
/// let server = try LoopbackHTTPServer { path in .ok(Array("[]".utf8), type: "application/json") }
/// // … requests to server.url("/v2/list") …
/// server.heads.first { $0.hasPrefix("GET /v2/list") }
/// ```
public final class LoopbackHTTPServer: Sendable {
    /// An answer.
    public enum Answer: Sendable {
        case ok([UInt8], type: String)
        /// 200 with `Content-Length` of the whole body, its first `sent` bytes, then closed.
        case cut([UInt8], type: String, sent: Int)
        case redirect(String)
        case notFound
    }

    public let port: Int
    private let socket: Int32
    private let recorded = Recorded()

    /// What the accepting thread shares with the tests.
    private final class Recorded: Sendable {
        let heads = Mutex<[String]>([])
    }

    /// The heads received so far (request line and header fields), in order.
    public var heads: [String] { recorded.heads.withLock { $0 } }

    /// Requests answered so far.
    public var requests: Int { recorded.heads.withLock { $0.count } }

    /// The server's URL for `path`.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Listens on an ephemeral port of 127.0.0.1 and answers each request with `route(target)`.
    public init(route: @escaping @Sendable (String) -> Answer) throws {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TmuxError(description: "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw TmuxError(description: "bind/listen failed")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        socket = descriptor
        Thread.detachNewThread { [recorded] in
            while true {
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else { return }  // closed: stop
                let head = Self.readHead(client)
                recorded.heads.withLock { $0.append(head) }
                let target = head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
                Self.write(Self.response(route(target)), to: client)
                close(client)
            }
        }
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    /// The bytes sent for an answer: the head, then the body (or the cut's share of it).
    private static func response(_ answer: Answer) -> [UInt8] {
        let (status, fields, body, sent): (String, String, [UInt8], Int)
        switch answer {
        case .ok(let bytes, let type): (status, fields, body, sent) = ("200 OK", "Content-Type: \(type)\r\n", bytes, bytes.count)
        case .cut(let bytes, let type, let share): (status, fields, body, sent) = ("200 OK", "Content-Type: \(type)\r\n", bytes, share)
        case .redirect(let location): (status, fields, body, sent) = ("302 Found", "Location: \(location)\r\n", [], 0)
        case .notFound: (status, fields, body, sent) = ("404 Not Found", "", Array("not found".utf8), 9)
        }
        let head = "HTTP/1.1 \(status)\r\n\(fields)Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body.prefix(max(0, min(sent, body.count)))
    }

    private static func write(_ bytes: [UInt8], to client: Int32) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(client, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            written += count
        }
    }

    /// Reads up to the blank line that ends a request head (GET requests have no body).
    private static func readHead(_ client: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 64 << 10 {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            if bytes.count >= 4, bytes.suffix(4).elementsEqual([13, 10, 13, 10]) { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
