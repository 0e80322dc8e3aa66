import Foundation

/// `photofeed show --grid 6x4` of the photo library against `timg --grid=6x4 -g 180x60 -ph`,
/// whole processes timed by hyperfine (median of `runs`), half blocks in 24-bit colour into a
/// pipe: our run with a cold freedesktop thumbnail cache (emptied before every run), a warm one
/// (filled by the warm-up runs), and one with the cache off; timg has no thumbnail cache.
struct GridScenario: BenchScenario {
    let name = "grid"
    var runs = 10
    var grid = "6x4"
    var geometry = (columns: 180, rows: 60)

    func run(_ context: BenchContext) async throws -> BenchReport {
        let files = try context.assetPaths()
        let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-grid-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cacheHome) }
        let environment = ["XDG_CACHE_HOME": cacheHome.path, "TERM": "xterm-256color", "COLORTERM": "truecolor"]
        let photofeed = context.photofeedBinary
        let ours = [photofeed, "show", "--grid", grid, "--width", "\(geometry.columns)", "--height", "\(geometry.rows)",
                    "--symbols", "half", "--colors", "truecolor"]
        var rows: [[String]] = []
        var notes = [
            "\(files.count) files of \(context.assetsDirectory); stdout to a pipe; median of \(runs) runs (hyperfine -N)",
        ]
        guard FileManager.default.isExecutableFile(atPath: photofeed) else {
            return BenchReport(title: "grid", columns: ["what", "median ms"], rows: [], notes: ["photofeed not built"])
        }
        // A run's thumbnails are written after it by a background writer holding this lock:
        // each cold run starts once the last one's writer is done (its work is not timed),
        // and the warm runs once the warm-up's writer is.
        let writerLock = "\(cacheHome.path)/photofeed/thumbnail-writer.lock"
        try? FileManager.default.createDirectory(atPath: "\(cacheHome.path)/photofeed", withIntermediateDirectories: true)
        let cold = Self.hyperfine(
            [(ours + files).joined(separator: " ")], runs: runs, warmup: 0,
            prepare: "flock \(writerLock) rm -rf \(cacheHome.path)/thumbnails", environment: environment)
        var commands = [(ours + files).joined(separator: " "), (ours + ["--no-thumbnail-cache"] + files).joined(separator: " ")]
        let timg = BlockArtToolRunner.which("timg")
        if let timg {
            commands.append(([timg, "--grid=\(grid)", "-g", "\(geometry.columns)x\(geometry.rows)", "-ph"] + files).joined(separator: " "))
        }
        let warm = Self.hyperfine(commands, runs: runs, warmup: 2, prepare: "flock \(writerLock) true", environment: environment)
        let timgMedian = warm?.count == 3 ? warm?[2].medianMs : nil
        func row(_ label: String, _ timing: BlockArtToolRunner.Timing?) {
            guard let timing else {
                rows.append([label, "-", "-", "-"])
                return
            }
            let ratio = timgMedian.map { String(format: "%.2f×", timing.medianMs / $0) } ?? "-"
            rows.append([label, String(format: "%.1f", timing.medianMs), String(format: "%.1f", timing.stddevMs), ratio])
        }
        row("photofeed show --grid, cold thumbnail cache", cold?.first)
        row("photofeed show --grid, warm thumbnail cache", warm?.first)
        row("photofeed show --grid --no-thumbnail-cache", warm?.dropFirst().first)
        if timg != nil { row("timg --grid=\(grid) -g \(geometry.columns)x\(geometry.rows) -ph", warm?.last) }
        notes.append("targets (issue 11): cold ≤ 0.5× timg, warm ≤ 0.1× timg")
        notes.append("cold: $XDG_CACHE_HOME/thumbnails removed before each run (every photo decoded; its thumbnail written after the run by a background writer, not timed); warm: thumbnails from the warm-up runs")
        notes.append("command: make bench, or swift build -c release --static-swift-stdlib --product feedbench && swift build -c release --static-swift-stdlib --product photofeed && .build/release/feedbench --scenario grid")
        return BenchReport(
            title: "grid: show --grid \(grid) of the library against timg --grid, per process",
            columns: ["what", "median ms", "stddev ms", "× timg"], rows: rows, notes: notes)
    }

    /// hyperfine -N over `commands` (each split on spaces), with an optional prepare command.
    static func hyperfine(
        _ commands: [String], runs: Int, warmup: Int, prepare: String?, environment: [String: String]
    ) -> [BlockArtToolRunner.Timing]? {
        guard let hyperfine = BlockArtToolRunner.which("hyperfine") else { return nil }
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-grid-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: json) }
        var arguments = ["-N", "--style", "none", "--warmup", "\(warmup)", "--runs", "\(runs)", "--export-json", json.path]
        if let prepare { arguments += ["--prepare", prepare] }
        guard (try? BlockArtToolRunner.output(of: hyperfine, arguments + commands, environment: environment)) != nil,
            let data = try? Data(contentsOf: json),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let results = object["results"] as? [[String: Any]]
        else { return nil }
        return results.compactMap { result in
            guard let command = result["command"] as? String, let mean = result["mean"] as? Double,
                let median = result["median"] as? Double
            else { return nil }
            return BlockArtToolRunner.Timing(
                command: command, meanMs: mean * 1000, medianMs: median * 1000,
                stddevMs: ((result["stddev"] as? Double) ?? 0) * 1000)
        }
    }
}
