import FeedSources
import Foundation
import ImageLoading
import LoadSemantics
import PicsumServer
import TerminalScreen
import FeedViewer
import TerminalGraphics
import Vocabulary

/// The viewer scrolling a shaped embedded feed: 300 rows down and back at 30 rows/s on a
/// `MemoryScreen`, driven through the real `FeedRuntime`, for four loader setups:
/// the default (cancel on disappear, memory + disk cache, resumable downloads), `--on-disappear
/// lower-priority` and `keep`,
/// and an AsyncImage-like baseline (cancel, no caches, no resume); each on two networks: the
/// viewer's default shaping, and a slow link on which a thumbnail takes longer than a row is
/// on screen (so cancel, resume and keep differ). On a congested link (less bandwidth than the
/// scroll asks for) a one-way fling: 300 rows down, then the time until the screen it stopped
/// on shows every picture.
///
/// `scroll` runs the list at its historical 32×16-cell boxes; `scroll-grid` runs the grid
/// (`--layout grid --thumb auto`) over the same number of photos at the same photos per second:
/// each key moves a line of `columns` photos, so it types `rows / columns` keys at
/// `rowsPerSecond / columns` keys a second.
struct ScrollScenario: BenchScenario {
    var layout = LayoutKind.list
    var rows = 300
    var rowsPerSecond = 30.0
    var screenSize = CellSize(columns: 120, rows: 48)

    var name: String { layout == .grid ? "scroll-grid" : "scroll" }

    /// The viewer options of this variant.
    func options(onDisappear: DisappearPolicy, graphics: PictureBackend = .blocks) -> FeedViewerOptions {
        layout == .grid
            ? FeedViewerOptions(layout: .grid, onDisappear: onDisappear, graphics: graphics)
            : FeedViewerOptions(thumbnail: CellSize(columns: 32, rows: 16), onDisappear: onDisappear, graphics: graphics)
    }

    /// Photos side by side (1 in the list).
    var columns: Int { options(onDisappear: .cancel).itemLayout.geometry(for: FeedModel.viewport(for: screenSize)).columns }

    struct Network {
        var label: String
        var latency: Duration
        var bandwidth: Int
    }

    let networks = [
        Network(label: "default", latency: .milliseconds(120), bandwidth: 400_000),
        Network(label: "slow", latency: .milliseconds(80), bandwidth: 8_000),
        // 6 connections × 3 KB/s carry less than a 30 rows/s fling asks for (~30 KB/s): a backlog builds.
        Network(label: "congested", latency: .milliseconds(80), bandwidth: 3_000),
    ]

    struct Setup {
        var label: String
        var onDisappear: DisappearPolicy
        var cachesAndResume: Bool
        var graphics: PictureBackend = .blocks
    }

    /// The default setup drawn by each pixel backend (default network only): bytes per frame
    /// and time to the first picture beside block art's.
    let pixelSetups: [Setup] = GraphicsProtocols.all.map(PictureBackend.pixels).map {
        Setup(label: "cancel, \($0.name)", onDisappear: .cancel, cachesAndResume: true, graphics: $0)
    }

    let setups = [
        Setup(label: "cancel (default)", onDisappear: .cancel, cachesAndResume: true),
        Setup(label: "lower-priority", onDisappear: .lowerPriority, cachesAndResume: true),
        Setup(label: "keep", onDisappear: .keep, cachesAndResume: true),
        Setup(label: "baseline: no cache/resume", onDisappear: .cancel, cachesAndResume: false),
    ]

    /// Every setup by index (the child process is told an index): the loader setups, then the
    /// pixel backends.
    var allSetups: [Setup] { setups + pixelSetups }

