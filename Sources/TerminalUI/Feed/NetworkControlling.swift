/// The knobs of the embedded server's network shaping, as the network panel shows them.
public struct NetworkKnobs: Hashable, Sendable {
    /// Delay before each response head.
    public var latency: Duration
    /// Body bytes per second per connection; nil is unlimited.
    public var bandwidth: Int?
    /// Probability (0…1) that an image request fails.
    public var failureRate: Double

    /// Creates knobs.
    public init(latency: Duration = .zero, bandwidth: Int? = nil, failureRate: Double = 0) {
        self.latency = latency
        self.bandwidth = bandwidth
        self.failureRate = failureRate
    }

    /// One step of a knob, as the network panel's keys change it.
    public enum Step: Hashable, Sendable {
        /// Latency ±50 ms.
        case latency(up: Bool)
        /// Bandwidth doubled or halved.
        case bandwidth(up: Bool)
        /// Failure rate ±10 points.
        case failureRate(up: Bool)
    }

    /// The knobs after one step, kept in range.
    public func applying(_ step: Step) -> NetworkKnobs {
        var knobs = self
        switch step {
        case .latency(let up):
            knobs.latency = max(.zero, min(.seconds(10), latency + .milliseconds(up ? 50 : -50)))
        case .bandwidth(let up):
            let current = bandwidth ?? 0
            if up {
                knobs.bandwidth = current == 0 ? nil : (current >= 64 << 20 ? nil : current * 2)
            } else {
                knobs.bandwidth = max(1_000, current == 0 ? 8 << 20 : current / 2)
            }
        case .failureRate(let up):
            let points = (failureRate * 10).rounded() + (up ? 1 : -1)
            knobs.failureRate = min(1, max(0, points / 10))
        }
        return knobs
    }
}

/// Reads and changes the embedded server's shaping live (the `n` panel).
public protocol NetworkControlling: Sendable {
    /// The current knobs.
    var knobs: NetworkKnobs { get }
    /// Applies new knobs; returns what is now in force.
    func update(_ knobs: NetworkKnobs) -> NetworkKnobs
}
