import Foundation

/// What one slow-tty run measured: one personality at one link rate.
struct SlowTTYRun {
    var personality: String
    /// The protocol seen in the bytes (`kitty placeholders`, `sixel`, `iTerm2`).
    var protocolSeen: String
    /// Bytes a second the terminal read.
    var rate: Int
    /// Launch → the first screen shown and the link quiet.
    var firstScreen: Duration
    /// Per key, from writing it to the first shown status bar at its row or past it (nil: never).
    var keyFrames: [Duration?]
    /// Bytes read from the first key to the last key's frame (nil: it never came).
    var bytesToLastFrame: Int?
    /// Bytes read from the first key until the link was quiet again.
    var bytesToQuiet: Int
    /// Pictures whose transmission ended after the first key: in full, aborted.
    var transmitted: Int
    var aborted: Int
    /// Pictures transmitted in full after the last key (their whole size, not a lighter version).
    var transmittedAfterLastKey: Int
    /// Lighter versions transmitted in full after the first key.
    var lighter: Int
    /// Pictures shown in the frame the link was quiet on after the keys.
    var onScreen: Int
    /// Whether the link became quiet before the cap.
    var settled: Bool
    /// The semantics audit's violations as the status bar counted them (nil: not shown).
    var auditViolations: Int?

    /// The nearest-rank percentile `p` of the keys' frames (nil when a key got none).
    func percentile(_ p: Double) -> Duration? {
        let frames = keyFrames.compactMap { $0 }
        guard frames.count == keyFrames.count, !frames.isEmpty else { return nil }
        let sorted = frames.sorted()
        return sorted[max(0, min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1))]
    }

    /// The targets that apply at this rate and this run missed.
    var failedTargets: [String] {
        var failed: [String] = []
        if rate <= 100_000, !(percentile(1).map { $0 <= .milliseconds(150) } ?? false) {
            failed.append("a key's frame > 150 ms")
        }
        // The burst: from the first key to the last key's frame.
        if rate >= 2_000_000, (bytesToLastFrame ?? .max) >= 400_000 { failed.append("burst ≥ 400 KB") }
        if transmittedAfterLastKey > onScreen { failed.append("more sent after the keys than on screen") }
        if auditViolations != 0 { failed.append(auditViolations.map { "audit: \($0) violations" } ?? "audit not shown") }
        return failed
    }

    /// One line for the log: the run's own figures.
    var logLine: String {
        let last = (keyFrames.last ?? nil).map { "\(Int($0 / .milliseconds(1))) ms" } ?? "never"
        let p50 = percentile(0.5).map { "\(Int($0 / .milliseconds(1))) ms" } ?? "never"
        let slowest = percentile(1).map { "\(Int($0 / .milliseconds(1))) ms" } ?? "never"
        return "\(personality) \(Self.rateLabel(rate)) (\(protocolSeen)): last key \(last), p50 \(p50), max \(slowest), "
            + "\(bytesToQuiet / 1000) KB to quiet, \(transmitted) sent, \(aborted) aborted, \(transmittedAfterLastKey) after the keys, "
            + "\(onScreen) on screen"
    }

    /// `100 KB/s`, `2 MB/s`.
    static func rateLabel(_ rate: Int) -> String {
        rate >= 1_000_000 && rate % 1_000_000 == 0 ? "\(rate / 1_000_000) MB/s" : "\(rate / 1000) KB/s"
    }
}
