import Foundation
@testable import ImageLoading
import Testing

@Suite struct RetryStateTests {
    private let policy = RetryPolicy(initialDelay: .seconds(1), multiplier: 2, jitter: 0.5, random: { 0.5 })

    @Test func transportErrorsRetryWithExponentialBackoffUpToThreeAttempts() {
        var state = RetryState(policy: policy)
        #expect(state.failed(with: .transport("reset")) == .retry(after: .seconds(1), attempt: 2))
        #expect(state.failed(with: .timedOut("idle")) == .retry(after: .seconds(2), attempt: 3))
        #expect(state.failed(with: .transport("reset")) == .giveUp)
    }

    @Test func jitterSpreadsTheDelay() {
        var low = RetryState(policy: RetryPolicy(initialDelay: .seconds(1), jitter: 0.5, random: { 0 }))
        var high = RetryState(policy: RetryPolicy(initialDelay: .seconds(1), jitter: 0.5, random: { 0.999_999 }))
        guard case .retry(let short, _) = low.failed(with: .transport("x")),
            case .retry(let long, _) = high.failed(with: .transport("x"))
        else {
            Issue.record("expected retries")
            return
        }
        #expect(short == .milliseconds(500))
        #expect(long > .milliseconds(1_499) && long <= .milliseconds(1_500))
    }

    @Test(arguments: [500, 502, 503, 429])
    func serverErrorsAndTooManyRequestsAreRetried(status: Int) {
        var state = RetryState(policy: policy)
        #expect(state.failed(with: .httpStatus(status)) == .retry(after: .seconds(1), attempt: 2))
    }

    @Test(arguments: [400, 401, 403, 404, 410])
    func clientErrorsAreNeverRetried(status: Int) {
        var state = RetryState(policy: policy)
        #expect(state.failed(with: .httpStatus(status)) == .giveUp)
    }

    @Test func nonTransportFailuresAreNeverRetried() {
        var state = RetryState(policy: policy)
        #expect(state.failed(with: .tooLarge(bytes: 10, limit: 5)) == .giveUp)
        var other = RetryState(policy: policy)
        #expect(other.failed(with: .decodingFailed("bad")) == .giveUp)
    }

    @Test func retryAfterSecondsIsHonoured() {
        var state = RetryState(policy: policy)
        #expect(state.failed(with: .httpStatus(429), retryAfter: "7") == .retry(after: .seconds(7), attempt: 2))
    }

    @Test func retryAfterHTTPDateIsHonoured() {
        // Given a 503 asking to come back 90 s after "now"
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let later = formatter.string(from: now.addingTimeInterval(90))
        var state = RetryState(policy: policy)
        // Then the retry waits exactly that long
        #expect(state.failed(with: .httpStatus(503), retryAfter: later, now: now) == .retry(after: .seconds(90), attempt: 2))
    }

    @Test func anExcessiveRetryAfterGivesUp() {
        var state = RetryState(policy: policy)
        #expect(state.failed(with: .httpStatus(429), retryAfter: "86400") == .giveUp)
    }

    @Test func aSingleAttemptPolicyNeverRetries() {
        var state = RetryState(policy: .never)
        #expect(state.failed(with: .transport("x")) == .giveUp)
    }
}
