import FoundationEssentials
import Glibc

/// When and how soon a failed download is tried again.
///
/// Transport errors, timeouts, 5xx and 429 are retried with exponential backoff and jitter (a
/// 429's or 503's `Retry-After` wins over the backoff); 4xx and cancellation never are.
///
/// ```swift
/// var policy = RetryPolicy.default
/// policy.maxAttempts = 5
/// ```
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included (1 disables retries).
    public var maxAttempts: Int
    /// The delay before the second attempt.
    public var initialDelay: Duration
    /// Each further delay is the previous one times this.
    public var multiplier: Double
    /// Backoff delays never exceed this.
    public var maxDelay: Duration
    /// Spread of the random jitter, as a fraction of the delay (0.2: ±20 %).
    public var jitter: Double
    /// A `Retry-After` longer than this gives up instead of waiting.
    public var maxRetryAfter: Duration
    /// A random number in 0..<1 (injectable for tests).
    public var random: @Sendable () -> Double

    public init(
        maxAttempts: Int = 3,
        initialDelay: Duration = .milliseconds(500),
        multiplier: Double = 2,
        maxDelay: Duration = .seconds(30),
        jitter: Double = 0.2,
        maxRetryAfter: Duration = .seconds(120),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.multiplier = max(1, multiplier)
        self.maxDelay = maxDelay
        self.jitter = min(1, max(0, jitter))
        self.maxRetryAfter = maxRetryAfter
        self.random = random
    }

    /// Three attempts, 0.5 s then 1 s (±20 %).
    public static var `default`: RetryPolicy { RetryPolicy() }

    /// One attempt only.
    public static var never: RetryPolicy { RetryPolicy(maxAttempts: 1) }

    /// True for failures worth trying again: transport, timeouts, 5xx, 429.
    public static func isRetryable(_ error: ImageLoadError) -> Bool {
        switch error.kind {
        case .transport, .timedOut: return true
        case .httpStatus:
            let status = error.statusCode ?? 0
            return status == 429 || (500..<600).contains(status)
        default: return false
        }
    }

    /// The backoff before attempt `attempt + 1` (attempt counts from 1), jitter applied.
    func backoff(afterAttempt attempt: Int) -> Duration {
        let base = initialDelay * pow(multiplier, Double(max(0, attempt - 1)))
        let capped = min(base, maxDelay)
        let factor = 1 + jitter * (2 * min(max(random(), 0), 1) - 1)
        return capped * factor
    }

    /// Parses `Retry-After`: delta seconds or an HTTP date (relative to `now`).
    static func parseRetryAfter(_ value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingSpaces()
        if let seconds = Int(trimmed) { return seconds >= 0 ? .seconds(seconds) : nil }
        guard let date = HTTPDateParser.date(from: trimmed) else { return nil }
        let seconds = max(0, date.timeIntervalSince(now))
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }
}
