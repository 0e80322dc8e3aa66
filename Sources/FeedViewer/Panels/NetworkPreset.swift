/// Named shaping for the embedded server, so the loading semantics show themselves: `fast` is
/// the default, `3g` and `edge` are slow enough that scrolling cancels loads part-way through
/// their bodies (and scrolling back resumes them), `flaky` fails, stalls and truncates.
///
/// Bandwidth is per connection and six downloads run at once, so `3g`'s 2.5 KB/s is 15 KB/s
/// in all (a congested 3G link). The numbers are picked for the demonstration: a block-art
/// thumbnail (1–2 KB) takes half a second to arrive after its 300 ms latency and a pixel
/// thumbnail (10–40 KB) several seconds, so paging down five times at a brisk pace leaves
/// loads cut part-way through their bodies, and paging back shows them resume
/// (`TmuxViewerTests.onThreeGPagingAwayCancelsMidBodyAndComingBackResumesAsTheTimelineAndTheTraceShow`).
///
/// ```swift
/// let knobs = NetworkPreset.threeG.knobs      // 300 ms, 2.5 KB/s
/// NetworkPreset(matching: knobs)              // .threeG
/// NetworkPreset(name: "edge")                 // .edge
/// ```
public enum NetworkPreset: String, CaseIterable, Sendable, Hashable {
    case fast
    case threeG = "3g"
    case edge
    case flaky

    /// The preset's name on the command line and in the status bar.
    public var name: String { rawValue }

    /// The preset named `name` (case-insensitive), if any.
    public init?(name: String) {
        guard let preset = Self.allCases.first(where: { $0.rawValue == name.lowercased() }) else { return nil }
        self = preset
    }

    /// The preset whose knobs are exactly `knobs`, if any.
    public init?(matching knobs: ShapingKnobs) {
        guard let preset = Self.allCases.first(where: { $0.knobs == knobs }) else { return nil }
        self = preset
    }

    /// The shaping the preset stands for.
    public var knobs: ShapingKnobs {
        switch self {
        case .fast: ShapingKnobs(latency: .milliseconds(120), bandwidth: 400_000)
        case .threeG: ShapingKnobs(latency: .milliseconds(300), bandwidth: 2_500)
        case .edge: ShapingKnobs(latency: .milliseconds(600), bandwidth: 1_000)
        case .flaky:
            ShapingKnobs(latency: .milliseconds(200), bandwidth: 20_000, failureRate: 0.2, stallRate: 0.1, truncateRate: 0.15)
        }
    }

    /// What the preset is like, for help texts.
    public var summary: String {
        switch self {
        case .fast: "120 ms, 400 KB/s a connection (the default)"
        case .threeG: "300 ms, 2.5 KB/s a connection: scrolling cancels loads mid-body, coming back resumes them"
        case .edge: "600 ms, 1 KB/s a connection: slower still"
        case .flaky: "200 ms, 20 KB/s, 20% failures, 10% stalls, 15% truncated bodies: retries and resumes"
        }
    }

    /// The key that picks the preset in the network panel (`1`…`4`).
    public var key: Character { Character("\((Self.allCases.firstIndex(of: self) ?? 0) + 1)") }

    /// The preset a network-panel key picks.
    public init?(key: Character) {
        guard let preset = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = preset
    }

    /// The status bar's name for `knobs`: a preset's name, else "custom".
    public static func label(for knobs: ShapingKnobs) -> String { NetworkPreset(matching: knobs)?.name ?? "custom" }
}
