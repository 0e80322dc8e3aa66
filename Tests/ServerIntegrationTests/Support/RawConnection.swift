import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to the test server, for clients no HTTP library would be: silent,
/// half-sent heads, bodies that never end. Blocking reads run on a thread of their own, never on
/// the cooperative pool the server's responder uses nor on Dispatch's, which the renders use.
struct RawConnection: Sendable {
    let fd: Int32

    /// Connects to `baseURL`'s host and port (IPv4 loopback); `receiveBufferBytes` shrinks the
    /// socket's receive buffer (a client that reads slowly fills it sooner).
    static func open(_ baseURL: URL, receiveBufferBytes: Int32? = nil) throws -> RawConnection {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        if var bytes = receiveBufferBytes {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(baseURL.port ?? 80).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        // A safety net only: no test waits this long unless the server fails to close.
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return RawConnection(fd: fd)
    }

    /// Writes all of `bytes` (false once the peer has gone).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// What the server sent until it closed the connection; `closed` is false when the safety
    /// timeout ran out first (the server kept it open).
    func readUntilClosed() async -> (bytes: [UInt8], closed: Bool) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var received: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    if count > 0 {
                        received += buffer[..<count]
                        continue
                    }
                    let closed = count == 0 || errno == ECONNRESET
                    continuation.resume(returning: (received, closed))
                    return
                }
            }
        }
    }

    /// One response (head and a `Content-Length` body), leaving the connection open.
    func readResponse() async -> [UInt8] {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var received: [UInt8] = []
                var byte: UInt8 = 0
                let separator = Array("\r\n\r\n".utf8)
                while !received.suffix(4).elementsEqual(separator), recv(fd, &byte, 1, 0) == 1 { received.append(byte) }
                let head = String(decoding: received, as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                var body = [UInt8](repeating: 0, count: length)
                var got = 0
                while got < length {
                    let count = body[got...].withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { break }
                    got += count
                }
                continuation.resume(returning: received + body.prefix(got))
            }
        }
    }

    /// True when the server has already closed the connection (a read would not block).
    var isClosedByPeer: Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_DONTWAIT) | Int32(MSG_PEEK))
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    func close() { Glibc.close(fd) }
}
