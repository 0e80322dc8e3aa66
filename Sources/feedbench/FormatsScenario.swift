import Foundation
import ImageCodecs
import Vocabulary

/// Per format, one photograph decoded to a 40×20-cell block-art picture by one process:
/// `photofeed show` beside chafa and timg on the same files (hyperfine medians, ratio to chafa
/// from the same run) and each one's peak RSS (`/usr/bin/time`). The files are made at run time
/// from the largest JPEG of the library under 4,000 px wide with Debian's encoders (`cwebp`,
/// `avifenc`, `heif-enc`, `cjxl`, ImageMagick's `convert`); a missing encoder is named in the notes.
struct FormatsScenario: BenchScenario {
    let name = "formats"
    var box = (columns: 40, rows: 20)
    var runs = 10

    /// A format's file, and how it is made from `source` into `output`.
    private struct Encoding: Sendable {
        var label: String
        var file: String
        var tool: String
        var package: String
        var arguments: @Sendable (_ source: String, _ output: String) -> [String]
    }

    private static let encodings: [Encoding] = [
        Encoding(label: "WebP (lossy q80)", file: "photo.webp", tool: "cwebp", package: "webp") { ["-quiet", "-q", "80", $0, "-o", $1] },
        Encoding(label: "AVIF (8-bit, speed 8)", file: "photo.avif", tool: "avifenc", package: "libavif-bin") {
            ["-j", "2", "-s", "8", "--min", "20", "--max", "30", $0, $1]
        },
        Encoding(label: "HEIC (q60)", file: "photo.heic", tool: "heif-enc", package: "libheif-examples") { ["-q", "60", $0, "-o", $1] },
        Encoding(label: "HEIC with a 320-px stored thumbnail", file: "thumbnail.heic", tool: "heif-enc", package: "libheif-examples") {
            ["-q", "60", "-t", "320", $0, "-o", $1]
        },
        Encoding(label: "JPEG XL (d1)", file: "photo.jxl", tool: "cjxl", package: "libjxl-tools") {
            ["--quiet", "--lossless_jpeg=0", "-d", "1", $0, $1]
        },
        Encoding(label: "GIF", file: "photo.gif", tool: "convert", package: "imagemagick") { [$0, $1] },
        Encoding(label: "TIFF (LZW)", file: "photo.tiff", tool: "convert", package: "imagemagick") { [$0, "-compress", "lzw", $1] },
        // BMP3: a BITMAPINFOHEADER with 24-bit rows, what most BMPs are; decoded by BMPDecoding (Swift).
        Encoding(label: "BMP (24-bit)", file: "photo.bmp", tool: "convert", package: "imagemagick") { [$0, "BMP3:" + $1] },
    ]

    func run(_ context: BenchContext) async throws -> BenchReport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feedbench-formats-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let source = try largestJPEG(context) else {
            return BenchReport(title: "formats", columns: ["what"], rows: [], notes: ["no JPEG in \(context.assetsDirectory)"])
        }
        var notes = ["source: \(source.path) (\(source.size.width)×\(source.size.height))"]
        var files: [(label: String, path: String)] = [("JPEG (the source)", source.path)]
        for encoding in Self.encodings {
            let output = directory.appendingPathComponent(encoding.file).path
            // Debian's own first (a `convert` earlier on PATH may be something else).
            let debian = "/usr/bin/" + encoding.tool
            guard let tool = FileManager.default.isExecutableFile(atPath: debian) ? debian : BlockArtToolRunner.which(encoding.tool) else {
                notes.append("\(encoding.label): no \(encoding.tool) (apt-get install \(encoding.package))")
                continue
            }
            _ = try? BlockArtToolRunner.output(of: tool, encoding.arguments(source.path, output))
            // ImageMagick's stand-ins and failed encoders leave nothing decodable behind.
            guard let bytes = try? BlockArtToolRunner.readAll(output), (try? ImageDecoder.probe(bytes)) != nil else {
                notes.append("\(encoding.label): \(encoding.tool) made no file")
                continue
            }
            files.append((encoding.label, output))
        }
        let size = "\(box.columns)x\(box.rows)"
        let chafa = BlockArtToolRunner.which("chafa")
        let timg = BlockArtToolRunner.which("timg")
        var rows: [[String]] = []
        for file in files {
            var commands = [
                [context.photofeedBinary, "show", file.path, "--width", "\(box.columns)", "--height", "\(box.rows)", "--no-thumbnail-cache"]
            ]
            if let chafa { commands.append([chafa, "-f", "symbols", "-s", size, "--animate", "off", file.path]) }
            if let timg { commands.append([timg, "-g\(size)", "-pq", file.path]) }
            let timings = BlockArtToolRunner.hyperfine(commands.map { $0.joined(separator: " ") }, runs: runs, warmup: 2)
            let peaks = commands.map { GridScaleScenario.timed($0, environment: ProcessInfo.processInfo.environment)?.peakKiB }
            func ms(_ index: Int) -> String {
                guard let timings, index < timings.count, let peak = peaks[index] else { return "-" }
                return String(format: "%.0f ms, %d MB", timings[index].medianMs, peak / 1024)
            }
            let ratio = timings.flatMap { timings in
                chafa == nil || timings.count < 2 ? nil : String(format: "%.2f×", timings[0].medianMs / timings[1].medianMs)
            } ?? "-"
            rows.append([
                file.label, ms(0), chafa == nil ? "-" : ms(1), timg == nil ? "-" : ms(chafa == nil ? 1 : 2), ratio,
            ])
        }
        notes += [
            "photofeed show --width 40 --height 20 --no-thumbnail-cache; chafa -f symbols -s 40x20 --animate off; timg -g40x20 -pq",
            "time: hyperfine -N --warmup 2 --runs \(runs), median; memory: peak RSS of one run (/usr/bin/time -f %M); -: the tool could not read the file (chafa 1.12 and timg 1.4 in bookworm have no JPEG XL)",
            "command: swift build -c release --static-swift-stdlib --product feedbench && swift build -c release --static-swift-stdlib --product photofeed && .build/release/feedbench --scenario formats",
        ]
        return BenchReport(
            title: "formats: one photograph in each format to a 40×20 block-art picture, one process each",
            columns: ["format", "photofeed", "chafa", "timg", "photofeed ÷ chafa"], rows: rows, notes: notes)
    }

    /// The library's JPEG with the most pixels under 4,000 px wide.
    private func largestJPEG(_ context: BenchContext) throws -> (path: String, size: PixelSize)? {
        var best: (path: String, size: PixelSize)?
        for path in try context.assetPaths() where path.hasSuffix(".jpg") || path.hasSuffix(".jpeg") {
            guard let header = try? ImageDecoder.probe(try BlockArtToolRunner.readAll(path)), header.size.width < 4_000 else { continue }
            if header.size.pixelCount > best?.size.pixelCount ?? 0 { best = (path, header.size) }
        }
        return best
    }
}
