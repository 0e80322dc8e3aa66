import Testing
@testable import TerminalScreen

/// The link measured by round trips: the bytes in flight, the rate and the link's own delay
/// from the fences' answers, and the window that follows them.
@Suite("Terminal link")
struct TerminalLinkTests {
    let start = ContinuousClock.now

    private func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func theWindowStartsSmallAndCountsWhatIsInFlight() {
        // Given a new link
        var link = TerminalLink()
        // Then pictures may write the initial window
        #expect(link.allowance == TerminalLink.initialWindow)
        // When 3,000 bytes are written and fenced
        link.wrote(3_000, at: at(0))
        link.fenced(3, at: at(0))
        // Then 3,003 are in flight, the allowance is what is left, and an answer is awaited
        #expect(link.inFlight == 3_003)
        #expect(link.allowance == TerminalLink.initialWindow - 3_003)
        #expect(link.awaitsAnswer)
        #expect(!link.hasUnfencedBytes)
        // When the fence is answered, nothing is in flight
        link.answered(at: at(30))
        #expect(link.inFlight == 0)
        #expect(!link.awaitsAnswer)
    }

    @Test func aSlowLinkGetsAWindowOfItsRateTimesTheQueueingDelay() throws {
        // Given a link that carries 100 KB/s with no delay of its own: 60 KB arrive in 600 ms
        var link = TerminalLink()
        link.wrote(59_997, at: at(0))
        link.fenced(3, at: at(0))
        link.answered(at: at(600))
        // Then the rate is 100 KB/s and the round trip 600 ms
        let reading = link.reading
        #expect(try #require(reading.rate).rounded() == 100_000)
        #expect(reading.roundTrip == .milliseconds(600))
        // And the window is what the link carries in the queueing delay (25 ms): 2,500 bytes
        #expect(link.window == 2_500)
    }

    @Test func aDistantFastLinkGetsItsRateTimesItsDelayAndTheQueueingDelay() throws {
        // Given a link 100 ms away that carries 10 MB/s: a window written after a fence with
        // nothing ahead of it (the link's own delay) and fenced, whose bytes arrive 0.8 ms apart
        var link = TerminalLink()
        let start = self.start
        let bytes = link.allowance
        link.fenced(3, at: start)
        link.wrote(bytes - 6, at: start)
        link.fenced(3, at: start)
        link.answered(at: start + .milliseconds(100))
        link.answered(at: start + .microseconds(100_000 + bytes * 1_000_000 / 10_000_000))
        // Then the rate is 10 MB/s, and the window what the link carries in its own delay and
        // the queueing delay: 10 MB/s × 125 ms
        #expect(abs(try #require(link.reading.rate) - 10_000_000) < 10_000)
        #expect(abs(link.window - 1_250_000) < 2_000, "\(link.window)")
    }

    @Test func aFullWindowAnsweredWithNoQueueDoublesUntilARateIsMeasured() {
        // Given answers that always arrive together (dated alike), 20 ms after their fences
        var link = TerminalLink()
        var windows: [Int] = []
        for round in 0..<3 {
            let time = round * 100
            link.fenced(3, at: at(time))
            link.wrote(link.allowance - 3, at: at(time))
            link.fenced(3, at: at(time))
            link.answered(at: at(time + 20))
            link.answered(at: at(time + 20))
            windows.append(link.window)
        }
        // Then no rate is measured, and each full window answered without a queue doubles it
        #expect(link.reading.rate == nil)
        #expect(windows == [16_384, 32_768, 65_536])
    }

    @Test func aLateAnswerWithNoFenceOutChangesNothing() {
        // Given a link with nothing fenced
        var link = TerminalLink()
        link.wrote(500, at: at(0))
        // When a DA1 answer arrives (a late reply to the start-up questions)
        link.answered(at: at(10))
        // Then the bytes are still in flight and nothing was measured
        #expect(link.inFlight == 500)
        #expect(link.reading.rate == nil)
        #expect(link.hasUnfencedBytes)
    }

    @Test func aSampleFromAWindowNotFilledNeverLowersTheRate() throws {
        // Given a link measured at 100 KB/s with a full window
        var link = TerminalLink()
        link.wrote(59_997, at: at(0))
        link.fenced(3, at: at(0))
        link.answered(at: at(600))
        // When a fence after 97 bytes of text takes 100 ms (the terminal was busy drawing)
        link.wrote(97, at: at(1_000))
        link.fenced(3, at: at(1_000))
        link.answered(at: at(1_100))
        // Then the rate stays 100 KB/s
        #expect(try #require(link.reading.rate).rounded() == 100_000)
    }
}
