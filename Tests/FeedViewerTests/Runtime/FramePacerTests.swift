import Testing
@testable import FeedViewer
import TerminalScreen

/// Issue 21 target 3: while rows arrive, the viewer draws at most a frame an interval, and no
/// message goes undrawn.
@Suite("Frame pacer")
struct FramePacerTests {
    @Test func asksWithinTheIntervalJoinOnePutOffFrame() {
        // Given a 16 ms pacer that drew at 0
        var pacer = FramePacer(interval: .milliseconds(16))
        #expect(pacer.ask(at: .zero) == .draw)

        // When batches come at 2, 5 and 11 ms
        // Then the first arms a wait until 16 ms, and the others join it
        #expect(pacer.ask(at: .milliseconds(2)) == .wait(until: .milliseconds(16)))
        #expect(pacer.ask(at: .milliseconds(5)) == .joined)
        #expect(pacer.ask(at: .milliseconds(11)) == .joined)

        // And the timer draws that one frame, from which the interval counts again
        #expect(pacer.timerFired(at: .milliseconds(16)) == .draw)
        #expect(pacer.ask(at: .milliseconds(20)) == .wait(until: .milliseconds(32)))
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
        // Given a frame put off until 16 ms
        var pacer = FramePacer(interval: .milliseconds(16))
        _ = pacer.ask(at: .zero)
        _ = pacer.ask(at: .milliseconds(3))

        // When its timer wakes a hair early, Then the frame is drawn all the same
        #expect(pacer.timerFired(at: .microseconds(15_990)) == .draw)
        #expect(pacer.due == nil)
    }

    @Test func aFrameDrawnOutsideThePacingCancelsThePutOffOne() {
        // Given a put-off frame
        var pacer = FramePacer(interval: .milliseconds(16))
        _ = pacer.ask(at: .zero)
        _ = pacer.ask(at: .milliseconds(4))

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
