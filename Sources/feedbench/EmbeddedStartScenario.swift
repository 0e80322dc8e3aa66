import Foundation

/// Issue 21's third target, the rows half: how long `photofeed snapshot --network fast` takes
/// from its launch to the frame with every visible row loaded (the first byte of the frame on
/// its stdout) and to its exit, on the embedded feed — a first run (an empty cache directory)
/// and a warm one (the server's `.server-sources` kept, the image cache emptied), and the same
/// with `--latency 0` (the work alone, without the preset's 240 ms of latency).
///
/// Each run is a process of its own; the figures are the median, the fastest and the slowest
/// of ``runs`` after one run that is not counted. Another busy process on the machine shows in
/// them: run it on an idle machine (or under `chrt -f 10`, which keeps others from running in
/// between).
struct EmbeddedStartScenario: BenchScenario {
    let name = "embedded-start"
    var runs = 12

    func run(_ context: BenchContext) async throws -> BenchReport {
        let photofeed = context.photofeedBinary
        guard FileManager.default.isExecutableFile(atPath: photofeed) else {
            return BenchReport(
                title: "embedded-start: skipped", columns: ["why"], rows: [["needs the release photofeed beside feedbench"]])
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-embedded-start-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = scratch.appendingPathComponent("cache")
        var rows: [[String]] = []
        for (label, latency) in [("fast", nil), ("fast, --latency 0", "0")] as [(String, String?)] {
            var arguments = ["snapshot", "--network", "fast", "--cache-dir", cache.path, "--colors", "none"]
            if let latency { arguments += ["--latency", latency] }
            for warm in [false, true] {
                var frames: [Double] = []
                var exits: [Double] = []
                for index in 0...runs {
                    if warm { Self.emptyImageCache(cache) } else { try? FileManager.default.removeItem(at: scratch) }
                    let (frame, exit) = try Self.time(photofeed, arguments)
                    if index > 0 {
                        frames.append(frame)
                        exits.append(exit)
                    }
                }
                rows.append([label, warm ? "sources kept" : "first run"] + Self.summary(frames) + [Self.format(exits.median)])
            }
        }
        return BenchReport(
            title: "embedded-start: launch to every visible row loaded (snapshot's frame), ms",
            columns: ["network", "cache", "frame median", "fastest", "slowest", "exit median"], rows: rows,
            notes: [
                "\(photofeed) snapshot --network fast --cache-dir DIR --colors none, \(runs) runs each after one not counted",
                "frame: the first byte of the printed frame; the target is ≤ 300 ms on the fast preset (240 ms of it latency)",
            ])
    }

    /// The cache's entries removed, its dot-folders (the server's sources) kept.
    private static func emptyImageCache(_ cache: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: cache.path) else { return }
        for name in names where !name.hasPrefix(".server-") {
            try? FileManager.default.removeItem(at: cache.appendingPathComponent(name))
        }
    }

    /// Milliseconds from launch to the first byte on stdout, and to the exit.
    private static func time(_ executable: String, _ arguments: [String]) throws -> (frame: Double, exit: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        let first = output.fileHandleForReading.availableData
        let frame = clock.now - start
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let exit = clock.now - start
        guard !first.isEmpty, process.terminationStatus == 0 else {
            throw EmbeddedStartError(description: "photofeed \(arguments.joined(separator: " ")) printed no frame (status \(process.terminationStatus))")
        }
        return (frame.milliseconds, exit.milliseconds)
    }

    private static func summary(_ values: [Double]) -> [String] {
        [format(values.median), format(values.min() ?? 0), format(values.max() ?? 0)]
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}

/// A snapshot run that printed no frame.
struct EmbeddedStartError: Error, CustomStringConvertible {
    let description: String
}
