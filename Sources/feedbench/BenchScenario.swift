import Foundation
import TerminalGraphics

/// One benchmark scenario: runs, measures, reports a table.
protocol BenchScenario: Sendable {
    /// Short name for `--scenario`.
    var name: String { get }
    func run(_ context: BenchContext) async throws -> BenchReport
    /// Whether a run without `--scenario` includes it (false: minutes long, asked for by name).
    var runsByDefault: Bool { get }
}

extension BenchScenario {
    var runsByDefault: Bool { true }
}

/// What every scenario may use.
struct BenchContext: Sendable {
    /// The photo library (default `Assets/photos`).
    var assetsDirectory: String

    /// Paths of the decodable photos in the library, sorted.
    func assetPaths() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: assetsDirectory)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".jpeg") || $0.hasSuffix(".png") }
            .sorted()
            .map { assetsDirectory + "/" + $0 }
    }

    /// The release `photofeed` binary beside this `feedbench`.
    var photofeedBinary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("photofeed").path
    }
}

/// All scenarios, in the order `make bench` runs them. Add yours here.
enum BenchScenarios {
    static let all: [any BenchScenario] = [
        DecodeScenario(), BlockArtQualityScenario(), BlockArtSpeedScenario(), GraphicsScenario(), GridScenario(), GridScaleScenario(), PipelineScenario(),
        ScrollScenario(), ScrollScenario(layout: .grid), FormatsScenario(), AnimationScenario(), EmbeddedStartScenario(), PixelRatioScenario(), ServeLoadScenario(),
        SlowTTYScenario(), PreviewerScenario(), CullScenario(),
    ]

    static var names: String { all.map(\.name).joined(separator: ", ") }
}
