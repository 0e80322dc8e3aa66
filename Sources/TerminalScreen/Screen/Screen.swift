public import TerminalGraphics
public import Vocabulary
/// A character-cell terminal the viewer draws on and reads input from.
///
/// A screen is confined to the event loop that owns it (one task or actor): it
/// is deliberately not `Sendable`. Drawing is buffered until ``flush()``.
/// Input is drained with ``readInput(timeout:)``; the loop learns *when* to
/// drain from ``wakeups``, so an idle viewer sleeps instead of polling.
///
/// ```swift
/// screen.put([ScreenCell("h"), ScreenCell("i")], at: CellPoint(row: 0, column: 0))
/// screen.flush()
/// while let event = screen.readInput(timeout: .zero) { handle(event) }
/// ```
public protocol Screen: AnyObject {
    /// The current size in cells.
    var size: CellSize { get }

    /// Whether the screen can show 24-bit colour (others map rgb to the 256 palette).
    var colorCapability: ColorDepth { get }

    /// Writes a run of cells starting at `point`, clipped to the screen.
    ///
    /// Continuation cells of wide graphemes are skipped; a wide grapheme that
    /// would straddle the right edge is drawn as a blank.
    func put(_ cells: some Collection<ScreenCell>, at point: CellPoint)

    /// Blanks a region with the default look.
    func clear(_ region: CellRect)

    /// Shows or hides the text cursor.
    func setCursorVisible(_ visible: Bool)

    /// Shows the text cursor at `point` once drawn, or hides it (nil); a frame's
    /// ``Frame/cursor`` comes here before the flush.
    func placeCursor(_ point: CellPoint?)

    /// Makes everything drawn since the last flush visible.
    func flush()

    /// Returns the next input event, waiting at most `timeout`; `nil` when none arrived.
    ///
    /// Pass `.zero` to drain without blocking.
    func readInput(timeout: Duration) -> InputEvent?

    /// Shows the next frame: writes the cells that changed, then whatever the pictures need,
    /// then flushes. Text-only screens take the default, which writes the runs.
    func apply(_ changes: FrameChanges)

    /// Whether a picture waits for an encoding made off the frame path: the next frame should be
    /// applied even when nothing in it changed (false for screens that draw everything at once).
    var hasWaitingPictures: Bool { get }

    /// What the link to the terminal measured (rate, round trip, window), when pictures are
    /// paced by it (``TerminalLink``); nil otherwise.
    var linkReading: TerminalLink.Reading? { get }

    /// Pictures' pixels written since the last call, by placement: what the semantics audit
    /// checks against the rows on screen (empty for screens that write no pixels).
    func takePictureWrites() -> [PictureWrite]

    /// Yields whenever input (a key, a resize, a signal) may be ready to read.
    ///
    /// The stream buffers at most one pending wake-up; after each one, drain
    /// with `readInput(timeout: .zero)` until it returns `nil`.
    var wakeups: AsyncStream<Void> { get }

    /// Gives the terminal back and stops the process until the shell continues it (Ctrl-Z);
    /// screens without a terminal do nothing.
    func suspend()

    /// Asks the terminal to put `bytes` on the clipboard (OSC 52; paths as they are on disk);
    /// screens without a terminal do nothing.
    func copyToClipboard(_ bytes: [UInt8])
}

extension Screen {
    public func suspend() {}

    public func placeCursor(_ point: CellPoint?) {
        setCursorVisible(point != nil)
    }

    public func copyToClipboard(_ bytes: [UInt8]) {}

    public var hasWaitingPictures: Bool { false }

    public var linkReading: TerminalLink.Reading? { nil }

    public func takePictureWrites() -> [PictureWrite] { [] }

    /// Writes the changed runs and flushes (block-art pictures are cells like any other).
    public func apply(_ changes: FrameChanges) {
        changes.write(to: self)
    }

    /// Blanks the whole screen.
    public func clearAll() {
        clear(CellRect(origin: .zero, size: size))
    }

    /// Draws a block of cells with its top-left corner at `origin`, clipped to the screen.
    public func draw(_ block: CellBlock, at origin: CellPoint) {
        for row in 0..<block.size.rows {
            block.withRow(row) { cells in
                put(cells, at: CellPoint(row: origin.row + row, column: origin.column))
            }
        }
    }
}
