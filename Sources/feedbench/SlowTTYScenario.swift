import Foundation

/// Issue 39's benchmark: the release `photofeed` beside feedbench on a real pty whose terminal
/// (``SlowTerminal``) reads its output at a fixed rate, as at the end of a slow ssh link, and
/// answers like kitty, an xterm with sixel, or iTerm2 (``SlowTTYPersonality``) — in order, only
/// once it has read the question. After the first screen (the status bar at `row 1/` and the
/// link quiet), `j` 20 times at 10 a second; for each key, the time until the terminal has read
/// a status bar at its row; the bytes the keys cost, and the pictures transmitted and aborted.
///
/// Each run is the default embedded feed (the photos of `--assets`) with animations still
/// (``arguments``), in a fresh temporary HOME and cache (cold), 120×40 cells of 10×20 pixels;
/// each terminal and rate runs ``repeats`` times. `FEEDBENCH_SLOW_TTY_ONLY=kitty` runs only
/// the runs whose label (`kitty 100 KB/s`) holds it; `FEEDBENCH_SLOW_TTY_DUMP=/tmp/x` keeps each
/// run's bytes up to the quiet frame after the keys (`/tmp/x-kitty-100k.bytes`) and that frame's
/// text (`.screen`).
struct SlowTTYScenario: BenchScenario {
    let name = "slow-tty"
    // 27 runs of 5-15 s each: asked for by name (the Makefile's bench target does).
    var runsByDefault: Bool { false }
    var rates = [100_000, 300_000, 2_000_000]
    /// Runs of each terminal at each rate (`FEEDBENCH_SLOW_TTY_RUNS` overrides).
    var repeats = 3
    var keys = 20
    var keyInterval = Duration.milliseconds(100)
    var columns = 120
    var rows = 40

    func run(_ context: BenchContext) async throws -> BenchReport {
        let photofeed = context.photofeedBinary
        guard FileManager.default.isExecutableFile(atPath: photofeed) else {
            return BenchReport(title: "slow-tty: skipped", columns: ["why"], rows: [["needs the release photofeed beside feedbench"]])
        }
        let assets = URL(fileURLWithPath: context.assetsDirectory).standardizedFileURL.path
        let only = ProcessInfo.processInfo.environment["FEEDBENCH_SLOW_TTY_ONLY"]
        let repeatCount = ProcessInfo.processInfo.environment["FEEDBENCH_SLOW_TTY_RUNS"].flatMap { Int($0) }.map { max(1, $0) } ?? repeats
        var summaries: [SlowTTYSummary] = []
        for personality in SlowTTYPersonality.all {
            for rate in rates {
                let label = "\(personality.name) \(SlowTTYRun.rateLabel(rate))"
                if let only, !label.contains(only) { continue }
                var runs: [SlowTTYRun] = []
                for _ in 0..<repeatCount {
                    let run = try await Self.onThread { try measure(personality, rate: rate, photofeed: photofeed, assets: assets) }
                    FileHandle.standardError.write(Data("feedbench: slow-tty \(run.logLine)\n".utf8))
                    runs.append(run)
                }
                summaries.append(SlowTTYSummary(runs: runs))
            }
        }
        return BenchReport(
            title: "slow-tty: \(keys) × j at \(Int(.seconds(1) / keyInterval))/s after the first screen, the terminal reading a real pty at a fixed rate",
            columns: SlowTTYSummary.columns, rows: summaries.map { $0.row() },
            notes: [
                "command: swift build -c release --product feedbench && swift build -c release --product photofeed && .build/release/feedbench --scenario slow-tty (make bench runs it)",
                "the link: the release photofeed (`photofeed --animate off --audit`: the embedded feed, network preset fast, animations still, the audit live) on a \(columns)×\(rows)-cell pty of "
                    + "10×20-pixel cells, in a new session with the pty as its controlling terminal, a fresh HOME and cache (cold); the terminal "
                    + "reads the pty's other side at a fixed rate (a token bucket topped up every 5 ms), so photofeed's writes back up in the pty "
                    + "as on a slow ssh link, and answers every query (the start-up probe, DA1, kitty `a=q`) in order, once it has read it",
                "terminals: kitty 0.35 that cannot read this machine's files (the `t=t` query fails: pictures inline, as over ssh); "
                    + "XTerm(390) with sixel; iTerm2 3.5 (its XTVERSION); the protocol column is what the bytes carried",
                "first screen s: launch → the keys start: the status bar at `row 1/` and the link quiet (under 2 KB in the last second) for a second",
                "each terminal and rate runs \(repeatCount) times: figures are medians over the runs (last key: its range beside it), the keys' "
                    + "percentiles are over every key of every run, and a target fails when any run misses it",
                "key → frame: writing the key → the terminal has read a status bar at the key's row or past it (synchronized-output frames "
                    + "count when they end); last key: the 20th",
                "KB to last frame: read from the first key to the last key's frame (KB/key: that over the keys); KB to quiet: to the link "
                    + "quiet again after the keys (cap: 60 s without quiet)",
                "pictures sent: transmissions that ended after the first key (kitty: the `m=0` chunk read; sixel: the DCS's ST; iTerm2: the "
                    + "OSC 1337 File= string's end); aborted: a kitty transmission deleted (`a=d`) or superseded before its last chunk, or any "
                    + "picture never finished; on screen: pictures shown in the quiet frame after the keys (kitty: distinct placeholder ids; "
                    + "sixel/iTerm2: pictures not yet overwritten)",
                "of them lighter: kitty pictures sent with at most half the pixels across that their cells show (photofeed's stand-ins "
                    + "while keys come); sent whole after last key: the others, finished after the 20th key",
                "targets (issue 39): every key's frame ≤ 150 ms at 100 KB/s; under 400 KB from the first key to the last key's frame at "
                    + "2 MB/s (the issue's burst); no more pictures sent whole after the last key than are on screen; the audit (its count in the status bar at the end) ok in every run",
            ])
    }

    /// `body` on a thread of its own (it blocks for seconds): not on the cooperative pool.
    private static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}

/// A slow-tty run that could not be measured.
struct SlowTTYError: Error, CustomStringConvertible {
    var description: String
}
