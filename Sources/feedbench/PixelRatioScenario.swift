import Foundation

/// Issue 21's first target, per file: one `photofeed show --graphics P` process against one
/// `chafa -f P` process on the same photo at 40×20 cells, timed by hyperfine side by side, and
/// the median of the per-file ratios for each protocol, cold (no cache) and warm (the picture
/// cache filled by the warm-up run). Minutes long on large photographs, so
/// asked for by name: `feedbench --scenario pixel-ratios --assets DIR`.
struct PixelRatioScenario: BenchScenario {
    let name = "pixel-ratios"
    var runsByDefault: Bool { false }
    var runs = 7

    func run(_ context: BenchContext) async throws -> BenchReport {
        let assets = try context.assetPaths()
        let photofeed = context.photofeedBinary
        guard let chafa = BlockArtToolRunner.which("chafa"), BlockArtToolRunner.which("hyperfine") != nil,
            FileManager.default.isExecutableFile(atPath: photofeed)
        else {
            return BenchReport(
                title: "pixel-ratios: skipped", columns: ["why"],
                rows: [["needs chafa, hyperfine and the release photofeed beside feedbench"]], notes: [])
        }
        let protocols = [("kitty", "kitty"), ("sixel", "sixels"), ("iterm", "iterm")]
        var rows: [[String]] = []
        var ratios: [String: [Double]] = [:]
        var warmRatios: [String: [Double]] = [:]
        // Warm runs read photofeed's picture cache in a scratch cache home (hyperfine's warm-up
        // run fills it); the cold runs pass --no-thumbnail-cache, chafa has no cache.
        let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-pixel-ratios-\(getpid())").path
        let previousCacheHome = getenv("XDG_CACHE_HOME").map { String(cString: $0) }
        setenv("XDG_CACHE_HOME", cacheHome, 1)
        defer {
            if let previousCacheHome { setenv("XDG_CACHE_HOME", previousCacheHome, 1) } else { unsetenv("XDG_CACHE_HOME") }
            try? FileManager.default.removeItem(atPath: cacheHome)
        }
        for path in assets {
            let name = URL(fileURLWithPath: path).lastPathComponent
            var row = [name]
            for (ours, theirs) in protocols {
                let commands = [
                    "\(photofeed) show --graphics \(ours) --no-thumbnail-cache --width 40 --height 20 \(path)",
                    "\(photofeed) show --graphics \(ours) --width 40 --height 20 \(path)",
                    "\(chafa) -f \(theirs) -s 40x20 --animate off \(path)",
                ]
                guard let timings = BlockArtToolRunner.hyperfine(commands, runs: runs, warmup: 1), timings.count == 3 else {
                    row += ["-", "-", "-", "-", "-"]
                    continue
                }
                let ratio = timings[0].medianMs / timings[2].medianMs
                let warm = timings[1].medianMs / timings[2].medianMs
                ratios[ours, default: []].append(ratio)
                warmRatios[ours, default: []].append(warm)
                row += [
                    String(format: "%.1f", timings[0].medianMs), String(format: "%.1f", timings[1].medianMs),
                    String(format: "%.1f", timings[2].medianMs), String(format: "%.2f", ratio), String(format: "%.2f", warm),
                ]
            }
            rows.append(row)
        }
        var summary = ["median ratio"]
        for (ours, _) in protocols {
            summary += [
                "", "", "", ratios[ours].map { String(format: "%.2f×", $0.median) } ?? "-",
                warmRatios[ours].map { String(format: "%.2f×", $0.median) } ?? "-",
            ]
        }
        rows.append(summary)
        return BenchReport(
            title: "pixel-ratios: one process per photo at 40×20 cells, photofeed cold and warm against chafa",
            columns: [
                "photo", "kitty cold", "warm", "chafa", "cold×", "warm×", "sixel cold", "warm", "chafa", "cold×", "warm×",
                "iterm cold", "warm", "chafa", "cold×", "warm×",
            ],
            rows: rows,
            notes: [
                "each cell: hyperfine -N --warmup 1 --runs \(runs), median ms, photofeed and chafa in the same hyperfine run (stdout to /dev/null)",
                "cold: photofeed show --graphics P --no-thumbnail-cache --width 40 --height 20 FILE; warm: the same without --no-thumbnail-cache, its picture cache filled by the warm-up run; chafa: -f P -s 40x20 --animate off FILE (ms: medians)",
                "command: swift build -c release --static-swift-stdlib --product feedbench && swift build -c release --static-swift-stdlib --product photofeed && .build/release/feedbench --scenario pixel-ratios --assets \"$(scripts/bench-photos.sh)\"",
            ])
    }
}
