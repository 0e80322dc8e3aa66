import ArgumentParser
import Foundation
import Testing

@testable import photofeed

/// The embedded server's flags read from the raw arguments (to start it beside the parse) must
/// be what ArgumentParser reads, and no server is begun for lists that run none.
@Suite("EmbeddedServerFlags")
struct EmbeddedServerFlagsTests {
    static let accepted: [[String]] = [
        [],
        ["--network", "3g"],
        ["--network=edge", "--seed", "42"],
        ["--cache-dir", "/tmp/pf cache", "--latency", "0", "--bandwidth", "0"],
        ["--no-disk-cache", "--failure-rate", "0.25", "--stall-rate=0.5", "--truncate-rate", "1"],
        ["--symbols", "quad", "--columns", "3", "--latency", "250", "--placeholder", "spinner"],
        ["--network", "flaky", "--network", "fast"],
        ["--network", "EDGE"],
        ["--layout", "grid", "--cache-dir=relative/dir", "--prefetch", "4"],
        ["--trace", "/tmp/trace.json", "--seed=18446744073709551615"],
    ]

    @Test("accepted lists give what ArgumentParser gives", arguments: accepted)
    func matchesArgumentParser(_ arguments: [String]) throws {
        // Given a viewer's argument list (before the parse)
        // When it is scanned, and parsed by ArgumentParser
        let scanned = EmbeddedServerFlags.scan(arguments)
        let parsed = try? ViewerOptions.parse(arguments)
        // Then both read the same server flags (a list ArgumentParser refuses begins a server
        // that no one takes)
        if let parsed { #expect(scanned == parsed.embeddedServerFlags) } else { #expect(scanned != nil) }
    }

    @Test func theSubcommandsNameIsSkipped() throws {
        // Given the same flags after `view`, after `snapshot`, and alone
        // Then they read the same
        let alone = EmbeddedServerFlags.scan(["--seed", "3"])
        #expect(alone?.seed == 3)
        #expect(EmbeddedServerFlags.scan(["view", "--seed", "3"]) == alone)
        #expect(EmbeddedServerFlags.scan(["snapshot", "--seed", "3", "--width", "80"]) == alone)
    }

    static let declined: [[String]] = [
        ["--feed", "~/Pictures"],
        ["--latency", "10", "--feed=https://picsum.photos"],
        ["snapshot", "--feed", "urls.txt"],
        ["serve"],
        ["show", "a.jpg"],
        ["cache", "info"],
        ["--help"],
        ["-h"],
        ["snapshot", "--help"],
        ["--latency"],
        ["--latency", "soon"],
        ["--seed", "-1"],
        ["--failure-rate", "often"],
        ["--no-disk-cache=yes"],
        ["--", "--latency", "5"],
    ]

    @Test("lists that run no embedded server, or whose values do not read, begin none", arguments: declined)
    func declines(_ arguments: [String]) {
        #expect(EmbeddedServerFlags.scan(arguments) == nil)
    }

    @Test func theFlagsMakeTheServerTheViewerAsksFor() throws {
        // Given the 3g preset with a single knob changed, a cache directory and a seed
        let flags = try #require(EmbeddedServerFlags.scan(["--network", "3g", "--bandwidth", "0", "--cache-dir", "/c", "--seed", "5"]))
        // When they make the server's configuration
        let configuration = flags.configuration(knobs: try #require(flags.knobs))
        // Then it has the preset's latency, unlimited bandwidth, the seed, and its sources under the cache
        #expect(configuration.shaping.latency == .milliseconds(300))
        #expect(configuration.shaping.bandwidth == nil)
        #expect(configuration.shaping.seed == 5)
        #expect(configuration.sourceCacheDirectory?.path == "/c/.server-sources")
        #expect(configuration.decodeCheck == .onFirstRender && configuration.warmedIDs == 12)
        // And --no-disk-cache keeps nothing on disk; an unknown preset makes no knobs
        #expect(EmbeddedServerFlags(noDiskCache: true).cacheDirectory == nil)
        #expect(EmbeddedServerFlags(network: "dialup").knobs == nil)
    }
}
