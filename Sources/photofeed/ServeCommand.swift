import ArgumentParser
import Dispatch
import FoundationEssentials
import FoundationExtras
import Glibc
import Logging
import PicsumServer

/// `photofeed serve`: the embedded picsum-style server, alone, until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the photo library as a picsum.photos-style feed, with optional network shaping.",
        discussion: """
            Once it listens, its first line on stdout is "photofeed serve: listening on URL \
            (N photos, M ids)" (a script takes the word that starts with http), then it logs one \
            line per request to stderr. Shaping applies to image routes; /v2/list, /id/N/info and \
            the /W/H redirects get the latency only. With --control, the knobs can be changed \
            while it runs with GET/PUT /control/shaping (application/json, latency_ms 0…60000, \
            bandwidth 0 or ≥ 1024, rates 0…1), carrying "Authorization: Bearer TOKEN"; the token \
            (random unless --control-token gives one) is on stdout's second line, \
            "photofeed serve: control: URL/control/shaping with Authorization: Bearer TOKEN".

            Memory: --render-cache and --source-cache bound the two caches; the renders in flight \
            (--renders small ones plus one large at a time) each hold a decoded source and its \
            output besides. The process's peak stays within the two budgets plus the overhead \
            docs/SERVING.md measures. Several instances behind a cache: see docs/SERVING.md.

            Examples:
              photofeed serve --port 8080
              photofeed serve --host 0.0.0.0 --port 8080 --photos ~/Pictures
              photofeed serve --port 8080 --latency 300 --failure-rate 0.1
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 0

    @Option(help: "The photo library directory (default: the photos installed beside photofeed, or a checkout's Assets/photos).", completion: .directory)
    var photos: String?

    @Option(help: "How many ids the feed has.")
    var count = 1000

    @Option(help: "Milliseconds before each response head.")
    var latency = 0

    @Option(help: "Body bytes per second per connection (0: unlimited).")
    var bandwidth = 0

    @Option(help: "Probability (0…1) that an image request answers 503.")
    var failureRate = 0.0

    @Option(help: "Probability (0…1) that an image response sends its head, then nothing.")
    var stallRate = 0.0

    @Option(help: "Probability (0…1) that an image response is cut off mid-body.")
    var truncateRate = 0.0

    @Option(help: "Seeds every shaping decision.")
    var seed: UInt64 = 0

    @Option(help: "Cache-Control max-age of images, in seconds (0: clients revalidate every use and get 304s).")
    var maxAge = 86_400

    @Option(help: ArgumentHelp(
        "Rendered images kept in memory to serve again, in bytes or with a unit: 64MiB, 100MB (default: \(ByteSize.format(PicsumServer.Configuration.defaultEncodedCacheBytes))).",
        valueName: "size"))
    var renderCache: String?

    @Option(help: ArgumentHelp(
        "Decoded photos kept in memory for further renders (default: \(ByteSize.format(PicsumServer.Configuration.defaultDecodedCacheBytes))).",
        valueName: "size"))
    var sourceCache: String?

    @Option(help: "Small renders (up to 1 MP) run at once; a large one runs beside them (default: the processor count).")
    var renders: Int?

    @Option(help: "Connections served at once; more wait until one closes.")
    var maxConnections = ConnectionLimits().maxConnections

    @Flag(help: "Expose GET/PUT /control/shaping, guarded by a bearer token (off by default).")
    var control = false

    @Option(help: "The bearer token for /control/shaping (16+ characters; implies --control). Default: random.")
    var controlToken: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535 (got \(port))") }
        guard count >= 1 else { throw ValidationError("--count must be at least 1 (got \(count))") }
        guard latency >= 0 else { throw ValidationError("--latency must not be negative (got \(latency))") }
        guard maxAge >= 0 else { throw ValidationError("--max-age must not be negative (got \(maxAge))") }
        guard bandwidth >= 0 else { throw ValidationError("--bandwidth must not be negative (got \(bandwidth))") }
        for (flag, rate) in [("--failure-rate", failureRate), ("--stall-rate", stallRate), ("--truncate-rate", truncateRate)] {
            guard rate.isFinite, (0...1).contains(rate) else {
                throw ValidationError("\(flag) must be between 0 and 1 (got \(rate))")
            }
        }
        _ = try cacheBudgets()
        if let renders, !(1...256).contains(renders) {
            throw ValidationError("--renders must be 1…256 (got \(renders))")
        }
        guard (1...100_000).contains(maxConnections) else {
            throw ValidationError("--max-connections must be 1…100000 (got \(maxConnections))")
        }
        if let controlToken, controlToken.count < 16 || controlToken.contains(where: { $0.isWhitespace }) {
            throw ValidationError("--control-token must be 16 or more characters, no spaces")
        }
        if let photos {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: photos, isDirectory: &isDirectory), isDirectory else {
                throw ValidationError("--photos \(photos): no such directory")
            }
        }
    }

    func run() async throws {
        // A closed stdout or stderr (`photofeed serve | head -1`) must not kill the server.
        signal(SIGPIPE, SIG_IGN)
        let (signals, signalSources) = Self.signals([SIGINT, SIGTERM])
        defer { withExtendedLifetime(signalSources) {} }
        var configuration = PicsumServer.Configuration(
            host: host, port: port, photosDirectory: photosDirectory(), count: count,
            logger: Logger(label: "photofeed serve") { StreamLogHandler.standardError(label: $0) })
        // A folder `animated` beside the photos holds animations placed among the first ids.
        configuration.animationsDirectory = photosDirectory().appendingPathComponent("animated")
        configuration.shaping = NetworkShaping(
            latency: .milliseconds(latency), bandwidth: bandwidth == 0 ? nil : bandwidth,
            failureRate: failureRate, stallRate: stallRate, truncateRate: truncateRate, seed: seed)
        configuration.cacheMaxAge = maxAge
        (configuration.encodedCacheBytes, configuration.decodedCacheBytes) = try cacheBudgets()
        if let renders { configuration.maxConcurrentRenders = renders }
        configuration.limits.maxConnections = maxConnections
        if control || controlToken != nil {
            configuration.control = controlToken.map { ControlAccess(token: $0) } ?? ControlAccess()
        }
        let server: PicsumServer
        do {
            server = try await PicsumServer.start(configuration)
        } catch let error as PicsumServerError where error.kind == .addressInUse {
            // What to do, not the socket call's name and errno.
            Self.standardError("photofeed: port \(error.port ?? port) is in use; try --port 0 (a free port) or another port")
            throw ExitCode.failure
        } catch {
            Self.standardError("photofeed serve: \(ErrorText.describe(error))")
            throw ExitCode.failure
        }
        let log = server.requests
        let logging = Task {
            for await entry in log { Self.standardError("photofeed serve: \(entry)") }
        }
        Self.standardOutput(
            "photofeed serve: listening on \(server.baseURL.absoluteString) "
                + "(\(Self.count(server.library.photos.count, "photo")), \(Self.count(server.feed.count, "id")))")
        if let access = configuration.control {
            Self.standardOutput(
                "photofeed serve: control: \(server.baseURL.absoluteString)/control/shaping "
                    + "with Authorization: Bearer \(access.token)")
        }
        if !configuration.shaping.isNeutral {
            Self.standardError("photofeed serve: shaping: \(configuration.shaping)")
        }
        for await signal in signals {
            Self.standardError("photofeed serve: \(signal == SIGINT ? "SIGINT" : "SIGTERM"), stopping")
            break
        }
        await server.stop()
        await logging.value
        Self.standardError("photofeed serve: stopped")
    }

    /// `--render-cache` and `--source-cache` in bytes (their defaults when not given).
    private func cacheBudgets() throws -> (encoded: Int, decoded: Int) {
        func bytes(_ text: String?, _ flag: String, _ fallback: Int) throws -> Int {
            guard let text else { return fallback }
            do { return try ByteSize.parse(text) } catch { throw ValidationError("\(flag) \(error)") }
        }
        return (
            try bytes(renderCache, "--render-cache", PicsumServer.Configuration.defaultEncodedCacheBytes),
            try bytes(sourceCache, "--source-cache", PicsumServer.Configuration.defaultDecodedCacheBytes)
        )
    }

    /// `--photos`, else the default library (see ``DefaultPhotos``).
    private func photosDirectory() -> URL {
        photos.map { URL(fileURLWithPath: PathText.expandingHome($0)) } ?? DefaultPhotos.directory()
    }

    /// The given signals as an async sequence (their default action is turned off), and the
    /// dispatch sources that deliver them, to be kept alive meanwhile.
    private static func signals(_ numbers: [Int32]) -> (AsyncStream<Int32>, [any DispatchSourceSignal]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let queue = DispatchQueue(label: "photofeed.serve.signals")
        let sources = numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        return (stream, sources)
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// Writes one line, unbuffered; a closed pipe is ignored.
    private static func standardOutput(_ line: String) {
        StandardStream.output.write(line + "\n")
    }

    /// Writes one line, unbuffered; a closed pipe is ignored.
    private static func standardError(_ line: String) {
        StandardStream.error.write(line + "\n")
    }
}
