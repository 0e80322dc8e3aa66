import Foundation

/// Debian's nginx as a child process in a temporary prefix: a round-robin upstream over
/// `upstreams` with `proxy_cache` on, listening on a free loopback port. Each answer says
/// `X-Cache-Status` (MISS, HIT, …) and `X-Upstream` (the instance that answered, if any).
struct NginxFront: Sendable {
    let baseURL: URL
    let prefix: URL
    private let process: Process

    /// The configuration `docs/SERVING.md` shows, with the test's ports and paths.
    static func configuration(prefix: String, port: Int, upstreams: [URL]) -> String {
        let servers = upstreams.map { "        server \($0.host ?? "127.0.0.1"):\($0.port ?? 80);" }.joined(separator: "\n")
        let user = getuid() == 0 ? "user root root;\n" : ""
        return """
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
                proxy_cache_path \(prefix)/cache levels=1:2 keys_zone=photofeed:10m max_size=1g inactive=1d use_temp_path=off;
                upstream photofeed {
            \(servers)
                    keepalive 16;
                }
                server {
                    listen 127.0.0.1:\(port);
                    location / {
                        proxy_pass http://photofeed;
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                        proxy_set_header Host $http_host;
                        proxy_cache photofeed;
                        proxy_cache_revalidate on;
                        proxy_cache_lock on;
                        add_header X-Cache-Status $upstream_cache_status always;
                        add_header X-Upstream $upstream_addr always;
                    }
                }
            }

            """
    }

    /// Writes the configuration to a fresh prefix, starts nginx and returns once it accepts
    /// connections (nil: it did not within 10 s; `error.log` says why).
    static func start(_ nginx: ExternalTool, upstreams: [URL]) async throws -> NginxFront? {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        let port = try ExternalTool.freePort()
        let file = prefix.appendingPathComponent("nginx.conf")
        try configuration(prefix: prefix.path, port: port, upstreams: upstreams).write(to: file, atomically: true, encoding: .utf8)
        let process = try nginx.start(["-p", prefix.path, "-c", file.path, "-e", prefix.path + "/error.log"])
        let baseURL = URL(string: "http://127.0.0.1:\(port)")!
        let front = NginxFront(baseURL: baseURL, prefix: prefix, process: process)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while clock.now < deadline, process.isRunning {
            if let connection = try? RawConnection.open(baseURL) {
                connection.close()
                return front
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        front.stop()
        return nil
    }

    /// What nginx wrote to its error log.
    var errorLog: String {
        (try? String(contentsOf: prefix.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    /// Stops nginx, waits for it, and removes its prefix.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: prefix)
    }
}
