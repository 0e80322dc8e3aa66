import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback HTTP server that answers `/v2/list…` with a fixed body and everything else with
/// 404: a hostile picsum-style feed for the commands under test. One thread, one connection at a
/// time, closed after each answer.
final class CannedHTTPServer: Sendable {
    let port: Int
    private let socket: Int32

    init(listBody: String) throws {
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
        let body = Array(listBody.utf8)
        Thread.detachNewThread {
            while true {
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else { return }  // closed: stop
                var request = [UInt8](repeating: 0, count: 4096)
                let count = read(client, &request, request.count)
                let head = count > 0 ? String(decoding: request[0..<count], as: UTF8.self) : ""
                let isList = head.hasPrefix("GET /v2/list")
                let payload = isList ? body : Array("not found".utf8)
                let status = isList ? "200 OK" : "404 Not Found"
                let response = Array(
                    "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(payload.count)\r\nConnection: close\r\n\r\n".utf8)
                    + payload
                _ = response.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                close(client)
            }
        }
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}
