import Testing
@testable import FeedViewer
import TerminalScreen

/// Issue 21 target 3: while rows arrive, the viewer draws at most a frame an interval, and no
/// message goes undrawn.
@Suite("Frame pacer")
struct FramePacerTests {
    @Test func asksWithinTheIntervalJoinOnePutOffFrame() {
        // Given a 16 ms pacer that drew at 0 and, the second of two together, at 1
        var pacer = FramePacer(interval: .milliseconds(16))
        #expect(pacer.ask(at: .zero) == .draw)
        #expect(pacer.ask(at: .milliseconds(1)) == .draw)

        // When batches come at 2, 5 and 11 ms
        // Then the first arms a wait until 17 ms (an interval after the last), and the others join it
        #expect(pacer.ask(at: .milliseconds(2)) == .wait(until: .milliseconds(17)))
        #expect(pacer.ask(at: .milliseconds(5)) == .joined)
        #expect(pacer.ask(at: .milliseconds(11)) == .joined)

        // And the timer draws that one frame, from which the interval counts again
        #expect(pacer.timerFired(at: .milliseconds(17)) == .draw)
        #expect(pacer.ask(at: .milliseconds(20)) == .wait(until: .milliseconds(33)))
    }

    @Test func twoFramesComeTogetherButNeverMoreThanOneAnIntervalForLong() {
        // Given a 16 ms pacer after a quiet while
        var pacer = FramePacer(interval: .milliseconds(16))
        #expect(pacer.ask(at: .milliseconds(100)) == .draw)

        // When a key comes 3 ms after that frame (a decision's stars, then at once the next photo)
        // Then its frame is drawn at once
        #expect(pacer.ask(at: .milliseconds(103)) == .draw)

        // When asks keep coming every millisecond, Then frames follow one an interval
        var drawn: [Duration] = [.milliseconds(100), .milliseconds(103)]
        for millisecond in 104...200 {
            let now = Duration.milliseconds(millisecond)
            let decision = pacer.due.map { now >= $0 ? pacer.timerFired(at: now) : pacer.ask(at: now) } ?? pacer.ask(at: now)
            if decision == .draw { drawn.append(now) }
        }
        #expect(drawn.count <= 2 + 97 / 16 + 1)
        for (earlier, later) in zip(drawn.dropFirst(), drawn.dropFirst(2)) { #expect(later - earlier >= .milliseconds(16)) }
    }

    @Test func aFrameThatWroteNothingDoesNotCount() {
        // Given a frame at 0, and one at 2 that changed nothing on screen
        var pacer = FramePacer(interval: .milliseconds(16))
        #expect(pacer.ask(at: .zero) == .draw)
        #expect(pacer.ask(at: .milliseconds(2)) == .draw)
        pacer.wroteNothing()

        // When a key comes at 3, Then its frame is drawn at once: the second of two together
        #expect(pacer.ask(at: .milliseconds(3)) == .draw)
        // And the next waits an interval after it
        #expect(pacer.ask(at: .milliseconds(4)) == .wait(until: .milliseconds(19)))
    }

    @Test func anAskAfterAQuietIntervalDrawsAtOnce() {
        // Given a pacer whose last frame was long ago
        var pacer = FramePacer(interval: .milliseconds(16))
        #expect(pacer.ask(at: .milliseconds(100)) == .draw)

        // When the next batch comes after the interval, Then it is drawn at once (a key after a pause)
        #expect(pacer.ask(at: .milliseconds(116)) == .draw)
        #expect(pacer.ask(at: .milliseconds(500)) == .draw)
        #expect(pacer.due == nil)
    }

    @Test func aTimerThatWakesEarlyStillDraws() {
        // Given two frames together and one put off until 17 ms
        var pacer = FramePacer(interval: .milliseconds(16))
        _ = pacer.ask(at: .zero)
        _ = pacer.ask(at: .milliseconds(1))
        #expect(pacer.ask(at: .milliseconds(3)) == .wait(until: .milliseconds(17)))

        // When its timer wakes a hair early, Then the frame is drawn all the same
        #expect(pacer.timerFired(at: .microseconds(16_990)) == .draw)
        #expect(pacer.due == nil)
    }

    @Test func aFrameDrawnOutsideThePacingCancelsThePutOffOne() {
        // Given two frames together and a put-off one
        var pacer = FramePacer(interval: .milliseconds(16))
        _ = pacer.ask(at: .zero)
        _ = pacer.ask(at: .milliseconds(1))
        #expect(pacer.ask(at: .milliseconds(4)) == .wait(until: .milliseconds(17)))

        // When a frame is drawn at once (a snapshot settled), Then nothing is due, and the
        // interval counts from that frame; a late timer asks like any batch
        pacer.drew(at: .milliseconds(6))
        #expect(pacer.due == nil)
        #expect(pacer.timerFired(at: .milliseconds(16)) == .wait(until: .milliseconds(22)))
    }

    @Test func aZeroIntervalDrawsEveryAsk() {
        // Given the default of tests on a frozen clock, When batches come at one instant,
        // Then every one is drawn
        var pacer = FramePacer(interval: .zero)
        for _ in 0..<3 { #expect(pacer.ask(at: .zero) == .draw) }
        #expect(FramePacer(interval: .milliseconds(-5)).interval == .zero)
    }
}
