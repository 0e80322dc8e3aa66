import Foundation

/// One row of the slow-tty table: the runs of one terminal at one link rate. Each figure is the
/// median over the runs (the last key's frame with its range beside it); the keys' percentiles
/// are over every key of every run; a target fails when any run misses it.
struct SlowTTYSummary {
    var runs: [SlowTTYRun]

    static let columns = [
        "terminal", "link", "protocol", "runs", "first screen s", "last key → frame ms", "key → frame p50 ms", "p95 ms", "max ms",
        "KB to last frame", "KB/key", "KB to quiet", "pictures sent", "of them lighter", "aborted", "sent whole after last key", "on screen", "audit", "targets",
    ]

    /// The nearest-rank percentile `p` of every key's frame in every run (nil when a key got none).
    func percentile(_ p: Double) -> Duration? {
        let all = runs.flatMap(\.keyFrames)
        let frames = all.compactMap { $0 }
        guard frames.count == all.count, !frames.isEmpty else { return nil }
        let sorted = frames.sorted()
        return sorted[max(0, min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1))]
    }

    func row() -> [String] {
        guard let first = runs.first else { return [] }
        func milliseconds(_ duration: Duration?) -> String {
            duration.map { String(format: "%.0f", $0 / .milliseconds(1)) } ?? "never"
        }
        func median(_ values: [Double]) -> Double { values.median }
        let lastKeys = runs.map { $0.keyFrames.last ?? nil }
        var lastKey = "never"
        if lastKeys.allSatisfy({ $0 != nil }) {
            let values = lastKeys.compactMap { $0.map { $0 / .milliseconds(1) } }
            lastKey = String(format: "%.0f", median(values))
            if values.count > 1 { lastKey += String(format: " (%.0f–%.0f)", values.min() ?? 0, values.max() ?? 0) }
        }
        let toLastFrame = runs.compactMap(\.bytesToLastFrame)
        let keys = Double(max(1, first.keyFrames.count))
        let lastFrame = toLastFrame.count == runs.count ? String(format: "%.0f", median(toLastFrame.map(Double.init)) / 1000) : "-"
        let perKey = toLastFrame.count == runs.count ? String(format: "%.1f", median(toLastFrame.map(Double.init)) / 1000 / keys) : "-"
        let capped = runs.filter { !$0.settled }.count
        var failures: [String: Int] = [:]
        for run in runs { for target in run.failedTargets { failures[target, default: 0] += 1 } }
        let targets = failures.isEmpty
            ? "pass"
            : "FAIL: " + failures.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value)/\(runs.count) runs)" }.joined(separator: "; ")
        func medianCount(_ value: (SlowTTYRun) -> Int) -> String { String(format: "%g", median(runs.map { Double(value($0)) })) }
        return [
            first.personality, SlowTTYRun.rateLabel(first.rate), Set(runs.map(\.protocolSeen)).sorted().joined(separator: ", "),
            String(runs.count), String(format: "%.1f", median(runs.map { $0.firstScreen / .seconds(1) })), lastKey,
            milliseconds(percentile(0.5)), milliseconds(percentile(0.95)), milliseconds(percentile(1)), lastFrame, perKey,
            String(format: "%.0f", median(runs.map { Double($0.bytesToQuiet) }) / 1000) + (capped > 0 ? " (\(capped) capped)" : ""),
            medianCount(\.transmitted), medianCount(\.lighter), medianCount(\.aborted), medianCount(\.transmittedAfterLastKey), medianCount(\.onScreen),
            runs.allSatisfy { $0.auditViolations == 0 } ? "ok" : runs.map { $0.auditViolations.map(String.init) ?? "?" }.joined(separator: ", "),
            targets,
        ]
    }
}
