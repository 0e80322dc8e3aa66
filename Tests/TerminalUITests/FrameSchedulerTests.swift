import Testing
import TerminalUI

@Suite("Frame scheduling")
struct FrameSchedulerTests {
    private let interval = Duration.milliseconds(100)

    @Test func firstFrameIsAFullRedrawThenNothingUntilSomethingChanges() {
        var scheduler = FrameScheduler(animationInterval: interval)
        let first = scheduler.takeFrame(at: .zero)
        #expect(first?.fullRedraw == true && first?.status == true)
        #expect(scheduler.takeFrame(at: .milliseconds(5)) == nil)
        #expect(scheduler.nextDeadline(after: .milliseconds(5)) == nil)
    }

    @Test func changedRowsAreRedrawnOnce() {
        var scheduler = FrameScheduler(animationInterval: interval)
        _ = scheduler.takeFrame(at: .zero)
        scheduler.invalidate(row: 7)
        scheduler.invalidate(rows: [3, 7])
        let frame = scheduler.takeFrame(at: .milliseconds(1))
        #expect(frame == FrameUpdate(fullRedraw: false, rows: [3, 7], status: false, animationFrame: 0))
        #expect(scheduler.takeFrame(at: .milliseconds(2)) == nil)
    }

    @Test func placeholdersTickOncePerIntervalOnlyWhileVisible() {
        // Given a visible placeholder on row 4
        var scheduler = FrameScheduler(animationInterval: interval)
        _ = scheduler.takeFrame(at: .zero)
        scheduler.setAnimating(row: 4, true)
        // Then the loop is asked to wake at the next tick
        #expect(scheduler.nextDeadline(after: .milliseconds(30)) == .milliseconds(100))
        // And within the same tick nothing is drawn
        #expect(scheduler.takeFrame(at: .milliseconds(30)) == nil)
        // When the tick comes, the row is redrawn at the new frame number
        #expect(scheduler.takeFrame(at: .milliseconds(100))?.rows == [4])
        #expect(scheduler.takeFrame(at: .milliseconds(150)) == nil)
        #expect(scheduler.takeFrame(at: .milliseconds(420))?.animationFrame == 4)
        // When the row scrolls away, animation stops and the loop can sleep
        scheduler.retain(visible: 10..<14)
        #expect(!scheduler.isAnimating)
        #expect(scheduler.nextDeadline(after: .milliseconds(500)) == nil)
        #expect(scheduler.takeFrame(at: .milliseconds(900)) == nil)
    }

    @Test func loadedRowStopsAnimating() {
        var scheduler = FrameScheduler(animationInterval: interval)
        _ = scheduler.takeFrame(at: .zero)
        scheduler.setAnimating(row: 1, true)
        scheduler.setAnimating(row: 1, false)
        scheduler.invalidate(row: 1)
        #expect(scheduler.takeFrame(at: .milliseconds(100))?.rows == [1])
        #expect(scheduler.nextDeadline(after: .milliseconds(100)) == nil)
    }

    @Test func resizeForcesAFullRedrawAndStatus() {
        var scheduler = FrameScheduler(animationInterval: interval)
        _ = scheduler.takeFrame(at: .zero)
        scheduler.invalidate(row: 2)
        scheduler.invalidateAll()
        let frame = scheduler.takeFrame(at: .milliseconds(1))
        #expect(frame?.fullRedraw == true && frame?.rows == [] && frame?.status == true)
    }

    @Test func statusOnlyChange() {
        var scheduler = FrameScheduler(animationInterval: interval)
        _ = scheduler.takeFrame(at: .zero)
        scheduler.invalidateStatus()
        #expect(scheduler.hasWork(at: .zero))
        #expect(scheduler.takeFrame(at: .zero) == FrameUpdate(fullRedraw: false, rows: [], status: true, animationFrame: 0))
    }
}
