import Foundation
import ImageCodecs
import Vocabulary

/// What the embedded server does when a row asks for an animation: every frame decoded and
/// composited at the size that covers the thumbnail, then encoded as a lossy animated WebP
/// (quality 85, the server's). The first screen of the embedded feed waits for one of these
/// after its thumbnails' latency, on a first run (later runs keep them in `.server-sources`).
struct AnimationScenario: BenchScenario {
    var name: String { "animations" }

    /// The thumbnail a default list row asks for: 72×36 (a 36-column, 9-row box in sextants).
    static let asked = PixelSize(width: 72, height: 36)
    static let iterations = 20

    func run(_ context: BenchContext) async throws -> BenchReport {
        let directory = context.assetsDirectory + "/animated"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".gif") || $0.hasSuffix(".webp") }
            .sorted()
        var rows: [[String]] = []
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
            let header = try ImageDecoder.probe(bytes)
            let size = header.size.aspectCovering(Self.asked)
            var frames: [AnimationFrame] = []
            let decode = try Stopwatch.measure(iterations: Self.iterations) {
                frames = try AnimationDecoder(bytes, frameSize: size).loopFrames()
            }
            var encoded: [UInt8] = []
            let encode = try Stopwatch.measure(iterations: Self.iterations) {
                encoded = try AnimatedWebPEncoder.encode(frames, loopCount: nil, quality: 85)
            }
            rows.append([
                name, "\(header.size)", "\(frames.count)", "\(size)", Self.format(decode.medianMs), Self.format(encode.medianMs),
                Self.format(decode.medianMs + encode.medianMs), "\(bytes.count / 1024) KB", String(format: "%.1f KB", Double(encoded.count) / 1024),
            ])
        }
        return BenchReport(
            title: "animations: the server's transcode of each animation for a \(Self.asked) thumbnail",
            columns: ["animation", "canvas", "frames", "scaled to", "decode ms", "encode ms", "total ms", "file", "WebP"],
            rows: rows,
            notes: [
                "median of \(Self.iterations) runs after 2 warm-ups, one thread: every frame decoded, composited and scaled, then encoded (quality 85)",
                "command: swift build -c release --product feedbench && .build/release/feedbench --scenario animations",
            ])
    }

    private static func format(_ ms: Double) -> String { String(format: "%.2f", ms) }
}
