import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// A loopback HTTP server that announces a photo's whole length and closes after a share of its
/// body: no `Accept-Ranges`, no validator, so a client cannot resume. ``sendsWhole`` makes the
/// next answers whole (the server is well again). One thread, one connection at a time, closed
/// after each answer; it stops when dropped.
///
/// ```swift
/// let server = try CuttingHTTPServer(body: jpeg, share: 0.6)
/// // GET http://127.0.0.1:\(server.port)/photo.jpg → Content-Length: jpeg.count, 60 % of it, then closed
/// server.sendsWhole = true
/// ```
final class CuttingHTTPServer: Sendable {
    let port: Int
    private let socket: Int32
    private let state: State

    /// What the accepting thread shares with the test.
    private final class State: Sendable {
        let requests = Mutex(0)
        let whole = Mutex(false)
    }

    /// Requests answered so far.
    var requests: Int { state.requests.withLock { $0 } }

    /// Whether the next answers send the whole body.
    var sendsWhole: Bool {
        get { state.whole.withLock { $0 } }
        set { state.whole.withLock { $0 = newValue } }
    }

    /// The server's URL for `path`.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    init(body: [UInt8], share: Double) throws {
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
        let state = State()
        self.state = state
        let cut = Int(Double(body.count) * share)
        Thread.detachNewThread {
            while true {
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else { return }  // closed: stop
                Self.readHead(client)
                state.requests.withLock { $0 += 1 }
                let sent = state.whole.withLock { $0 } ? body.count : cut
                let head = Array(
                    "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
                Self.write(head + body.prefix(sent), to: client)
                close(client)
            }
        }
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
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
    private static func readHead(_ client: Int32) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 64 << 10 {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            bytes += buffer[0..<count]
            if bytes.count >= 4, bytes.suffix(4).elementsEqual([13, 10, 13, 10]) { return }
        }
    }
}
