import Foundation
import ImageCodecs
import TerminalUI

/// Real-pixel output per image at a 40×20-cell box of 10×20-pixel cells (400×400 pixels):
/// our kitty transmission and sixel encoder in-process (time and bytes, and the sixel's PSNR
/// against the source), then whole processes beside chafa, img2sixel and timg on the same
/// files (bytes written, median time).
struct GraphicsScenario: BenchScenario {
    let name = "graphics"
    var box = PixelSize(width: 400, height: 400)
    var cells = TerminalSize(rows: 20, columns: 40)
    var repetitions = 5

    func run(_ context: BenchContext) async throws -> BenchReport {
        let assets = try context.assetPaths()
        var rows: [[String]] = []
        var notes = [
            "in-process: decode + fit into \(box.width)×\(box.height) not timed; median of \(repetitions) encodes per image; mean over \(assets.count) assets",
            "kitty direct = pixels transmitted once (RGB, base64, 4096-byte chunks; no compression yet); file/shm transmission is not implemented",
            "sixel PSNR: our quantised image (256 colours, Floyd–Steinberg) against the fitted source",
        ]
        var kittyMs: [Double] = [], kittyBytes: [Double] = []
        var sixelMs: [Double] = [], sixelBytes: [Double] = [], sixelPSNR: [Double] = []
        var plainMs: [Double] = [], plainBytes: [Double] = []
        let clock = ContinuousClock()
        for path in assets {
            let decoded = try ImageDecoder.decode(try BlockArtToolRunner.readAll(path), options: DecodingOptions(targetSize: box))
            let bitmap = decoded.bitmap.fit(into: box)
            let image = TerminalImage(bitmap: bitmap, cells: cells, placement: .direct)
            var kitty: [UInt8] = []
            kittyMs.append(median((0..<repetitions).map { _ in clock.measure { kitty = KittyGraphics.transmit(image) }.milliseconds }))
            kittyBytes.append(Double(kitty.count))
            var sixel: [UInt8] = []
            sixelMs.append(median((0..<repetitions).map { _ in clock.measure { sixel = SixelEncoder.encode(bitmap, colors: 256, dither: true) }.milliseconds }))
            sixelBytes.append(Double(sixel.count))
            plainMs.append(median((0..<repetitions).map { _ in clock.measure { sixel = SixelEncoder.encode(bitmap, colors: 256, dither: false) }.milliseconds }))
            plainBytes.append(Double(sixel.count))
            sixelPSNR.append(psnr(bitmap))
        }
        rows.append(["in-process", "photofeed kitty (direct)", fmt(mean(kittyMs)), kb(mean(kittyBytes)), "-"])
        rows.append(["in-process", "photofeed sixel (dither)", fmt(mean(sixelMs)), kb(mean(sixelBytes)), String(format: "%.2f", mean(sixelPSNR))])
        rows.append(["in-process", "photofeed sixel (no dither)", fmt(mean(plainMs)), kb(mean(plainBytes)), "-"])

        // Whole processes on the same files: bytes written (mean over the assets), median time (one asset).
        var tools: [(String, String, [String])] = []
        let photofeed = context.photofeedBinary
        if FileManager.default.isExecutableFile(atPath: photofeed) {
            tools.append(("photofeed show --graphics kitty", photofeed, ["show", "--graphics", "kitty", "--width", "40", "--height", "20"]))
            tools.append(("photofeed show --graphics sixel", photofeed, ["show", "--graphics", "sixel", "--width", "40", "--height", "20"]))
        }
        if let chafa = BlockArtToolRunner.which("chafa") {
            tools.append(("chafa -f kitty", chafa, ["-f", "kitty", "-s", "40x20", "--animate", "off"]))
            tools.append(("chafa -f sixels", chafa, ["-f", "sixels", "-s", "40x20", "--animate", "off"]))
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
            for path in assets {
                var output: [UInt8] = []
                let elapsed = clock.measure { output = (try? BlockArtToolRunner.output(of: executable, arguments + [path], environment: ["TERM": "xterm-256color"])) ?? [] }
                bytes.append(Double(output.count))
                times.append(elapsed.milliseconds)
            }
            rows.append(["process", label, fmt(median(times)), kb(mean(bytes)), "-"])
        }
        notes.append("process: one run per asset (stdout to a pipe, TERM=xterm-256color), median time and mean bytes over the assets; the process rows include decoding the file")
        notes.append("command: swift build -c release --static-swift-stdlib --product feedbench && swift build -c release --static-swift-stdlib --product photofeed && .build/release/feedbench --scenario graphics")
        return BenchReport(
            title: "graphics: real pixels per image at 40×20 cells (400×400 px)",
            columns: ["kind", "what", "median ms", "KB written", "PSNR dB"], rows: rows, notes: notes)
    }

    private func psnr(_ bitmap: Bitmap) -> Double {
        let quantized = PaletteQuantizer.quantize(bitmap, colors: 256, dither: true)
        let source = PaletteQuantizer.rgb(bitmap)
        var sum = 0.0
        for (index, pixel) in source.enumerated() {
            let colour = quantized.palette[Int(quantized.indices[index])]
            for (a, b) in [(pixel.0, colour.0), (pixel.1, colour.1), (pixel.2, colour.2)] {
                let d = Double(a) - Double(b)
                sum += d * d
            }
        }
        let mse = sum / Double(max(1, source.count * 3))
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
