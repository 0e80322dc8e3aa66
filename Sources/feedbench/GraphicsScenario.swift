import Foundation
import ImageCodecs
import TerminalKit
import FeedViewer
import TerminalGraphics
import Vocabulary

/// Real-pixel output per image at a 40×20-cell box of 10×20-pixel cells (400×400 pixels):
/// our kitty transmission and sixel encoder in-process (time and bytes, and the sixel's PSNR
/// against the source), then whole processes beside chafa, img2sixel and timg on the same
/// files (bytes written, median time).
struct GraphicsScenario: BenchScenario {
    let name = "graphics"
    var box = PixelSize(width: 400, height: 400)
    var cells = CellSize(columns: 40, rows: 20)
    var repetitions = 5

    func run(_ context: BenchContext) async throws -> BenchReport {
        let assets = try context.assetPaths()
        var rows: [[String]] = []
        var notes = [
            "in-process: decode + fit into \(box.width)×\(box.height) not timed; median of \(repetitions) encodes per image; mean over \(assets.count) assets",
            "kitty: inline = RGB base64 in 4096-byte chunks; zlib = the same deflated first (o=z, level 1); PNG = Average-filtered rows, Huffman codes only, deflated in two halves on two threads (f=100; what the viewer and show send inline); file = the pixels written to a temporary file in /dev/shm the terminal reads (t=t): the KB are what goes over the tty, the time includes writing the file",
            "iterm: JPEG (quality \(ITermGraphics.jpegQuality)) in OSC 1337",
            "PSNR: the sixel decoded back (our SixelDecoder) against the source resized to the decoded size, over the RGB channels (chafa 1.12 into a pipe assumes another cell shape: its 40×20-cell sixel of a 600×400 photo is 320×102, squashed; its PSNR measures colours at its own geometry)",
        ]
        var series: [String: (ms: [Double], bytes: [Double])] = [:]
        var ourPSNR: [String: [Double]] = [:]
        let clock = ContinuousClock()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-tgp-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = TemporaryImageFiles(directory: directory.path)
        let kitty = KittyDirectGraphics()
        let encoders: [(String, (TerminalImage) -> [UInt8])] = [
            ("photofeed kitty inline", { kitty.transmit($0, transport: GraphicsTransport(medium: .inline)) }),
            ("photofeed kitty zlib (o=z)", { KittyGraphics.transmit($0, forPlaceholders: false, payload: .deflated) }),
            ("photofeed kitty PNG (f=100)", { kitty.transmit($0, transport: GraphicsTransport(medium: .compressed)) }),
            ("photofeed kitty file (t=t)", { image in
                defer { files.removeLeftovers() }
                return kitty.transmit(image, transport: GraphicsTransport(medium: .files(files)))
            }),
            ("photofeed iterm (JPEG)", { ITermInlineGraphics().printed($0, transport: GraphicsTransport(), lineBreak: .newline) }),
            ("photofeed sixel (dither)", { SixelEncoder.encode($0.bitmap, colors: 256, dither: true) }),
            ("photofeed sixel (no dither)", { SixelEncoder.encode($0.bitmap, colors: 256, dither: false) }),
            ("photofeed sixel (128, no dither)", { SixelEncoder.encode($0.bitmap, colors: 128, dither: false) }),
            ("photofeed sixel (64, no dither)", { SixelEncoder.encode($0.bitmap, colors: 64, dither: false) }),
            ("photofeed sixel (128, dither)", { SixelEncoder.encode($0.bitmap, colors: 128, dither: true) }),
            ("photofeed sixel (96, dither)", { SixelEncoder.encode($0.bitmap, colors: 96, dither: true) }),
        ]
        for path in assets {
            let decoded = try ImageDecoder.decode(try BlockArtToolRunner.readAll(path), options: DecodingOptions(targetSize: box))
            let bitmap = decoded.bitmap.fit(into: box)
            let image = TerminalImage(bitmap: bitmap, cells: cells, graphics: kitty)
            for (label, encode) in encoders {
                var output: [UInt8] = []
                let ms = median((0..<repetitions).map { _ in clock.measure { output = encode(image) }.milliseconds })
                series[label, default: ([], [])].ms.append(ms)
                series[label, default: ([], [])].bytes.append(Double(output.count))
                if label.contains("sixel"), let value = try? psnr(sixel: output, sourcePath: path) {
                    ourPSNR[label, default: []].append(value)
                }
            }
        }
        for (label, _) in encoders {
            let values = series[label] ?? ([], [])
            let quality = ourPSNR[label].map { String(format: "%.2f", mean($0)) } ?? "-"
            rows.append(["in-process", label, fmt(mean(values.ms)), kb(mean(values.bytes)), quality])
        }

        // Whole processes on the same files: bytes written (mean over the assets), median time (one asset).
        var tools: [(String, String, [String])] = []
        let photofeed = context.photofeedBinary
        if FileManager.default.isExecutableFile(atPath: photofeed) {
            for backend in ["kitty", "sixel", "iterm"] {
                tools.append(("photofeed show --graphics \(backend)", photofeed, ["show", "--graphics", backend, "--width", "40", "--height", "20"]))
            }
        }
        if let chafa = BlockArtToolRunner.which("chafa") {
            for format in ["kitty", "sixels", "iterm"] {
                tools.append(("chafa -f \(format)", chafa, ["-f", format, "-s", "40x20", "--animate", "off"]))
            }
        }
        if let img2sixel = BlockArtToolRunner.which("img2sixel") {
            tools.append(("img2sixel -w 400", img2sixel, ["-w", "400"]))
        }
        if let timg = BlockArtToolRunner.which("timg") {
            tools.append(("timg -pk", timg, ["-g40x20", "-pk"]))
            tools.append(("timg -ps", timg, ["-g40x20", "-ps"]))
        }
        for (label, executable, arguments) in tools {
            var bytes: [Double] = []
            var times: [Double] = []
            var qualities: [Double] = []
            for path in assets {
                var output: [UInt8] = []
                let elapsed = clock.measure { output = (try? BlockArtToolRunner.output(of: executable, arguments + [path], environment: ["TERM": "xterm-256color"])) ?? [] }
                bytes.append(Double(output.count))
                times.append(elapsed.milliseconds)
                if label.contains("sixel"), let value = try? psnr(sixel: output, sourcePath: path) { qualities.append(value) }
            }
            let quality = qualities.isEmpty ? "-" : String(format: "%.2f", mean(qualities))
            rows.append(["process", label, fmt(median(times)), kb(mean(bytes)), quality])
        }
        notes.append("process: one run per asset (stdout to a pipe, TERM=xterm-256color), median time and mean bytes over the assets; the process rows include decoding the file")
        notes.append("command: swift build -c release --static-swift-stdlib --product feedbench && swift build -c release --static-swift-stdlib --product photofeed && .build/release/feedbench --scenario graphics")
        return BenchReport(
            title: "graphics: real pixels per image at 40×20 cells (400×400 px)",
            columns: ["kind", "what", "median ms", "KB written", "PSNR dB"], rows: rows, notes: notes)
    }

