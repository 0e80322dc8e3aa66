import BlockArt
import Foundation
import ImageCodecs
import Vocabulary

/// Times `photofeed show` against chafa and timg on a 1200×800 JPEG at 40×20 cells: one
/// process per image (hyperfine, or our own timer without it), and per image inside one
/// process (decode with DCT scaling + resample + cells + ANSI).
struct BlockArtSpeedScenario: BenchScenario {
    let name = "blockart-speed"
    var box = CellSize(columns: 40, rows: 20)
    var runs = 60

    func run(_ context: BenchContext) async throws -> BenchReport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-blockart-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = try makeTestJPEG(context, in: directory)
        var rows: [[String]] = []
        var notes = ["input: \(photo.path) (1200×800 baseline JPEG, quality 90, made from an asset), box \(box)"]

        // Per process.
        let size = "\(box.columns)x\(box.rows)"
        var commands: [(label: String, command: String)] = []
        // A missing binary would otherwise time as a 0.04 ms "run".
        let hasPhotofeed = FileManager.default.isExecutableFile(atPath: context.photofeedBinary)
        if !hasPhotofeed { notes.append("photofeed show not timed: no executable at \(context.photofeedBinary)") }
        for symbols in ["sextant", "quad", "half"] where hasPhotofeed {
            commands.append(("photofeed show --symbols \(symbols) --colors truecolor",
                             "\(context.photofeedBinary) show \(photo.path) --width \(box.columns) --height \(box.rows) --symbols \(symbols) --colors truecolor"))
        }
        if hasPhotofeed { commands.append(("photofeed show --symbols sextant --colors 256",
                         "\(context.photofeedBinary) show \(photo.path) --width \(box.columns) --height \(box.rows) --symbols sextant --colors 256")) }
        if let chafa = BlockArtToolRunner.which("chafa") {
            commands.append(("chafa -c full (default symbols)", "\(chafa) -f symbols -c full -s \(size) --animate off \(photo.path)"))
            commands.append(("chafa -c full --symbols sextant", "\(chafa) -f symbols -c full --symbols sextant -s \(size) --animate off \(photo.path)"))
            commands.append(("chafa -c 240 (default symbols)", "\(chafa) -f symbols -c 240 -s \(size) --animate off \(photo.path)"))
        }
        let timg = BlockArtToolRunner.which("timg")
        if let timg {
            commands.append(("timg -ph", "\(timg) -g\(size) -ph \(photo.path)"))
        }
        let timings = BlockArtToolRunner.hyperfine(commands.map(\.command), runs: runs, warmup: 5)
            ?? commands.map { ownTiming($0.command) }
        notes.append(BlockArtToolRunner.which("hyperfine") != nil
            ? "per process: hyperfine -N --warmup 5 --runs \(runs) '<command>' (stdout to /dev/null)"
            : "per process: own timer, \(runs) runs (hyperfine not found)")
        for (entry, timing) in zip(commands, timings) {
            rows.append(["process", entry.label, String(format: "%.2f", timing.medianMs), String(format: "%.2f", timing.meanMs),
                         String(format: "±%.2f", timing.stddevMs)])
        }

        // timg amortised over many images in one process.
        if let timg {
            let count = 100
            let many = "\(timg) -g\(size) -ph " + Array(repeating: photo.path, count: count).joined(separator: " ")
            if let timing = BlockArtToolRunner.hyperfine([many], runs: 10, warmup: 2)?.first {
                rows.append(["amortised", "timg -ph ×\(count) files / \(count)", String(format: "%.3f", timing.medianMs / Double(count)),
                             String(format: "%.3f", timing.meanMs / Double(count)), ""])
            }
        }

        // In one process.
        let bytes = try BlockArtToolRunner.readAll(photo.path)
        for symbols in [SymbolSet.sextant, .quad, .half] {
            for colors in [ColorDepth.truecolor, .palette256] {
                let renderer = BlockArtRenderer(options: BlockArtOptions(symbols: symbols, colors: colors))
                let summary = try Stopwatch.measure(warmup: 5, iterations: 300) {
                    _ = ANSIWriter().bytes(for: try renderOnce(bytes, renderer: renderer))
                }
                rows.append(["in-process", "decode+resize+cells+ANSI \(symbols) \(colors)",
                             String(format: "%.3f", summary.medianMs), String(format: "%.3f", summary.meanMs), ""])
            }
        }
        let renderer = BlockArtRenderer(options: BlockArtOptions(symbols: .sextant))
        let decodeOnly = try Stopwatch.measure(warmup: 5, iterations: 300) { _ = try decode(bytes, renderer: renderer) }
        let decoded = try decode(bytes, renderer: renderer)
        let cellsOnly = Stopwatch.measure(warmup: 5, iterations: 300) { _ = renderer.render(decoded, in: box) }
        rows.append(["in-process", "  of which decode (DCT-scaled) sextant", String(format: "%.3f", decodeOnly.medianMs),
                     String(format: "%.3f", decodeOnly.meanMs), ""])
        rows.append(["in-process", "  of which resample+cells sextant truecolor", String(format: "%.3f", cellsOnly.medianMs),
                     String(format: "%.3f", cellsOnly.meanMs), ""])
        notes.append("in-process: Stopwatch, 300 iterations after 5 warm-ups, one thread")
        return BenchReport(title: "BlockArt speed: 1200×800 JPEG → \(box) cells",
                           columns: ["kind", "what", "median ms", "mean ms", "stddev"], rows: rows, notes: notes)
    }

    private func decode(_ bytes: [UInt8], renderer: BlockArtRenderer) throws -> Bitmap {
        let header = try ImageDecoder.probe(bytes)
        let layout = renderer.layout(forImage: header.size, in: box)
        return try ImageDecoder.decode(bytes, options: DecodingOptions(targetSize: layout.pixelSize)).bitmap
    }

    private func renderOnce(_ bytes: [UInt8], renderer: BlockArtRenderer) throws -> CellGrid {
        renderer.render(try decode(bytes, renderer: renderer), in: box)
    }

    /// A 1200×800 JPEG made from the first colour asset (filled and re-encoded).
    private func makeTestJPEG(_ context: BenchContext, in directory: URL) throws -> URL {
        let assets = try context.assetPaths()
        let preferred = assets.first { $0.hasSuffix("chelsea.jpg") } ?? assets.first { $0.hasSuffix(".jpg") } ?? ""
        let source = try ImageDecoder.decode(try BlockArtToolRunner.readAll(preferred)).bitmap
        let photo = source.fill(PixelSize(width: 1200, height: 800))
        let url = directory.appendingPathComponent("photo-1200x800.jpg")
        try Data(try JPEGEncoder.encode(photo, quality: 90)).write(to: url)
        return url
    }

    /// Median of `runs` runs of a command (split on spaces), by our own clock.
    private func ownTiming(_ command: String) -> BlockArtToolRunner.Timing {
        let parts = command.split(separator: " ").map(String.init)
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<runs {
            let elapsed = clock.measure { _ = try? BlockArtToolRunner.output(of: parts[0], Array(parts.dropFirst())) }
            samples.append(elapsed.milliseconds)
        }
        let summary = Stopwatch.summarize(samples)
        return BlockArtToolRunner.Timing(command: command, meanMs: summary.meanMs, medianMs: summary.medianMs, stddevMs: 0)
    }
}
