import TerminalScreen
import FeedViewer
import TerminalGraphics
import Vocabulary

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
    /// Bytes a terminal would be sent per frame: the changed cells as SGR-coloured text, plus
    /// every picture escape (kitty transmissions/placements, sixels, iTerm2 images).
    private(set) var frameBytes: [Int] = []
    /// When the first picture was placed, from the screen's creation.
    private(set) var firstPicture: Duration?
    private var images = TerminalImageStore()
    private let created = ContinuousClock.now
    let wakeups: AsyncStream<Void>
    let wake: AsyncStream<Void>.Continuation

    init(size: CellSize, script: ScrollScript) {
        inner = MemoryScreen(size: size)
        self.script = script
        (wakeups, wake) = AsyncStream.makeStream(of: Void.self)
        // As the viewer's screen does: costly encodings off the frame path, an encoding made
        // wakes the loop.
        let wake = self.wake
        images.preparation = PicturePreparation { wake.yield() }
    }

    var hasWaitingPictures: Bool { images.hasWaitingPictures }

    var size: CellSize { inner.size }
    var colorCapability: ColorDepth { inner.colorCapability }

    func put(_ cells: some Collection<ScreenCell>, at point: CellPoint) {
        if frameStart == nil { frameStart = clock.now }
        inner.put(cells, at: point)
    }

    func clear(_ region: CellRect) {
        if frameStart == nil { frameStart = clock.now }
        inner.clear(region)
    }

    func setCursorVisible(_ visible: Bool) { inner.setCursorVisible(visible) }

    func apply(_ changes: FrameChanges) {
        var bytes = 0
        var style = CellStyle.plain
        for run in changes.runs {
            bytes += 8  // cursor address
            for cell in run.cells where !cell.isContinuation {
                if cell.style != style {
                    bytes += FrameText.sgrLength(cell.style)
                    style = cell.style
                }
                bytes += cell.grapheme.utf8.count
            }
        }
        bytes += images.apply(changes).count
        frameBytes.append(bytes)
        if firstPicture == nil, !changes.frame.pictures.isEmpty { firstPicture = ContinuousClock.now - created }
        changes.write(to: self)
    }

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
