import Foundation

/// `photofeed serve` under load, beside nginx serving the same bytes from disk: `wrk` on
/// loopback asking one stored rendition, the list, and a different render every request
/// (random ids at random sizes), each for ``seconds``; for each, requests per second, the
/// median and 99th-percentile latency, the errors, and the server's peak resident memory
/// during that load (`VmHWM`, reset between loads through `/proc/PID/clear_refs`). The random
/// renders run again with small cache budgets: the peak stays within the budgets plus the
/// overhead `docs/SERVING.md` states.
struct ServeLoadScenario: BenchScenario {
    let name = "serve-load"
    var seconds = 10
    var connections = 50
    var renderConnections = 32

    func run(_ context: BenchContext) async throws -> BenchReport {
        let photofeed = context.photofeedBinary
        guard FileManager.default.isExecutableFile(atPath: photofeed), let wrk = BlockArtToolRunner.which("wrk") else {
            return BenchReport(
                title: "serve-load: skipped", columns: ["why"], rows: [["needs the release photofeed beside feedbench and wrk (make bench installs it)"]])
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-serve-load-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let script = scratch.appendingPathComponent("random-renders.lua")
        try Self.randomRenders.write(to: script, atomically: true, encoding: .utf8)

        var rows: [[String]] = []
        let serve = try ServeChild.start(photofeed, photos: context.assetsDirectory, extra: [])
        defer { serve.stop() }
        let rendition = serve.baseURL.absoluteString + "/id/2/300/200"
        let loads: [(String, [String], Int)] = [
            ("one stored rendition (/id/2/300/200)", [rendition], connections),
            ("the list (/v2/list?page=3&limit=30)", [serve.baseURL.absoluteString + "/v2/list?page=3&limit=30"], connections),
            ("a render every request (random id, 64…1200 px a side)", ["-s", script.path, serve.baseURL.absoluteString], renderConnections),
        ]
        for (label, target, clients) in loads {
            serve.resetPeak()
            let result = try Self.wrk(wrk, target, connections: clients, seconds: seconds)
            rows.append(Self.row("photofeed serve: " + label, clients, result, peak: serve.peakMiB()))
        }

        // The same rendition's bytes from disk, by nginx: what a static server does here.
        if let nginx = BlockArtToolRunner.which("nginx") ?? ["/usr/sbin/nginx"].first(where: FileManager.default.isExecutableFile(atPath:)) {
            let root = scratch.appendingPathComponent("static")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            guard let curl = BlockArtToolRunner.which("curl") else { throw ServeLoadError(description: "curl missing") }
            let bytes = Data(try BlockArtToolRunner.output(of: curl, ["-sf", rendition]))
            try bytes.write(to: root.appendingPathComponent("rendition.jpg"))
            let front = try StaticNginx.start(nginx, root: root.path, prefix: scratch.appendingPathComponent("nginx").path)
            defer { front.stop() }
            let result = try Self.wrk(wrk, [front.baseURL.absoluteString + "/rendition.jpg"], connections: connections, seconds: seconds)
            rows.append(Self.row("nginx: the same \(bytes.count / 1024) KB rendition from disk", connections, result, peak: nil))
        }

        // Small budgets: the peak under every-request renders stays near them.
        serve.stop()
        let small = try ServeChild.start(photofeed, photos: context.assetsDirectory, extra: ["--render-cache", "16MiB", "--source-cache", "64MiB"])
        defer { small.stop() }
        let result = try Self.wrk(wrk, ["-s", script.path, small.baseURL.absoluteString], connections: renderConnections, seconds: seconds)
        rows.append(Self.row("photofeed serve --render-cache 16MiB --source-cache 64MiB: a render every request", renderConnections, result, peak: small.peakMiB()))

        return BenchReport(
            title: "serve-load: photofeed serve under wrk on loopback, beside nginx serving the same bytes",
            columns: ["load", "connections", "requests/s", "p50 ms", "p99 ms", "errors", "peak RSS MB"], rows: rows,
            notes: [
                "wrk -t2 -c N -d \(seconds)s --timeout 5s --latency URL (renders: -s random-renders.lua, asking /id/{0…999}/{64…1200}/{64…1200} at random)",
                "photofeed serve --port 0 --latency 0 --photos \(context.assetsDirectory); peak RSS is VmHWM during that load alone (clear_refs 5 before it); the default budgets are 64 MiB of renditions and 256 MiB of decoded photos",
                "errors: socket errors and answers other than 2xx/3xx",
                "command: swift build -c release --product feedbench && swift build -c release --product photofeed && .build/release/feedbench --scenario serve-load",
            ])
    }

    /// wrk's Lua script asking a different render every request.
    static let randomRenders = """
        math.randomseed(7)
        request = function()
          local path = string.format("/id/%d/%d/%d", math.random(0, 999), math.random(64, 1200), math.random(64, 1200))
          return wrk.format("GET", path)
        end

        """

    /// What wrk measured.
    struct WrkResult {
        var requestsPerSecond: Double
        var p50: Double?
        var p99: Double?
        var errors: Int
    }

    /// Runs wrk with `target` (a URL, or `-s script URL`) and reads its summary.
    static func wrk(_ wrk: String, _ target: [String], connections: Int, seconds: Int) throws -> WrkResult {
        let output = try BlockArtToolRunner.output(
            of: wrk, ["-t2", "-c\(connections)", "-d\(seconds)s", "--timeout", "5s", "--latency"] + target)
        return parse(String(decoding: output, as: UTF8.self))
    }

    /// wrk's text: `Requests/sec:`, the latency distribution's `50%` and `99%` lines, `Socket
    /// errors:` and `Non-2xx or 3xx responses:`.
    static func parse(_ text: String) -> WrkResult {
        var result = WrkResult(requestsPerSecond: 0, p50: nil, p99: nil, errors: 0)
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            if line.hasPrefix("Requests/sec:"), let value = fields.last.flatMap(Double.init) {
                result.requestsPerSecond = value
            } else if fields.count == 2, fields[0] == "50%" {
                result.p50 = milliseconds(fields[1])
            } else if fields.count == 2, fields[0] == "99%" {
                result.p99 = milliseconds(fields[1])
            } else if line.hasPrefix("Socket errors:") {
                result.errors += fields.compactMap(Int.init).reduce(0, +)
            } else if line.hasPrefix("Non-2xx or 3xx responses:"), let count = fields.last.flatMap(Int.init) {
                result.errors += count
            }
        }
        return result
    }

    /// wrk's `1.90ms`, `341.20ms`, `1.20s`, `850.00us` in milliseconds.
    static func milliseconds(_ text: String) -> Double? {
        for (unit, factor) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0), ("m", 60_000.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * factor }
        }
        return nil
    }

    private static func row(_ label: String, _ connections: Int, _ result: WrkResult, peak: Double?) -> [String] {
        [label, "\(connections)", String(format: "%.0f", result.requestsPerSecond),
         result.p50.map { String(format: "%.1f", $0) } ?? "-", result.p99.map { String(format: "%.1f", $0) } ?? "-",
         "\(result.errors)", peak.map { String(format: "%.0f", $0) } ?? "-"]
    }
}
