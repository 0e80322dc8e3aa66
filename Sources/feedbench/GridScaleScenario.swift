import Foundation

/// `show --grid` at 16, 2,000 and 20,000 files: peak memory and wall time of one process each,
/// cold and warm freedesktop thumbnail cache and with the cache off, beside `timg --grid`
/// (up to `timgLimit` files: it is slow on many). The files are hard links,
/// cycling through the library, in a folder under the temporary directory removed afterwards.
/// Each process runs under `/usr/bin/time -f "%e %M"` (wall seconds, peak resident KiB).
struct GridScaleScenario: BenchScenario {
    let name = "grid-scale"
    /// Minutes long: `--scenario grid-scale` only.
    let runsByDefault = false
    var counts = [16, 2_000, 20_000]
    var timgLimit = 2_000
    var grid = "6x4"
    var geometry = (columns: 180, rows: 60)

    func run(_ context: BenchContext) async throws -> BenchReport {
        let assets = try context.assetPaths()
        let photofeed = context.photofeedBinary
        guard FileManager.default.isExecutableFile(atPath: photofeed), FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            return BenchReport(title: "grid-scale", columns: ["what"], rows: [], notes: ["photofeed or /usr/bin/time missing"])
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-grid-scale-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let timg = BlockArtToolRunner.which("timg")
        var rows: [[String]] = []
        for count in counts {
            let folder = root.appendingPathComponent("\(count)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let files = try (0..<count).map { index -> String in
                let source = assets[index % assets.count]
                let link = folder.appendingPathComponent(String(format: "%06d-", index) + URL(fileURLWithPath: source).lastPathComponent).path
                try FileManager.default.linkItem(atPath: source, toPath: link)
                return link
            }
            let cacheHome = root.appendingPathComponent("cache-\(count)").path
            let environment = ["XDG_CACHE_HOME": cacheHome, "TERM": "xterm-256color", "COLORTERM": "truecolor"]
            let ours = [photofeed, "show", "--grid", grid, "--width", "\(geometry.columns)", "--height", "\(geometry.rows)",
                        "--symbols", "half", "--colors", "truecolor"]
            func measure(_ label: String, _ command: [String]) {
                let result = Self.timed(command, environment: environment)
                rows.append([label, "\(count)", result.map { String(format: "%.2f", $0.seconds) } ?? "-",
                             result.map { String(format: "%.0f", Double($0.peakKiB) / 1024) } ?? "-"])
            }
            measure("photofeed, cold thumbnail cache", ours + files)
            // The cold run's thumbnails are written after it, by a background writer holding this lock.
            _ = try? BlockArtToolRunner.output(of: "/usr/bin/flock", ["\(cacheHome)/photofeed/thumbnail-writer.lock", "true"])
            measure("photofeed, warm thumbnail cache", ours + files)
            measure("photofeed --no-thumbnail-cache", ours + ["--no-thumbnail-cache"] + files)
            if let timg, count <= timgLimit {
                measure("timg --grid=\(grid) -g \(geometry.columns)x\(geometry.rows) -ph", [timg, "--grid=\(grid)", "-g", "\(geometry.columns)x\(geometry.rows)", "-ph"] + files)
            }
            try? FileManager.default.removeItem(at: folder)
        }
        return BenchReport(
            title: "grid-scale: show --grid \(grid) of 16 to 20,000 files, one process each",
            columns: ["what", "files", "wall s", "peak MB"], rows: rows,
            notes: [
                "hard links cycling through the \(assets.count) files of \(context.assetsDirectory); stdout to a pipe; /usr/bin/time -f '%e %M'",
                "cold: a fresh $XDG_CACHE_HOME (every photo decoded; its thumbnail written after the run by a background writer, not timed); warm: the same again once the writer is done",
                "timg only up to \(timgLimit) files (about 0.1 s a file here)",
                "command: swift build -c release --static-swift-stdlib --product feedbench && swift build -c release --static-swift-stdlib --product photofeed && .build/release/feedbench --scenario grid-scale",
            ])
    }

    /// Wall seconds and peak KiB of `command`, or nil when it could not run.
    static func timed(_ command: [String], environment: [String: String]) -> (seconds: Double, peakKiB: Int)? {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-time-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        guard (try? BlockArtToolRunner.output(of: "/usr/bin/time", ["-f", "%e %M", "-o", report.path] + command, environment: environment)) != nil,
            let text = try? String(contentsOf: report, encoding: .utf8)
        else { return nil }
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let seconds = Double(fields[fields.count - 2]), let peak = Int(fields[fields.count - 1]) else { return nil }
        return (seconds, peak)
    }
}
