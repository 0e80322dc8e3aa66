@testable import ImageLoading
import Testing

@Suite struct CoalescingStateTests {
    typealias State = CoalescingState<String, Int>

    @Test func firstSubscriberStartsAJobAndOthersJoin() throws {
        // Given an empty stage
        var state = State()
        // When three subscribers ask for one key
        let first = state.subscribe("a", subscriber: 1, priority: .normal, sink: 1)
        let second = state.subscribe("a", subscriber: 2, priority: .low, sink: 2)
        let third = state.subscribe("a", subscriber: 3, priority: .normal, sink: 3)
        // Then one job starts and the others join it without changing its priority
        let jobID = try #require(first.startedJobID, "expected a start, got \(first)")
        #expect(first == .start(jobID: jobID, priority: .normal))
        #expect(second == .join(jobID: jobID, raisedTo: nil))
        #expect(third == .join(jobID: jobID, raisedTo: nil))
        #expect(state.subscriberCount("a") == 3)
    }

    @Test func jobRunsAtTheHighestPriorityAnySubscriberWants() throws {
        // Given a job at low priority
        var state = State()
        let jobID = try #require(state.subscribe("a", subscriber: 1, priority: .low, sink: 1).startedJobID)
        // When a high-priority subscriber joins, then leaves
        let joined = state.subscribe("a", subscriber: 2, priority: .high, sink: 2)
        let left = state.unsubscribe("a", jobID: jobID, subscriber: 2)
        // Then the job rises to high, then falls back to low
        #expect(joined == .join(jobID: jobID, raisedTo: .high))
        #expect(left == .reprioritize(jobID: jobID, .low))
    }

    @Test func settingASubscribersPriorityMovesTheJob() throws {
        var state = State()
        let jobID = try #require(state.subscribe("a", subscriber: 1, priority: .low, sink: 1).startedJobID)
        _ = state.subscribe("a", subscriber: 2, priority: .low, sink: 2)
        #expect(state.setPriority("a", jobID: jobID, subscriber: 2, to: .veryHigh) == .veryHigh)
        #expect(state.setPriority("a", jobID: jobID, subscriber: 1, to: .high) == nil)
        #expect(state.priority("a") == .veryHigh)
    }

    @Test func onlyTheLastSubscriberLeavingCancelsTheJob() throws {
        // Given a job with two subscribers
        var state = State()
        let jobID = try #require(state.subscribe("a", subscriber: 1, priority: .normal, sink: 1).startedJobID)
        _ = state.subscribe("a", subscriber: 2, priority: .normal, sink: 2)
        // When they leave one by one
        let first = state.unsubscribe("a", jobID: jobID, subscriber: 1)
        let second = state.unsubscribe("a", jobID: jobID, subscriber: 2)
        // Then only the second departure cancels, and the key is free for a new job
        #expect(first == .none)
        #expect(second == .cancel(jobID: jobID))
        let newJob = try #require(state.subscribe("a", subscriber: 3, priority: .normal, sink: 3).startedJobID)
        #expect(newJob != jobID)
    }

    @Test func completionDeliversToCurrentSubscribersOnlyOnce() throws {
        var state = State()
        let jobID = try #require(state.subscribe("a", subscriber: 1, priority: .normal, sink: 10).startedJobID)
        _ = state.subscribe("a", subscriber: 2, priority: .normal, sink: 20)
        #expect(state.complete("a", jobID: jobID).sorted() == [10, 20])
        #expect(state.complete("a", jobID: jobID).isEmpty)
        // A stale unsubscribe after completion does nothing
        #expect(state.unsubscribe("a", jobID: jobID, subscriber: 1) == .none)
    }
}

extension CoalescingState.SubscribeAction {
    /// The job a `start` action starts; nil for a `join` (so `try #require` fails the test).
    var startedJobID: Int? {
        if case .start(let jobID, _) = self { jobID } else { nil }
    }
}
