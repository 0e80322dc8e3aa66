@testable import ImageLoading
import Testing

@Suite struct WorkQueueStateTests {
    @Test func runsUpToWidthThenQueues() {
        var queue = WorkQueueState<String>(width: 2)
        #expect(queue.enqueue(1, priority: .normal, waiter: "1") == .run)
        #expect(queue.enqueue(2, priority: .normal, waiter: "2") == .run)
        #expect(queue.enqueue(3, priority: .normal, waiter: "3") == .wait)
        #expect(queue.running == [1, 2])
    }

    @Test func higherPriorityRunsFirstAndFIFOWithinAPriority() {
        // Given a full queue of width 1 and three waiting items
        var queue = WorkQueueState<String>(width: 1)
        _ = queue.enqueue(1, priority: .normal, waiter: "1")
        _ = queue.enqueue(2, priority: .low, waiter: "2")
        _ = queue.enqueue(3, priority: .high, waiter: "3")
        _ = queue.enqueue(4, priority: .low, waiter: "4")
        // Then they run high first, then the lows in arrival order
        #expect(queue.pendingOrder == [3, 2, 4])
        #expect(queue.release(1)?.id == 3)
        #expect(queue.release(3)?.id == 2)
        #expect(queue.release(2)?.id == 4)
        #expect(queue.release(4) == nil)
    }

    @Test func raisingAWaitingItemMovesItAhead() {
        // Given two low items waiting behind a running one
        var queue = WorkQueueState<String>(width: 1)
        _ = queue.enqueue(1, priority: .normal, waiter: "1")
        _ = queue.enqueue(2, priority: .low, waiter: "2")
        _ = queue.enqueue(3, priority: .low, waiter: "3")
        // When the later one is raised
        queue.setPriority(3, to: .veryHigh)
        // Then it runs next
        #expect(queue.pendingOrder == [3, 2])
        #expect(queue.release(1)?.waiter == "3")
    }

    @Test func cancellingRemovesAWaiterAndAnEarlyCancelRefusesTheEnqueue() {
        var queue = WorkQueueState<String>(width: 1)
        _ = queue.enqueue(1, priority: .normal, waiter: "1")
        _ = queue.enqueue(2, priority: .normal, waiter: "2")
        #expect(queue.cancel(2) == "2")
        #expect(queue.pendingOrder.isEmpty)
        #expect(queue.cancel(1) == nil)  // running: left alone
        #expect(queue.cancel(7) == nil)  // not here yet: remembered
        #expect(queue.enqueue(7, priority: .normal, waiter: "7") == .cancelled)
    }
}
