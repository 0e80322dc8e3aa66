import FoundationEssentials

/// The JSON form used by `GET/PUT /control/shaping`:
/// `{"latency_ms": 120, "bandwidth": 64000, "failure_rate": 0.1, "stall_rate": 0, "truncate_rate": 0, "seed": 7}`.
/// `bandwidth` 0 or null means unlimited. A PUT may carry any subset of the keys.
struct NetworkShapingJSON: Codable, Sendable, Equatable {
    var latencyMS: Int64?
    var bandwidth: Int?
    var failureRate: Double?
    var stallRate: Double?
    var truncateRate: Double?
    var seed: UInt64?

    enum CodingKeys: String, CodingKey {
        case latencyMS = "latency_ms"
        case bandwidth
        case failureRate = "failure_rate"
        case stallRate = "stall_rate"
        case truncateRate = "truncate_rate"
        case seed
    }

    init(_ shaping: NetworkShaping) {
        latencyMS = shaping.latency.milliseconds
        bandwidth = shaping.bandwidth ?? 0
        failureRate = shaping.failureRate
        stallRate = shaping.stallRate
        truncateRate = shaping.truncateRate
        seed = shaping.seed
    }

    /// `shaping` with every key present in this patch replaced.
    func applied(to shaping: NetworkShaping) -> NetworkShaping {
        var result = shaping
        if let latencyMS { result.latency = .milliseconds(latencyMS) }
        if let bandwidth { result.bandwidth = bandwidth == 0 ? nil : bandwidth }
        if let failureRate { result.failureRate = failureRate }
        if let stallRate { result.stallRate = stallRate }
        if let truncateRate { result.truncateRate = truncateRate }
        if let seed { result.seed = seed }
        return result
    }

    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding a struct of numbers cannot fail.
        return (try? Array(encoder.encode(self))) ?? Array("{}".utf8)
    }

    static func decode(_ bytes: [UInt8]) throws -> NetworkShapingJSON {
        do {
            return try JSONDecoder().decode(NetworkShapingJSON.self, from: Data(bytes))
        } catch {
            throw PicsumServerError.invalidShaping(
                "the body is not a shaping JSON object (keys: latency_ms, bandwidth, failure_rate, stall_rate, truncate_rate, seed)")
        }
    }
}
