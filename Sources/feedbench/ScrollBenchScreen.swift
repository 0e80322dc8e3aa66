import TerminalUI

/// A `MemoryScreen` that types the scroll script's keys as they fall due, times each frame
/// (from the first cell written after a flush to the flush), and samples, at every key, how
/// much of the screen is still waiting for pictures.
final class ScrollBenchScreen: Screen {
    private let inner: MemoryScreen
    private let script: ScrollScript
    private let clock = ContinuousClock()
    private var issued = 0
    private var frameStart: ContinuousClock.Instant?
    /// Draw time of every frame.
    private(set) var frameTimes: [Duration] = []
    /// Whole frames as the runtime times them: view, diff and write.
    private(set) var renderTimes: [Duration] = []
    /// Asked at every scripted key: visible rows still showing a placeholder, and visible rows.
    var probe: (() -> (waiting: Int, visible: Int))?
    /// Per scripted key, the share of visible rows showing a placeholder.
    private(set) var waitingShares: [Double] = []
    /// A fling's time from its last key to a screen with every visible row's picture (nil: not settled).
    private(set) var settleTime: Duration?
    let wakeups: AsyncStream<Void>
    let wake: AsyncStream<Void>.Continuation

    init(size: TerminalSize, script: ScrollScript) {
        inner = MemoryScreen(size: size)
        self.script = script
        (wakeups, wake) = AsyncStream.makeStream(of: Void.self)
    }

    var size: TerminalSize { inner.size }
    var colorCapability: ColorCapability { inner.colorCapability }

    func put(_ cells: some Collection<ScreenCell>, at point: CellPoint) {
        if frameStart == nil { frameStart = clock.now }
        inner.put(cells, at: point)
    }

    func clear(_ region: CellRect) {
        if frameStart == nil { frameStart = clock.now }
        inner.clear(region)
    }

    func setCursorVisible(_ visible: Bool) { inner.setCursorVisible(visible) }

    func flush() {
        if let frameStart { frameTimes.append(clock.now - frameStart) }
        frameStart = nil
        inner.flush()
    }

    /// Records one whole frame's time (the runtime's frame observer).
    func recordRender(_ duration: Duration) {
        renderTimes.append(duration)
    }

    func readInput(timeout: Duration) -> InputEvent? {
        if script.path == .fling, issued == script.keys.count { return settledQuit() }
        guard issued < script.dueSteps() else { return nil }
        defer { issued += 1 }
        if let (waiting, visible) = probe?(), visible > 0 { waitingShares.append(Double(waiting) / Double(visible)) }
        return .key(.character(script.keys[issued]))
    }

    /// After a fling's last key: `q` once no visible row waits (recording how long that took), or at the limit.
    private func settledQuit() -> InputEvent? {
        guard let lastKey = script.lastKeyDue else { return nil }
        let waited = clock.now - lastKey
        if let (waiting, visible) = probe?(), visible > 0, waiting == 0 {
            settleTime = waited
        } else if waited < script.settleLimit {
            return nil
        }
        script.finish()
        issued += 1
        return .key(.character("q"))
    }
}