    func run(_ context: BenchContext) async throws -> BenchReport {
        let server = try await PicsumServer.start(
            PicsumServer.Configuration(photosDirectory: URL(fileURLWithPath: context.assetsDirectory), count: 1000))
        do {
            // Unmeasured, unshaped pass (in this process): the server renders every thumbnail size
            // once, so every measured run sees the same warm server.
            _ = try await measure(
                Setup(label: "warm-up", onDisappear: .keep, cachesAndResume: false), path: .downAndBack,
                baseURL: server.baseURL, index: 0)
            var results: [ScrollRun] = []
            let plan: [(Network, ScrollScript.Path)] = [(networks[0], .downAndBack), (networks[1], .downAndBack), (networks[2], .fling)]
            for (network, path) in plan {
                _ = try server.shaping.update {
                    $0.latency = network.latency
                    $0.bandwidth = network.bandwidth
                }
                let indices = Array(setups.indices) + (network.label == "default" && layout == .list ? Array(pixelSetups.indices).map { $0 + setups.count } : [])
                for setup in indices {
                    let label = "\(network.label)\(path == .fling ? " fling" : ""): \(allSetups[setup].label)"
                    // FEEDBENCH_SCROLL_ONLY=kitty runs only the runs whose label holds it (profiling one backend).
                    if let only = ProcessInfo.processInfo.environment["FEEDBENCH_SCROLL_ONLY"], !label.contains(only) { continue }
                    var run = try await scroll(setup, path: path, server: server, index: results.count + 1)
                    run.label = label
                    results.append(run)
                }
            }
            await server.stop()
            let geometry = options(onDisappear: .cancel).itemLayout.geometry(for: FeedModel.viewport(for: screenSize))
            let thumb = geometry.picture.size
            let shapings = networks.map { "\($0.label) = \(Int($0.latency / .milliseconds(1))) ms + \($0.bandwidth / 1000) KB/s" }
            return BenchReport(
                title: "\(name): \(rows) photos down and back (fling: down only) at \(Int(rowsPerSecond)) photos/s"
                    + (layout == .grid ? " (\(columns) a grid line)" : "") + ", "
                    + "\(screenSize.columns)×\(screenSize.rows) MemoryScreen, "
                    + "embedded server per connection: " + shapings.joined(separator: "; "),
                columns: ScrollRun.columns,
                rows: results.map { $0.row() },
                notes: [
                    "command: swift build -c release --static-swift-stdlib --product feedbench && .build/release/feedbench --scenario \(name)",
                    "real FeedRuntime, \(layout.rawValue), thumbnails \(thumb.columns)×\(thumb.rows) cells, prefetch 2 lines; "
                        + "scrolling starts at the first finished thumbnail",
                    "waiting % over cells for the grid: the share of visible photos still showing a placeholder",
                    "first thumb: launch → first finished image; first picture: launch → first picture placed in a frame; frame: first cell written → flush, per frame",
                    "KB/frame: what a terminal would be sent per frame: changed cells as SGR text (8 bytes per run for the cursor move), plus the pictures' escapes (kitty zlib-compressed inline, sixel, iTerm2 JPEG); pixel rows at 10×20-pixel cells",
                    "waiting %: at every scripted key, the share of visible rows still showing a placeholder (mean over the run)",
                    "settle ms (fling): from the last key until every visible row shows its picture",
                    "requests/early close/range reqs: server log (early close = client went away mid-response); "
                        + "tasks cancelled/resumed/coalesced/memory hits: pipeline counters",
                    "a loaded row leaving the screen and the prefetch window lets its image go; coming back loads it again "
                        + "(memory hit, or the network in the baseline)",
                    "MB down: image bytes the server sent; MB unique: full size of each distinct image once",
                    "violations: rule violations the semantics audit (LoadSemantics) found in the run's records; must be 0",
                    "each run in a child process of its own (feedbench --scroll-child) against this process's server: peak RSS is the viewer's VmHWM alone, from a fresh process",
                    "the server renders every thumbnail in an unmeasured warm-up pass first",
                ])
        } catch {
            await server.stop()
            throw error
        }
    }

    /// One measured run: a child process scrolls (``measure``) while the server's log is read
    /// until the child's sentinel request.
    private func scroll(_ setup: Int, path: ScrollScript.Path, server: PicsumServer, index: Int) async throws -> ScrollRun {
        let log = server.requests
        let collector = Task { await Self.collect(log, until: "/id/1/\(7 + index)/7") }
        let specification = ScrollChild.Specification(
            baseURL: server.baseURL.absoluteString, grid: layout == .grid, setup: setup, fling: path == .fling, index: index)
        let measures: ScrollChild.ViewerMeasures
        do {
            measures = try await Task.detached { try ScrollChild.spawn(specification) }.value
        } catch {
            collector.cancel()
            throw error
        }
        let entries = await collector.value
        return ScrollRun(
            label: allSetups[setup].label, timeToFirstThumbnail: measures.timeToFirstThumbnail?.millisecondsDuration,
            frameTimes: measures.frameTimes.map(\.millisecondsDuration), renderTimes: measures.renderTimes.map(\.millisecondsDuration),
            wall: measures.wall.millisecondsDuration, log: entries, resumed: measures.resumed, coalesced: measures.coalesced,
            cancelledTasks: measures.cancelledTasks, memoryHits: measures.memoryHits, waitingShares: measures.waitingShares,
            settleTime: measures.settleTime?.millisecondsDuration, peakRSSKiB: measures.peakRSSKiB,
            frameBytes: measures.frameBytes, firstPicture: measures.firstPicture?.millisecondsDuration,
            violations: measures.violations)
    }

