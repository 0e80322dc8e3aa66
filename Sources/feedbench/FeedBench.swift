import ArgumentParser
import Foundation
import ImageCodecs

/// `feedbench`: headless benchmark scenarios. `make bench` runs them all in release mode.
@main
struct FeedBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feedbench",
        abstract: "Benchmarks photofeed's stages and compares with chafa/timg where they do the same job."
    )

    @Option(name: .long, help: "Run only these scenarios (repeatable). Known: \(BenchScenarios.names).")
    var scenario: [String] = []

    @Option(name: .long, help: "The photo library to benchmark on.")
    var assets: String = "Assets/photos"

    @Flag(name: .long, help: "Print the reports as JSON instead of tables.")
    var json = false

    @Option(name: .long, help: "Also write the reports as a Markdown page (docs/PERFORMANCE.md), with the date, the machine and the versions.")
    var markdown: String?

    @Flag(name: .long, help: "With --markdown: add to the page instead of starting it.")
    var append = false

    @Option(name: .long, help: .hidden)
    var scrollChild: String?

    func run() async throws {
        MemoryReturn.configure()
        if let scrollChild {
            // One run of the scroll scenario in its own process (ScrollChild): its peak is its own.
            try await ScrollChild.run(specification: scrollChild)
            return
        }
        let unknown = scenario.filter { name in !BenchScenarios.all.contains { $0.name == name } }
        guard unknown.isEmpty else {
            throw ValidationError("unknown scenario \(unknown.joined(separator: ", ")); known: \(BenchScenarios.names)")
        }
        let context = BenchContext(assetsDirectory: assets)
        let page = markdown.map { PerformancePage(path: $0) }
        if let page, !append { try page.start(PerformancePage.header(photofeedBinary: context.photofeedBinary)) }
        var reports: [BenchReport] = []
        for bench in BenchScenarios.all where scenario.isEmpty ? bench.runsByDefault : scenario.contains(bench.name) {
            let report = try await bench.run(context)
            if !json { print(report.renderedTable(), terminator: "\n\n") }
            let assetsArgument = assets == "Assets/photos" ? "" : " --assets \(assets)"
            let command = "feedbench --scenario \(bench.name)\(assetsArgument)"
            try page?.add(
                section: PerformancePage.section(report, command: command, addedWith: append ? context.photofeedBinary : nil), command: command)
            reports.append(report)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(reports), as: UTF8.self))
        }
    }
}
