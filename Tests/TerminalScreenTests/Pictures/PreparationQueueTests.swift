import Testing
@testable import TerminalScreen

/// A picture preparation makes one encoding at a time, in the order asked: the state machine
/// that says which starts, driven directly.
@Suite("Preparation queue")
struct PreparationQueueTests {
    @Test func oneEncodingIsMadeAtATimeInTheOrderAsked() {
        // Given a queue making one at a time
        var queue = PreparationQueue<String>(limit: 1)

        // When three are asked for
        let first = queue.ask("a")
        let second = queue.ask("b")
        let third = queue.ask("c")

        // Then the first starts and the others wait, in order
        #expect(first == .start("a") && second == .wait && third == .wait)
        #expect(queue.running == ["a"] && queue.waiting == ["b", "c"])
        // And each one finished starts the next, until none waits
        #expect(queue.finished("a") == .start("b"))
        #expect(queue.finished("b") == .start("c"))
        #expect(queue.finished("c") == .wait)
        #expect(queue.running.isEmpty && queue.waiting.isEmpty)
    }

    @Test func aLargerLimitStartsThatManyAndForgettingStopsAll() {
        // Given a queue making two at a time, with three asked for
        var queue = PreparationQueue<Int>(limit: 2)
        #expect(queue.ask(1) == .start(1) && queue.ask(2) == .start(2) && queue.ask(3) == .wait)

        // When everything is forgotten
        queue.removeAll()

        // Then nothing runs or waits, and the next asked starts
        #expect(queue.running.isEmpty && queue.waiting.isEmpty)
        #expect(queue.finished(1) == .wait)
        #expect(queue.ask(4) == .start(4))
    }
}