    /// The viewer's side of one run against the server at `baseURL` (in a child process, or
    /// the warm-up in the parent), ending with a sentinel request that marks its end in the
    /// server's log.
    func measure(_ setup: Setup, path: ScrollScript.Path, baseURL: URL, index: Int) async throws -> ScrollChild.ViewerMeasures {
        PeakRSS.reset()
        let cacheDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedbench-scroll-\(getpid())-\(index)")
        defer { try? FileManager.default.removeItem(at: cacheDirectory) }
        let configuration: ImagePipeline.Configuration
        if setup.cachesAndResume {
            configuration = .init(memoryCache: ImageCache(), diskCache: try DiskCache(directory: cacheDirectory))
        } else {
            configuration = .init(memoryCache: nil, diskCache: nil, resumableDataLimit: 0)
        }
        let pipeline = ImagePipeline(configuration: configuration)
        let listLoader = DataLoader()

        let script = ScrollScript(rows: rows / columns, rowsPerSecond: rowsPerSecond / Double(columns), path: path)
        let screen = ScrollBenchScreen(size: screenSize, script: script)
        let ticker = Task { [wake = screen.wake] in await script.drive(events: pipeline.events, wake: wake) }
        let feed = PicsumFeed.embedded(baseURL: baseURL, photoSet: "feedbench", dataLoader: listLoader, pageSize: 30)
        // Every run is audited: the violations column must read 0.
        let recorder = LoadRecorder(
            audit: .init(onDisappear: setup.onDisappear, maxAttempts: configuration.retryPolicy.maxAttempts), trace: nil)
        let viewer = FeedRuntime(
            screen: screen, feed: feed, feedName: await feed.summary, pipeline: LiveFeedPipeline(pipeline: pipeline),
            options: options(onDisappear: setup.onDisappear, graphics: setup.graphics), recorder: recorder)
        screen.probe = { viewer.visibleRowsWaiting }
        viewer.frameObserver = { screen.recordRender($0) }
        let started = ContinuousClock.now
        _ = await viewer.run()
        let wall = ContinuousClock.now - started
        ticker.cancel()
        let violations = recorder.violations
        for violation in violations.prefix(20) {
            FileHandle.standardError.write(Data("feedbench: \(setup.label): \(violation)\n".utf8))
        }
        let counters = pipeline.counters
        let peak = PeakRSS.current()

        // A sentinel request marks the end of this run in the server's log.
        if let sentinel = URL(string: baseURL.absoluteString + "/id/1/\(7 + index)/7") {
            let response = try? await listLoader.load(DataRequest(url: sentinel))
            if let body = response?.body { for try await _ in body {} }
        }
        await listLoader.shutdown()
        await pipeline.shutdown()
        return ScrollChild.ViewerMeasures(
            timeToFirstThumbnail: script.timeToFirstThumbnail?.milliseconds, frameTimes: screen.frameTimes.map(\.milliseconds),
            renderTimes: screen.renderTimes.map(\.milliseconds), wall: wall.milliseconds, resumed: counters.resumed,
            coalesced: counters.coalesced, cancelledTasks: counters.cancelled, memoryHits: counters.memoryHits,
            waitingShares: screen.waitingShares, settleTime: screen.settleTime?.milliseconds, peakRSSKiB: peak,
            frameBytes: screen.frameBytes, firstPicture: screen.firstPicture?.milliseconds, violations: violations.count)
    }

    private static func collect(_ log: AsyncStream<RequestLogEntry>, until sentinel: String) async -> [RequestLogEntry] {
        var entries: [RequestLogEntry] = []
        for await entry in log {
            if entry.target == sentinel { break }
            entries.append(entry)
        }
        return entries
    }
}
