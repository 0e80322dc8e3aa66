/// The ranges a remote client (`PUT /control/shaping`) may set: no value that would turn the
/// server into a tarpit for everyone else.
///
/// In-process callers (the viewer's network panel) are trusted and only validated by
/// `NetworkShaping.validate()`; stalls are bounded for everyone by `ConnectionLimits.maxStall`.
enum ShapingBounds {
    /// The longest latency: 60 s.
    static let maxLatencyMS: Int64 = 60_000
    /// The slowest bandwidth: 1 KB/s (0 means unlimited).
    static let minBandwidth = 1024

    /// Throws a `PicsumServerError` naming the first key of `patch` out of range.
    static func check(_ patch: NetworkShapingJSON) throws {
        if let latency = patch.latencyMS, !(0...maxLatencyMS).contains(latency) {
            throw PicsumServerError.invalidShaping("latency_ms must be 0…\(maxLatencyMS) (got \(latency))")
        }
        if let bandwidth = patch.bandwidth, bandwidth != 0, bandwidth < minBandwidth {
            throw PicsumServerError.invalidShaping(
                "bandwidth must be 0 (unlimited) or at least \(minBandwidth) bytes per second (got \(bandwidth))")
        }
        let rates = [("failure rate", patch.failureRate), ("stall rate", patch.stallRate), ("truncate rate", patch.truncateRate)]
        for case (let name, let rate?) in rates where !(rate.isFinite && (0...1).contains(rate)) {
            throw PicsumServerError.invalidShaping("\(name) must be between 0 and 1 (got \(rate))")
        }
    }
}