    /// PSNR of a sixel image as a terminal would show it, against the source file resized to the
    /// decoded size (each tool picks its own size for the box, and some their own aspect), over
    /// the pixels both cover.
    private func psnr(sixel: [UInt8], sourcePath: String) throws -> Double {
        let decoded = try SixelDecoder.decode(sixel)
        guard decoded.width > 0, decoded.height > 0 else { throw SixelDecoder.Failure.notSixel }
        let size = PixelSize(width: decoded.width, height: decoded.height)
        let source = try ImageDecoder.decode(try BlockArtToolRunner.readAll(sourcePath), options: DecodingOptions(targetSize: size))
            .bitmap.resized(to: size)
        let width = min(source.width, decoded.width)
        let height = min(source.height, decoded.height)
        var sum = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let pixel = source[x, y]
                let index = (y * decoded.width + x) * 3
                for (a, b) in [(pixel.r, decoded.pixels[index]), (pixel.g, decoded.pixels[index + 1]), (pixel.b, decoded.pixels[index + 2])] {
                    let d = Double(a) - Double(b)
                    sum += d * d
                }
            }
        }
        let mse = sum / Double(max(1, width * height * 3))
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    private func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
    private func fmt(_ value: Double) -> String { String(format: "%.2f", value) }
    private func kb(_ value: Double) -> String { String(format: "%.1f", value / 1024) }
}
