import Dispatch
import Synchronization
import Testing
@testable import TerminalScreen

/// The thread encodings are made on: every job handed over runs, one at a time in the order
/// handed over, and none after the thread is stopped.
@Suite("Preparation thread")
struct PreparationThreadTests {
    @Test(.timeLimit(.minutes(1)))
    func jobsRunOneAfterAnotherInTheOrderHandedOver() async {
        // Given a thread and a stream that hears each job's number
        let thread = PreparationThread()
        let (ran, heard) = AsyncStream.makeStream(of: Int.self)
        let running = Mutex(0)

        // When ten jobs are handed over at once, each checking that none other runs with it
        for index in 0..<10 {
            thread.run {
                let alone = running.withLock { count in
                    count += 1
                    return count == 1
                }
                heard.yield(alone ? index : -1)
                running.withLock { $0 -= 1 }
            }
        }

        // Then all ran, alone, in order
        var order: [Int] = []
        for await index in ran {
            order.append(index)
            if order.count == 10 { break }
        }
        #expect(order == Array(0..<10))
        thread.stop()
    }

    @Test(.timeLimit(.minutes(1)))
    func stoppingDropsTheJobsNotStartedAndRefusesNewOnes() async {
        // Given a thread whose first job waits until the test lets it go, with a second job behind it
        let thread = PreparationThread()
        let (ran, heard) = AsyncStream.makeStream(of: String.self)
        let gate = DispatchSemaphore(value: 0)
        thread.run {
            heard.yield("first")
            gate.wait()
        }
        thread.run { heard.yield("second") }
        var iterator = ran.makeAsyncIterator()
        #expect(await iterator.next() == "first")
        #expect(thread.jobsWaiting == 1)

        // When it is stopped while the first runs, then handed a third
        thread.stop()
        thread.run { heard.yield("third") }

        // Then neither the second nor the third waits to run
        #expect(thread.jobsWaiting == 0)
        gate.signal()
    }
}
