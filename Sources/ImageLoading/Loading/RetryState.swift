import FoundationEssentials

/// The retry decisions of one download, as a pure value: count attempts, pick the delay.
struct RetryState: Sendable {
    let policy: RetryPolicy
    /// Attempts that have failed so far.
    private(set) var failedAttempts = 0

    init(policy: RetryPolicy) {
        self.policy = policy
    }

    enum Action: Equatable {
        /// Wait, then make attempt number `attempt`.
        case retry(after: Duration, attempt: Int)
        /// Report the failure.
        case giveUp
    }

    /// Records a failed attempt and decides what comes next.
    ///
    /// - Parameters:
    ///   - retryAfter: the response's `Retry-After` value, if any.
    ///   - now: the wall-clock time, for `Retry-After` dates.
    mutating func failed(with error: ImageLoadError, retryAfter: String? = nil, now: Date = Date()) -> Action {
        failedAttempts += 1
        guard RetryPolicy.isRetryable(error), failedAttempts < policy.maxAttempts else { return .giveUp }
        let status = error.statusCode ?? 0
        if status == 429 || status == 503, let retryAfter,
            let delay = RetryPolicy.parseRetryAfter(retryAfter, now: now)
        {
            guard delay <= policy.maxRetryAfter else { return .giveUp }
            return .retry(after: delay, attempt: failedAttempts + 1)
        }
        return .retry(after: policy.backoff(afterAttempt: failedAttempts), attempt: failedAttempts + 1)
    }
}
