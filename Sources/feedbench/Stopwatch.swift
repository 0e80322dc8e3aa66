/// Times repeated runs of a closure and summarises them.
struct Stopwatch {
    struct Summary: Sendable, Encodable {
        var count: Int
        var medianMs: Double
        var p99Ms: Double
        var meanMs: Double
    }

    /// Runs `body` `warmup` times untimed, then `iterations` times timed.
    static func measure(warmup: Int = 2, iterations: Int, _ body: () throws -> Void) rethrows -> Summary {
        for _ in 0..<warmup { try body() }
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            let elapsed = try clock.measure(body)
            samples.append(elapsed.milliseconds)
        }
        return summarize(samples)
    }

    /// Median, 99th percentile and mean of millisecond samples.
    static func summarize(_ samples: [Double]) -> Summary {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return Summary(count: 0, medianMs: 0, p99Ms: 0, meanMs: 0) }
        let p99Index = min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)
        return Summary(
            count: sorted.count,
            medianMs: sorted[sorted.count / 2],
            p99Ms: sorted[max(0, p99Index)],
            meanMs: sorted.reduce(0, +) / Double(sorted.count)
        )
    }
}

extension Duration {
    /// This duration in milliseconds.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
