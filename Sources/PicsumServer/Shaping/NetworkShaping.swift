/// How the server degrades its image responses: latency, bandwidth, failures, stalls, truncation.
///
/// Every random choice is derived from `seed`, the request's path and query, and how many
/// times that path has been requested, so a run is reproducible and a retry of a failed
/// request can succeed.
///
/// ```swift
/// var shaping = NetworkShaping()
/// shaping.latency = .milliseconds(120)
/// shaping.bandwidth = 64_000          // bytes per second, per connection
/// shaping.failureRate = 0.1           // one image request in ten answers 503
/// server.shaping.settings = shaping
/// ```
///
/// Image routes (`/id/…`, `/seed/…`) get every knob. `/v2/list`, `/id/{id}/info` and the
/// `/{w}/{h}` redirects get the latency only, so the feed itself always loads.
/// `/control/…` is never shaped.
public struct NetworkShaping: Sendable, Hashable {
    /// Delay before the response head is sent.
    public var latency: Duration
    /// Body bytes per second per connection; nil sends the body at full speed.
    public var bandwidth: Int?
    /// Probability (0…1) that an image request answers 503.
    public var failureRate: Double
    /// Probability (0…1) that an image response sends its head, then nothing until the client leaves.
    public var stallRate: Double
    /// Probability (0…1) that an image response closes the connection part-way through its body.
    public var truncateRate: Double
    /// Seeds every shaping decision.
    public var seed: UInt64

    /// No shaping at all.
    public init(
        latency: Duration = .zero,
        bandwidth: Int? = nil,
        failureRate: Double = 0,
        stallRate: Double = 0,
        truncateRate: Double = 0,
        seed: UInt64 = 0
    ) {
        self.latency = latency
        self.bandwidth = bandwidth
        self.failureRate = failureRate
        self.stallRate = stallRate
        self.truncateRate = truncateRate
        self.seed = seed
    }

    /// True when no knob changes the responses.
    public var isNeutral: Bool {
        latency == .zero && bandwidth == nil && failureRate == 0 && stallRate == 0 && truncateRate == 0
    }

    /// Throws a `PicsumServerError` naming the first knob out of range.
    public func validate() throws {
        if latency < .zero {
            throw PicsumServerError.invalidShaping("latency must not be negative (got \(latency))")
        }
        if let bandwidth, bandwidth <= 0 {
            throw PicsumServerError.invalidShaping("bandwidth must be a positive number of bytes per second (got \(bandwidth))")
        }
        for (name, rate) in [("failure rate", failureRate), ("stall rate", stallRate), ("truncate rate", truncateRate)] {
            guard rate.isFinite, (0...1).contains(rate) else {
                throw PicsumServerError.invalidShaping("\(name) must be between 0 and 1 (got \(rate))")
            }
        }
    }
}

extension NetworkShaping: CustomStringConvertible {
    public var description: String {
        if isNeutral { return "no shaping (seed \(seed))" }
        var parts: [String] = []
        if latency != .zero { parts.append("latency \(latency.milliseconds) ms") }
        if let bandwidth { parts.append("bandwidth \(bandwidth) B/s") }
        if failureRate > 0 { parts.append("failure rate \(failureRate)") }
        if stallRate > 0 { parts.append("stall rate \(stallRate)") }
        if truncateRate > 0 { parts.append("truncate rate \(truncateRate)") }
        parts.append("seed \(seed)")
        return parts.joined(separator: ", ")
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
