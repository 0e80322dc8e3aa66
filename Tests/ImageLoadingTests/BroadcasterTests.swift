import Foundation
import Synchronization
import Testing
@testable import ImageLoading

/// The pipeline's event fan-out. A subscriber cancelled while values are being sent must never
/// deadlock the sender: seen as a `photofeed snapshot` that hung at its end (the runtime
/// cancelled its event forwarder while a download's events were being sent).
@Suite("Broadcaster", .timeLimit(.minutes(1)))
struct BroadcasterTests {
    @Test func everySubscriberSeesTheValuesInTheOrderSent() async {
        // Given two subscribers
        let broadcaster = Broadcaster<Int>(replaysLast: false)
        let first = broadcaster.stream()
        let second = broadcaster.stream()

        // When values are sent, then the broadcaster finishes
        for value in 0..<100 { broadcaster.send(value) }
        broadcaster.finish()

        // Then each got all of them, in order
        var seen: [[Int]] = []
        for stream in [first, second] {
            var values: [Int] = []
            for await value in stream { values.append(value) }
            seen.append(values)
        }
        #expect(seen == [Array(0..<100), Array(0..<100)])
    }

    @Test func aNewSubscriberGetsTheLastValueFirst() async {
        let broadcaster = Broadcaster<Int>(replaysLast: true, initial: 7)
        broadcaster.send(8)
        let stream = broadcaster.stream()
        broadcaster.send(9)
        broadcaster.finish()
        var values: [Int] = []
        for await value in stream { values.append(value) }
        #expect(values == [8, 9])
    }

    @Test func cancellingSubscribersWhileValuesAreSentNeverDeadlocks() async {
        // Given a sender that never stops, and subscribers whose tasks are cancelled as they
        // wait for its values (a cancellation ends the stream under the task's own lock, and
        // its termination handler takes the broadcaster's)
        let broadcaster = Broadcaster<Int>(replaysLast: false)
        // (on a thread of its own: spinning on the cooperative pool would starve the suites
        // running beside this one)
        let stop = Mutex(false)
        let (stopped, ended) = AsyncStream.makeStream(of: Void.self)
        Thread.detachNewThread {
            var value = 0
            while !stop.withLock({ $0 }) {
                broadcaster.send(value)
                value += 1
            }
            ended.finish()
        }

        // When 5,000 subscribers are started, each cancelled once it has had a value (so it is
        // waiting for the next when the cancellation comes)
        for _ in 0..<5_000 {
            let stream = broadcaster.stream()
            let (started, began) = AsyncStream.makeStream(of: Void.self)
            let subscriber = Task.detached {
                var first = true
                for await _ in stream where first {
                    first = false
                    began.yield()
                    began.finish()
                }
            }
            for await _ in started { break }
            subscriber.cancel()
            await subscriber.value
        }
        stop.withLock { $0 = true }
        for await _ in stopped {}

        // Then every one ended (a deadlock would hang here until the time limit)
        broadcaster.finish()
    }
}
