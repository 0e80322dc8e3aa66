import Foundation
import ImageCodecs

/// Issue 49's previewer: a file manager's or fuzzy finder's preview pane starts one process per
/// cursor move. A folder of 80 large JPEGs (the library's photos of 1920 px or more, copied
/// under 80 names so every cache sees 80 files) is scrolled one photo after another, one
/// `photofeed show --place 60x30@0x0 FILE` each, stdout a pipe read to its end (as fzf reads
/// it): with `--no-thumbnail-cache`, cold (an empty cache home), warm (the same cache home
/// again), and the same scroll by `chafa --size 60x30` and `timg -g60x30`. Each round runs every
/// scroll once; photofeed's processes (background writers included, found by the scratch cache
/// home in their environment) are counted after each photo and 2 s after the last.
struct PreviewerScenario: BenchScenario {
    let name = "previewer"
    /// Minutes long, and wants large photos: `--scenario previewer --assets "$(scripts/bench-photos.sh)"`.
    let runsByDefault = false
    var photoCount = 80
    var rounds = 3
    var box = "60x30"
    /// The shortest long side of a photo taken into the folder.
    var minimumSide = 1920

    /// The 1-minute load average, as /proc/loadavg says it.
    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
    }

    /// The times of one scroll: each photo's, in order.
    struct Scroll {
        var times: [Double] = []
        /// Each photo's CPU time (its process's user and system time).
        var cpu: [Double] = []
        var total: Double { times.reduce(0, +) }
    }

    func run(_ context: BenchContext) async throws -> BenchReport {
        let photofeed = context.photofeedBinary
        guard FileManager.default.isExecutableFile(atPath: photofeed) else {
            return BenchReport(title: "previewer: skipped", columns: ["why"], rows: [["photofeed not built beside feedbench"]])
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-previewer-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try Self.folder(of: context.assetPaths(), at: root.appendingPathComponent("photos"), count: photoCount, minimumSide: minimumSide)
        guard !files.isEmpty else {
            return BenchReport(title: "previewer: skipped", columns: ["why"], rows: [["no JPEG of \(minimumSide) px or more in \(context.assetsDirectory)"]])
        }
        let columns = box.split(separator: "x").first.map(String.init) ?? "60"
        let rows = box.split(separator: "x").last.map(String.init) ?? "30"
        let ours = [photofeed, "show", "--place", "\(box)@0x0"]
        var tools: [(label: String, command: [String])] = []
        if let chafa = BlockArtToolRunner.which("chafa") { tools.append(("chafa --size \(box)", [chafa, "--size", box])) }
        if let timg = BlockArtToolRunner.which("timg") { tools.append(("timg -g\(columns)x\(rows)", [timg, "-g\(columns)x\(rows)"])) }

        let loadBefore = Self.loadAverage()
        var plain = [Scroll](), cold = [Scroll](), warm = [Scroll](), theirs = [[Scroll]](repeating: [], count: tools.count)
        var left = [Int](), mostAlive = 0
        let noCacheHome = root.appendingPathComponent("no-cache").path
        // Every file read once by every tool first: the page cache holds them all, as it does
        // for a folder someone browses.
        _ = Self.scroll(ours + ["--no-thumbnail-cache"], files, home: noCacheHome)
        for tool in tools { _ = Self.scroll(tool.command, files, home: noCacheHome) }
        for round in 0..<rounds {
            plain.append(Self.scroll(ours + ["--no-thumbnail-cache"], files, home: noCacheHome))
            let home = root.appendingPathComponent("cache-\(round)").path
            let marker = "XDG_CACHE_HOME=\(home)"
            cold.append(Self.scroll(ours, files, home: home) { mostAlive = max(mostAlive, PreviewerRun.alive(executable: photofeed, marker: marker)) })
            // What a previewer leaves behind once the cursor stops: nothing, 2 s after the last run.
            try await Task.sleep(for: .seconds(2))
            left.append(PreviewerRun.alive(executable: photofeed, marker: marker))
            warm.append(Self.scroll(ours, files, home: home))
            for (index, tool) in tools.enumerated() { theirs[index].append(Self.scroll(tool.command, files, home: noCacheHome)) }
        }

        let loadAfter = Self.loadAverage()
        let plainP50 = Self.percentile(plain, 0.5)
        func row(_ label: String, _ scrolls: [Scroll], left: String = "", alive: String = "") -> [String] {
            let totals = scrolls.map(\.total)
            return [
                label,
                String(format: "%.2f (%.2f–%.2f)", totals.median / 1000, (totals.min() ?? 0) / 1000, (totals.max() ?? 0) / 1000),
                String(format: "%.1f", Self.percentile(scrolls, 0.5)), String(format: "%.1f", Self.percentile(scrolls, 0.9)),
                String(format: "%.2f×", Self.percentile(scrolls, 0.5) / max(0.001, plainP50)),
                String(format: "%.2f×", totals.median / max(0.001, plain.map(\.total).median)),
                String(format: "%.1f", Self.percentile(scrolls, 0.5, of: \.cpu)), left, alive,
            ]
        }
        var table = [
            row("photofeed --no-thumbnail-cache", plain),
            row("photofeed, cold (cache empty)", cold, left: left.map(String.init).joined(separator: ", "), alive: "\(mostAlive)"),
            row("photofeed, warm (cache filled by the cold scroll)", warm),
        ]
        for (index, tool) in tools.enumerated() { table.append(row(tool.label, theirs[index])) }

        // The issue's targets, each with what was measured.
        let warmP50 = Self.percentile(warm, 0.5), warmP90 = Self.percentile(warm, 0.9), plainP90 = Self.percentile(plain, 0.9)
        let coldRatio = cold.map(\.total).median / max(0.001, plain.map(\.total).median)
        let slower = Self.photosSlower(warm, than: plain)
        func met(_ yes: Bool) -> String { yes ? "met" : "NOT met" }
        let notes = [
            "\(files.count) files: the \(Set(files.map { Self.source(of: $0) }).count) JPEGs of \(minimumSide) px or more in \(context.assetsDirectory), copied under \(files.count) names; one process per photo in a row, each in a session of its own, stdout a pipe read to its end, timed from spawn to exit; \(rounds) rounds (each: no cache, cold, warm, then the others), every tool's scroll run once before them",
            "photofeed: \(ours.dropFirst().joined(separator: " ")) FILE, TERM=xterm-256color COLORTERM=truecolor (block art: the host reads a pipe); cold: a new $XDG_CACHE_HOME each round; warm: the same home again",
            "scroll s: the whole scroll, median of the rounds (min–max); p50, p90: of every photo's time in every round (wall, spawn to exit); × no cache: p50 against photofeed --no-thumbnail-cache's p50, and the scroll's total against its total; CPU p50: the process's own user + system time, which a busy machine's queue does not add to",
            "left: photofeed processes of the cold scroll's cache home alive 2 s after its last run exited, each round; most alive: the most seen after any one photo's run exited (a background writer would show here)",
            "the machine's load average (1 min) was \(loadBefore) before and \(loadAfter) after: on \(ProcessInfo.processInfo.activeProcessorCount) cores shared with other work, each process waits its turn and every time here grows with it",
            String(format: "target warm p50 ≤ 15 ms: %.1f ms wall (%.1f ms CPU), %@", warmP50, Self.percentile(warm, 0.5, of: \.cpu), met(warmP50 <= 15)),
            String(format: "target warm never slower than --no-thumbnail-cache: p50 %.1f against %.1f ms, p90 %.1f against %.1f ms; photos whose median warm time is above their median without the cache: %d of %d, %@",
                   warmP50, plainP50, warmP90, plainP90, slower, files.count, met(warmP50 <= plainP50 && warmP90 <= plainP90)),
            String(format: "target cold scroll ≤ 1.2× the scroll with --no-thumbnail-cache: %.2f×, %@", coldRatio, met(coldRatio <= 1.2)),
            "target no photofeed process left 2 s after the last exits: \(left.max() ?? 0), \(met((left.max() ?? 0) == 0))",
            "command: swift build -c release --static-swift-stdlib --product feedbench && swift build -c release --static-swift-stdlib --product photofeed && .build/release/feedbench --scenario previewer --assets \"$(scripts/bench-photos.sh)\"",
        ]
        return BenchReport(
            title: "previewer: 80 large photos one after another, one process each, as a preview pane runs them (issue 49)",
            columns: ["what", "scroll s", "p50 ms", "p90 ms", "p50 × no cache", "scroll × no cache", "CPU p50 ms", "left after 2 s", "most alive"],
            rows: table, notes: notes)
    }

    /// Times `command` + each file, one after another, in `home` (`$XDG_CACHE_HOME`), calling
    /// `after` when each has exited.
    static func scroll(_ command: [String], _ files: [String], home: String, after: () -> Void = {}) -> Scroll {
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/tmp",
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "XDG_CACHE_HOME": home,
        ]
        var scroll = Scroll()
        for file in files {
            let timing = PreviewerRun.time(command + [file], environment: environment)
            scroll.times.append(timing?.wall ?? .nan)
            scroll.cpu.append(timing?.cpu ?? .nan)
            after()
        }
        return scroll
    }

    /// The `fraction` percentile of every photo's time in `scrolls` (nearest rank).
    static func percentile(_ scrolls: [Scroll], _ fraction: Double, of times: KeyPath<Scroll, [Double]> = \.times) -> Double {
        let all = scrolls.flatMap { $0[keyPath: times] }.filter { !$0.isNaN }.sorted()
        guard !all.isEmpty else { return .nan }
        return all[min(all.count - 1, Int((Double(all.count) * fraction).rounded(.up)) - 1)]
    }

    /// How many photos' median time in `scrolls` is above their median in `baseline`.
    static func photosSlower(_ scrolls: [Scroll], than baseline: [Scroll]) -> Int {
        guard let count = scrolls.first?.times.count else { return 0 }
        return (0..<count).filter { index in
            scrolls.map { $0.times[index] }.median > baseline.map { $0.times[index] }.median
        }.count
    }

    /// `count` copies, cycling through the JPEGs of `assets` whose long side is at least
    /// `minimumSide`, as `NN-name.jpg` in `folder`.
    static func folder(of assets: [String], at folder: URL, count: Int, minimumSide: Int) throws -> [String] {
        let large = assets.filter { path in
            guard path.hasSuffix(".jpg") || path.hasSuffix(".jpeg"),
                let handle = FileHandle(forReadingAtPath: path),
                let prefix = try? handle.read(upToCount: 256 << 10),
                let header = try? ImageDecoder.probe([UInt8](prefix))
            else { return false }
            try? handle.close()
            return max(header.size.width, header.size.height) >= minimumSide
        }
        guard !large.isEmpty else { return [] }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try (0..<count).map { index in
            let source = large[index % large.count]
            let copy = folder.appendingPathComponent(String(format: "%02d-", index + 1) + URL(fileURLWithPath: source).lastPathComponent).path
            try FileManager.default.copyItem(atPath: source, toPath: copy)
            return copy
        }
    }

    /// The library file a copy was made from (its name without the `NN-` prefix).
    static func source(of copy: String) -> String {
        String(URL(fileURLWithPath: copy).lastPathComponent.drop { $0 != "-" }.dropFirst())
    }
}
