/// What shaping does to one request, decided before any byte is sent.
enum ShapingFate: Sendable, Hashable, CustomStringConvertible {
    /// Answer normally (latency and bandwidth still apply).
    case deliver
    /// Answer 503 without rendering anything.
    case fail
    /// Send the head, then nothing until the client goes away.
    case stall
    /// Send this fraction (0 < f < 1) of the body, then close the connection.
    case truncate(fraction: Double)

    var description: String {
        switch self {
        case .deliver: "deliver"
        case .fail: "fail"
        case .stall: "stall"
        case .truncate(let fraction): "truncate at \(Int(fraction * 100))%"
        }
    }

    /// The fate of the `attempt`-th request (0 for the first) for `target` (path and query).
    ///
    /// Pure: the same seed, target and attempt give the same fate. Failure is decided first,
    /// then stall, then truncation, each from its own hash stream.
    static func decide(target: String, attempt: Int, shaping: NetworkShaping) -> ShapingFate {
        var hash = StableHash(seed: shaping.seed)
        hash.combine(target)
        hash.combine(attempt)
        if hash.unit(1) < shaping.failureRate { return .fail }
        if hash.unit(2) < shaping.stallRate { return .stall }
        if hash.unit(3) < shaping.truncateRate { return .truncate(fraction: 0.1 + 0.8 * hash.unit(4)) }
        return .deliver
    }
}
