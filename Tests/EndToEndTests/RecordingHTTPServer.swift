import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// A loopback HTTP server that records each request's head and answers by a route: for the
/// header tests, two of them are two origins (another port is another origin). One thread, one
/// connection at a time, closed after each answer.
///
/// ```swift
/// let server = try RecordingHTTPServer { path in .ok(Array("[]".utf8), type: "application/json") }
/// // … requests to http://127.0.0.1:\(server.port)/ …
/// server.heads.first { $0.hasPrefix("GET /v2/list") }
/// ```
final class RecordingHTTPServer: Sendable {
    /// An answer.
    enum Answer: Sendable {
        case ok([UInt8], type: String)
        case redirect(String)
        case notFound
    }

    let port: Int
    private let socket: Int32
    private let recorded = Recorded()

    /// The heads received so far (request line and header fields), in order.
    var heads: [String] { recorded.heads.withLock { $0 } }

    /// What the accepting thread shares with the tests.
    private final class Recorded: Sendable {
        let heads = Mutex<[String]>([])
    }

    init(route: @escaping @Sendable (String) -> Answer) throws {
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
                let (status, fields, body): (String, String, [UInt8])
                switch route(target) {
                case .ok(let bytes, let type): (status, fields, body) = ("200 OK", "Content-Type: \(type)\r\n", bytes)
                case .redirect(let location): (status, fields, body) = ("302 Found", "Location: \(location)\r\n", [])
                case .notFound: (status, fields, body) = ("404 Not Found", "", Array("not found".utf8))
                }
                let response = Array(
                    "HTTP/1.1 \(status)\r\n\(fields)Content-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body
                var written = 0
                while written < response.count {
                    let count = response[written...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                    guard count > 0 else { break }
                    written += count
                }
                close(client)
            }
        }
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
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
