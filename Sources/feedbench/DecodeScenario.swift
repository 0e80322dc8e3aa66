import Foundation
import ImageCodecs
import Vocabulary

/// Decode + resize of every asset to an 80×40 thumbnail (fill), with and without
/// JPEG DCT-domain scaling: what one feed row costs before it is drawn.
struct DecodeScenario: BenchScenario {
    var name: String { "decode" }

    /// The thumbnail size: 80×40 pixels (40 columns × 20 half-block rows).
    static let target = PixelSize(width: 80, height: 40)
    static let iterations = 30

    func run(_ context: BenchContext) async throws -> BenchReport {
        var rows: [[String]] = []
        var totals = (scaled: 0.0, full: 0.0)
        for path in try context.assetPaths() {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let header = try ImageDecoder.probe(bytes)
            let scaledOptions = DecodingOptions(targetSize: Self.target)
            let fullOptions = DecodingOptions(targetSize: Self.target, allowsDCTScaling: false)
            let scale = try ImageDecoder.decode(bytes, options: scaledOptions).scaleDenominator

            let scaled = try Stopwatch.measure(iterations: Self.iterations) {
                _ = try ImageDecoder.decode(bytes, options: scaledOptions).bitmap.fill(Self.target)
            }
            let full = try Stopwatch.measure(iterations: Self.iterations) {
                _ = try ImageDecoder.decode(bytes, options: fullOptions).bitmap.fill(Self.target)
            }
            totals.scaled += scaled.medianMs
            totals.full += full.medianMs
            rows.append([
                URL(fileURLWithPath: path).lastPathComponent,
                "\(header.format)",
                "\(header.size)",
                "1/\(scale)",
                Self.format(scaled.medianMs),
                Self.format(scaled.p99Ms),
                Self.format(full.medianMs),
                Self.format(full.p99Ms),
                String(format: "%.1f×", full.medianMs / max(scaled.medianMs, 0.001)),
            ])
        }
        rows.append([
            "total (sum of medians)", "", "", "",
            Self.format(totals.scaled), "", Self.format(totals.full), "",
            String(format: "%.1f×", totals.full / max(totals.scaled, 0.001)),
        ])
        return BenchReport(
            title: "decode: decode + fill to \(Self.target) per image, with and without DCT scaling",
            columns: ["image", "format", "size", "DCT scale", "scaled ms", "scaled p99", "full ms", "full p99", "speed-up"],
            rows: rows,
            notes: [
                "median and p99 of \(Self.iterations) runs after 2 warm-ups, one thread; PNG is never DCT-scaled",
                "command: swift build -c release --product feedbench && .build/release/feedbench --scenario decode",
            ])
    }

    private static func format(_ ms: Double) -> String { String(format: "%.2f", ms) }
}
