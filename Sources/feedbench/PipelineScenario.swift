import Foundation
import ImageLoading
import PicsumServer
import Vocabulary

/// 200 distinct thumbnails from the embedded server (no shaping) through `ImagePipeline`:
/// cold (network → decode → resize → memory + disk), warm from memory, warm from disk.
struct PipelineScenario: BenchScenario {
    let name = "pipeline"
    var imageCount = 200
    var imageSize = PixelSize(width: 400, height: 300)
    var thumbnail = PixelSize(width: 80, height: 60)

    func run(_ context: BenchContext) async throws -> BenchReport {
        let server = try await PicsumServer.start(
            PicsumServer.Configuration(photosDirectory: URL(fileURLWithPath: context.assetsDirectory), count: 1000))
        let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-pipeline-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cacheDirectory) }
        let requests = (1...imageCount).map { id in
            ImageRequest(
                url: URL(string: server.baseURL.absoluteString + "/id/\(id)/\(imageSize.width)/\(imageSize.height)"),
                processors: [.resize(to: thumbnail, mode: .fit)])
        }
        do {
            // The server renders each image on first request; render them all first so "cold"
            // measures the client (loopback transfer, decode, resize, caches), not the server.
            let warmer = ImagePipeline(configuration: .init(memoryCache: nil, diskCache: nil))
            try await loadAll(requests.map { var request = $0; request.processors = []; request.cachePolicy = .viewLifetime; return request }, warmer)
            await warmer.shutdown()

            let diskCache = try DiskCache(directory: cacheDirectory)
            let cold = ImagePipeline(configuration: .init(memoryCache: ImageCache(), diskCache: diskCache))
            let coldRun = try await loadAll(requests, cold)
            let memoryRun = try await loadAll(requests, cold)
            await cold.shutdown()

            let fromDisk = ImagePipeline(configuration: .init(memoryCache: ImageCache(), diskCache: diskCache))
            let diskRun = try await loadAll(requests, fromDisk)
            await fromDisk.shutdown()
            await server.stop()

            return BenchReport(
                title: "pipeline: \(imageCount) distinct \(imageSize) JPEGs → \(thumbnail) thumbnails (fit), embedded server, no shaping",
                columns: ["run", "images", "wall ms", "images/s", "queued ms", "fetch ms", "decode ms", "process ms", "total ms", "sources"],
                rows: [coldRun.row("cold (network)"), memoryRun.row("warm (memory)"), diskRun.row("warm (disk)")],
                notes: [
                    "command: swift build -c release --product feedbench && .build/release/feedbench --scenario pipeline",
                    "all \(imageCount) tasks submitted at once; network queue width 6, decode width = \(ProcessInfo.processInfo.activeProcessorCount) cores",
                    "stage columns are means per image (queued = waiting for a network slot); server renders pre-warmed",
                ])
        } catch {
            await server.stop()
            throw error
        }
    }

    struct RunResult {
        var responses: [ImageResponse]
        var wall: Duration

        func row(_ label: String) -> [String] {
            let count = Double(max(1, responses.count))
            func mean(_ key: KeyPath<ImageResponse.Timings, Duration>) -> String {
                String(format: "%.2f", responses.map { $0.timings[keyPath: key].milliseconds }.reduce(0, +) / count)
            }
            var sources: [String: Int] = [:]
            for response in responses { sources[response.source.description, default: 0] += 1 }
            return [
                label, String(responses.count), String(format: "%.1f", wall.milliseconds),
                String(format: "%.0f", count / max(wall.milliseconds / 1_000, 1e-9)),
                mean(\.queued), mean(\.fetch), mean(\.decode), mean(\.process), mean(\.total),
                sources.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
            ]
        }
    }

    @discardableResult
    private func loadAll(_ requests: [ImageRequest], _ pipeline: ImagePipeline) async throws -> RunResult {
        let clock = ContinuousClock()
        let start = clock.now
        let tasks = requests.map { pipeline.imageTask(for: $0) }
        var responses: [ImageResponse] = []
        for task in tasks { responses.append(try await task.response) }
        return RunResult(responses: responses, wall: clock.now - start)
    }
}
