import Foundation

/// nginx serving `root` on a free loopback port, from its own prefix (no system service).
final class StaticNginx {
    let baseURL: URL
    private let process: Process

    private init(baseURL: URL, process: Process) {
        self.baseURL = baseURL
        self.process = process
    }

    static func start(_ nginx: String, root: String, prefix: String) throws -> StaticNginx {
        try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
        let port = try freePort()
        let user = getuid() == 0 ? "user root root;\n" : ""
        let configuration = """
            \(user)daemon off;
            worker_processes 1;
            pid \(prefix)/nginx.pid;
            error_log \(prefix)/error.log warn;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(prefix)/client_body;
                proxy_temp_path \(prefix)/proxy_temp;
                fastcgi_temp_path \(prefix)/fastcgi_temp;
                uwsgi_temp_path \(prefix)/uwsgi_temp;
                scgi_temp_path \(prefix)/scgi_temp;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root);
                }
            }

            """
        let file = prefix + "/nginx.conf"
        try configuration.write(toFile: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", prefix, "-c", file, "-e", prefix + "/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let server = StaticNginx(baseURL: URL(string: "http://127.0.0.1:\(port)")!, process: process)
        // Ready when it accepts a connection (within 10 s).
        for _ in 0..<200 {
            if accepts(port) { return server }
            usleep(50_000)
        }
        server.stop()
        throw ServeLoadError(description: "nginx did not start (see \(prefix)/error.log)")
    }

    private static func accepts(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A port the kernel says is free now.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServeLoadError(description: "no socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw ServeLoadError(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
