import TerminalKit
#if canImport(Glibc)
import Glibc
#endif

extension CursesScreen {
    /// DA1: the fence every terminal answers, in order, once it has read what came before.
    static let fence = Array("\u{1B}[c".utf8)

    /// What the link measured, when pictures are paced by it.
    public var linkReading: TerminalLink.Reading? {
        configuration.pacesPictures ? link.reading : nil
    }

    /// Whether no key came for ``PictureAllowance/restInterval`` at `now`.
    func isResting(at now: ContinuousClock.Instant) -> Bool {
        lastInputAt.map { now - $0 >= PictureAllowance.restInterval } ?? true
    }

    /// Counts a frame's picture bytes (`count`) and writes a fence after them when pixels went,
    /// or when pictures wait behind more than crumbs of text in flight that no fence measures
    /// (its answer wakes the loop once they arrived); with pictures waiting for the screen to
    /// rest, wakes the loop when it does.
    func measure(_ count: Int, pixelsWritten: Bool, at now: ContinuousClock.Instant) {
        link.wrote(count, at: now)
        let waiting = images.hasWaitingPictures
        let unmeasured = !link.awaitsAnswer && link.hasUnfencedBytes && link.inFlight > TerminalLink.smallAhead
        if pixelsWritten || (waiting && unmeasured) { writeFence() }
        if waiting, let lastInputAt, !isResting(at: now) { wake(at: lastInputAt + PictureAllowance.restInterval) }
    }

    /// Writes a fence, dated when the write returned (a full terminal makes writes wait).
    func writeFence() {
        writeRaw(Self.fence)
        link.fenced(Self.fence.count, at: .now)
    }

    /// The next event for the viewer: a fence's answer is the link's, not the viewer's; any
    /// other input marks the screen busy.
    func nextEvent() -> InputEvent? {
        while let event = input.next() {
            if case .terminalReply(let reply) = event, reply.isFence {
                // The terminal answers in order: the start-up probe's fences come first.
                if probeFencesOutstanding > 0 {
                    probeFencesOutstanding -= 1
                } else if link.awaitsAnswer {
                    link.answered(at: inputArrivedAt ?? .now)
                    continue
                }
            }
            if case .terminalReply = event {} else { lastInputAt = .now }
            return event
        }
        return nil
    }

    /// Wakes the loop at `instant` (once for each instant, the latest asked).
    private func wake(at instant: ContinuousClock.Instant) {
        if let scheduled = restWakeAt, scheduled >= instant { return }
        restWakeAt = instant
        let continuation = wakeupContinuation
        Task {
            try? await Task.sleep(until: instant, clock: .continuous)
            continuation.yield()
        }
    }
}
