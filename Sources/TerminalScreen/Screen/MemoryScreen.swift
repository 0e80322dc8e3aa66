import TerminalText
public import TerminalGraphics
public import Vocabulary
/// A headless screen: a grid of cells in memory, with scripted input.
///
/// Used by tests and by `photofeed snapshot`. Reading input never blocks:
/// when the script is empty, ``readInput(timeout:)`` returns `nil` at once.
///
/// ```swift
/// let screen = MemoryScreen(size: CellSize(columns: 80, rows: 24))
/// screen.draw(block, at: .zero)
/// screen.flush()
/// print(screen.plainText())
/// ```
public final class MemoryScreen: Screen {
    /// The current size.
    public private(set) var size: CellSize
    /// The colour capability reported to views (the grid stores colours as given).
    public let colorCapability: ColorDepth
    /// Whether the cursor is shown.
    public private(set) var isCursorVisible = true
    /// How many times ``flush()`` was called.
    public private(set) var flushCount = 0
    /// What was copied to the clipboard, in order (the bytes).
    public private(set) var clipboardBytes: [[UInt8]] = []
    /// What was copied to the clipboard, in order, as text.
    public var clipboard: [String] { clipboardBytes.map { String(decoding: $0, as: UTF8.self) } }

    public func copyToClipboard(_ bytes: [UInt8]) {
        clipboardBytes.append(bytes)
    }
    /// The pending grid (what has been drawn since creation).
    public private(set) var cells: CellBlock
    /// The grid as of the last ``flush()``: what a user would see.
    public private(set) var visibleCells: CellBlock
    /// The pictures placed by the last frame applied, as a screen that draws pixels would place them.
    public private(set) var placements: [PicturePlacement] = []
    /// Cells written by ``apply(_:)`` so far (a frame that changed nothing writes none).
    public private(set) var cellsWritten = 0
    /// The last frame applied.
    public private(set) var lastFrame: Frame?

    public let wakeups: AsyncStream<Void>
    private let wakeupContinuation: AsyncStream<Void>.Continuation
    private var script: [InputEvent] = []
    private var scriptIndex = 0

    /// Creates a blank screen of `size`.
    public init(size: CellSize, colorCapability: ColorDepth = .truecolor) {
        self.size = size
        self.colorCapability = colorCapability
        self.cells = CellBlock(size: size)
        self.visibleCells = CellBlock(size: size)
        (wakeups, wakeupContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    deinit {
        wakeupContinuation.finish()
    }

    public func put(_ cells: some Collection<ScreenCell>, at point: CellPoint) {
        self.cells.put(cells, at: point)
    }

    public func clear(_ region: CellRect) {
        cells.fill(region, with: .blank)
    }

    public func setCursorVisible(_ visible: Bool) {
        isCursorVisible = visible
    }

    /// Where the cursor was last placed (nil: hidden, or never placed).
    public private(set) var cursor: CellPoint?

    public func placeCursor(_ point: CellPoint?) {
        cursor = point
        isCursorVisible = point != nil
    }

    public func apply(_ changes: FrameChanges) {
        cellsWritten += changes.runs.reduce(0) { $0 + $1.cells.count }
        placements = changes.frame.pictures
        lastFrame = changes.frame
        changes.write(to: self)
    }

    public func flush() {
        visibleCells = cells
        flushCount += 1
    }

    public func readInput(timeout: Duration) -> InputEvent? {
        guard scriptIndex < script.count else { return nil }
        let event = script[scriptIndex]
        scriptIndex += 1
        if scriptIndex == script.count {
            script.removeAll()
            scriptIndex = 0
        }
        if case .resize(let newSize) = event {
            applyResize(newSize)
        }
        return event
    }

    /// Queues input events (read in order by ``readInput(timeout:)``) and wakes the loop.
    public func feed(_ events: [InputEvent]) {
        script += events
        wakeupContinuation.yield()
    }

    /// Queues key presses typed as a string: each character becomes ``Key/character(_:)``.
    public func type(_ keys: String) {
        feed(keys.map { .key(.character($0)) })
    }

    /// Simulates the terminal being resized: queues a ``InputEvent/resize(_:)`` event.
    ///
    /// The grid takes the new size when the event is read, as a real terminal's would.
    public func resize(to newSize: CellSize) {
        feed([.resize(newSize)])
    }

    private func applyResize(_ newSize: CellSize) {
        size = newSize
        var grown = CellBlock(size: newSize)
        grown.paste(cells, at: .zero)
        cells = grown
    }
}
