import Testing
import TerminalScreen

@Suite("Animation timer")
struct AnimationTimerTests {
    private let timer = AnimationTimer(interval: .milliseconds(100))

    @Test func framesArePureFunctionsOfTime() {
        #expect(timer.frame(at: .zero) == 0)
        #expect(timer.frame(at: .milliseconds(99)) == 0)
        #expect(timer.frame(at: .milliseconds(250)) == 2)
        #expect(AnimationTimer(interval: .zero).interval == AnimationTimer.defaultInterval)
    }

    @Test func aDeadlineOnlyWhileSomethingAnimates() {
        #expect(timer.nextDeadline(after: .milliseconds(250), animating: true) == .milliseconds(300))
        #expect(timer.nextDeadline(after: .milliseconds(250), animating: false) == nil)
    }
}
