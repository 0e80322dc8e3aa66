/// The embedded server's shaping as the network panel (`n`) shows and steps it.
///
/// A plain value with step functions that clamp; the viewer maps it to and from
/// `PicsumServer.shaping`. Keys (also listed in `keys`): `-`/`+` latency ∓/± 50 ms,
/// `[`/`]` bandwidth halved/doubled (doubling past 64 MB/s means unlimited),
/// `f`/`F` failure rate ∓/± 10 points, `s`/`S` stall rate, `t`/`T` truncate rate ∓/± 5 points.
///
/// ```swift
/// var knobs = ShapingKnobs(latency: .milliseconds(120), bandwidth: 400_000)
/// knobs.step(.latency, up: true)     // 170 ms
/// ```
public struct ShapingKnobs: Hashable, Sendable {
    /// Delay before each response head (0…10 s).
    public var latency: Duration
    /// Body bytes per second per connection (1 KB/s…64 MB/s); nil is unlimited.
    public var bandwidth: Int?
    /// Probability (0…1) that an image request fails.
    public var failureRate: Double
    /// Probability (0…1) that a body stalls part-way.
    public var stallRate: Double
    /// Probability (0…1) that a body is cut short.
    public var truncateRate: Double

    public init(
        latency: Duration = .zero, bandwidth: Int? = nil, failureRate: Double = 0,
        stallRate: Double = 0, truncateRate: Double = 0
    ) {
        self.latency = latency
        self.bandwidth = bandwidth
        self.failureRate = failureRate
        self.stallRate = stallRate
        self.truncateRate = truncateRate
        clamp()
    }

    /// A knob the panel's keys step.
    public enum Knob: CaseIterable, Hashable, Sendable {
        case latency, bandwidth, failureRate, stallRate, truncateRate
    }

    public static let latencyStep = Duration.milliseconds(50)
    public static let maxLatency = Duration.seconds(10)
    public static let minBandwidth = 1_000
    public static let maxBandwidth = 64_000_000
    /// Bandwidth chosen when stepping down from unlimited.
    public static let firstLimitedBandwidth = 8_000_000

    /// Moves one knob one step up or down, clamped.
    public mutating func step(_ knob: Knob, up: Bool) {
        switch knob {
        case .latency:
            latency += up ? Self.latencyStep : .zero - Self.latencyStep
        case .bandwidth:
            switch (bandwidth, up) {
            case (nil, true): break
            case (nil, false): bandwidth = Self.firstLimitedBandwidth
            case (let current?, true): bandwidth = current >= Self.maxBandwidth ? nil : current * 2
            case (let current?, false): bandwidth = current / 2
            }
        case .failureRate: failureRate = Self.stepped(failureRate, by: up ? 0.1 : -0.1)
        case .stallRate: stallRate = Self.stepped(stallRate, by: up ? 0.05 : -0.05)
        case .truncateRate: truncateRate = Self.stepped(truncateRate, by: up ? 0.05 : -0.05)
        }
        clamp()
    }

    /// The knobs after one step.
    public func stepping(_ knob: Knob, up: Bool) -> ShapingKnobs {
        var copy = self
        copy.step(knob, up: up)
        return copy
    }

    /// The key that steps a knob, for dispatch: nil for any other character.
    public static func step(forKey key: Character) -> (knob: Knob, up: Bool)? {
        keys.first { $0.down == key || $0.up == key }.map { ($0.knob, $0.up == key) }
    }

    /// Key pairs (down, up) per knob, in panel order.
    public static let keys: [(knob: Knob, down: Character, up: Character)] = [
        (.latency, "-", "+"), (.bandwidth, "[", "]"), (.failureRate, "f", "F"),
        (.stallRate, "s", "S"), (.truncateRate, "t", "T"),
    ]

    private static func stepped(_ value: Double, by delta: Double) -> Double {
        ((value + delta) * 100).rounded() / 100
    }

    private mutating func clamp() {
        latency = min(max(.zero, latency), Self.maxLatency)
        if let current = bandwidth { bandwidth = min(max(Self.minBandwidth, current), Self.maxBandwidth) }
        failureRate = Self.unit(failureRate)
        stallRate = Self.unit(stallRate)
        truncateRate = Self.unit(truncateRate)
    }

    private static func unit(_ value: Double) -> Double { value.isFinite ? min(1, max(0, value)) : 0 }
}
