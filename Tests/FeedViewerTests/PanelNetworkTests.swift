import Testing
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

@Suite("Panels: network")
struct PanelNetworkTests {
    @Test func knobsStepAndClamp() {
        // Given the viewer's default shaping
        var knobs = ShapingKnobs(latency: .milliseconds(120), bandwidth: 400_000)
        // When stepped
        knobs.step(.latency, up: true)
        #expect(knobs.latency == .milliseconds(170))
        for _ in 0..<10 { knobs.step(.latency, up: false) }
        #expect(knobs.latency == .zero)
        knobs.step(.bandwidth, up: false)
        #expect(knobs.bandwidth == 200_000)
        for _ in 0..<20 { knobs.step(.bandwidth, up: false) }
        #expect(knobs.bandwidth == ShapingKnobs.minBandwidth)
        for _ in 0..<30 { knobs.step(.bandwidth, up: true) }
        #expect(knobs.bandwidth == nil)
        knobs.step(.bandwidth, up: false)
        #expect(knobs.bandwidth == ShapingKnobs.firstLimitedBandwidth)
        for _ in 0..<3 { knobs.step(.failureRate, up: true) }
        #expect(knobs.failureRate == 0.3)
        for _ in 0..<20 { knobs.step(.failureRate, up: true) }
        #expect(knobs.failureRate == 1)
        #expect(knobs.stepping(.stallRate, up: true).stallRate == 0.05)
        #expect(ShapingKnobs(latency: .seconds(99), failureRate: .nan).latency == ShapingKnobs.maxLatency)
        #expect(ShapingKnobs(failureRate: .nan).failureRate == 0)
    }

    @Test func keysMapToSteps() {
        #expect(ShapingKnobs.step(forKey: "+").map { [$0.knob == .latency, $0.up] } == [true, true])
        #expect(ShapingKnobs.step(forKey: "[").map { [$0.knob == .bandwidth, $0.up] } == [true, false])
        #expect(ShapingKnobs.step(forKey: "F").map { [$0.knob == .failureRate, $0.up] } == [true, true])
        #expect(ShapingKnobs.step(forKey: "q") == nil)
    }

    @Test func panelShowsKnobsAndTheirKeys() {
        // Given a shaped embedded server
        let knobs = ShapingKnobs(latency: .milliseconds(120), bandwidth: 400_000, failureRate: 0.1)
        // When the panel is drawn
        let screen = MemoryScreen(size: CellSize(columns: 60, rows: NetworkPanel.preferredHeight))
        screen.draw(NetworkPanel.render(knobs, source: "embedded · 127.0.0.1:41893", size: screen.size), at: .zero)
        // Then each knob is listed with its value and keys
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "panel-network.txt")
    }

    @Test func panelForAFeedWithoutAServerSaysSo() {
        let screen = MemoryScreen(size: CellSize(columns: 60, rows: 5))
        screen.draw(NetworkPanel.render(nil, source: "picsum.photos", size: screen.size, glyphs: .ascii), at: .zero)
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "panel-network-none.txt")
    }

    @Test func panelShowsTheCachesAgainstTheirLimits() {
        // Given a shaped embedded server and caches measured against their limits
        let knobs = ShapingKnobs(latency: .milliseconds(120), bandwidth: 400_000)
        let caches = CacheSizes(
            memoryImages: 12, memoryBytes: 3 << 20, diskBytes: 48_500_000, memoryLimit: 20_000_000, diskLimit: 1 << 30)
        // When the panel is drawn
        let screen = MemoryScreen(size: CellSize(columns: 60, rows: NetworkPanel.preferredHeight))
        screen.draw(
            NetworkPanel.render(knobs, caches: caches, source: "embedded · 127.0.0.1:41893", size: screen.size), at: .zero)
        // Then the memory and the disk cache show their use of their limit, each in its limit's units
        screen.flush()
        Golden.assertMatches(screen.plainText(), named: "panel-network-caches.txt")
    }

    @Test func binaryByteCounts() {
        #expect(ByteCountFormat.binary(512) == "512 B")
        #expect(ByteCountFormat.binary(3 << 20) == "3 MiB")
        #expect(ByteCountFormat.binary(3_250_000) == "3.1 MiB")
        #expect(ByteCountFormat.binary(1 << 30) == "1 GiB")
        #expect(ByteCountFormat.use(3_250_000, of: 20_000_000) == "3.3 MB of 20 MB")
        #expect(ByteCountFormat.use(3_250_000, of: 128 << 20) == "3.1 MiB of 128 MiB")
        #expect(ByteCountFormat.binary(128 << 20) == "128 MiB")
        #expect(ByteCountFormat.binary(1_610_612_736) == "1.5 GiB")
        #expect(ByteCountFormat.binary(20_000_000) == "19 MiB")
    }
}
