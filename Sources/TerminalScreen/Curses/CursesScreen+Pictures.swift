import TerminalGraphics
import Vocabulary
import CNcurses
#if canImport(Glibc)
import Glibc
#endif

extension CursesScreen {
    /// Writes the changed cells through ncurses, then the escapes the frame's pictures need
    /// (kitty images transmitted once, old ones deleted), after ncurses has flushed its own output.
    public func apply(_ changes: FrameChanges) {
        // A picture drawn over the text (sixel, iTerm2) that moved or went leaves its pixels until
        // text is written over its cells: have ncurses rewrite those lines whole, or the whole
        // screen where its protocol says only clearing takes it away.
        var redrawn = Set<Int>()
        let synchronized = synchronizesFrames && !isClosed
        if synchronized { writeRaw(PrintedFrames.beginSynchronized) }
        defer { if synchronized { writeRaw(PrintedFrames.endSynchronized) } }
        if !isClosed {
            if changes.removed.contains(where: { $0.picture.image?.graphics.erasure == .clearingTheScreen }) {
                // A whole repaint: ncurses clears and redraws every line, and every picture is
                // drawn again.
                clearok(window, true)
                redrawn.formUnion(0..<size.rows)
            } else {
                for old in changes.removed where old.picture.image?.graphics.erasure == .redrawingItsLines {
                    wredrawln(window, Int32(old.visible.origin.row), Int32(old.visible.size.rows))
                    redrawn.formUnion(old.visible.rowRange)
                }
                // ncurses may write a changed line with erase-in-line (`EL`, `EL1`) over the blank
                // cells under a picture drawn over the text, which takes its pixels away too: a
                // line with any changed cell counts as redrawn, and the pictures on it are drawn again.
                redrawn.formUnion(changes.runs.lazy.map(\.origin.row))
            }
        }
        // Placeholder images get their small ids (tmux without RGB) before their cells are drawn.
        images.prepareCells(for: changes.frame.pictures)
        let now = ContinuousClock.now
        let paced = configuration.pacesPictures
        // Crumbs of text (a status bar's update) in flight do not make the link busy.
        let idle = link.inFlight <= TerminalLink.smallAhead
        let before = paced ? ThreadWrites.count() : nil
        // Block art is painted after the text, ncurses holding blanks under it (PaintedCells).
        let rects = PaintedCells.paints(at: colorCapability) ? PaintedCells.rects(in: changes.frame) : []
        let plan = painted.plan(for: changes, painting: rects)
        var textRuns = plan.textRuns
        // The lines ncurses writes on (a whole repaint paints every picture whole anyway).
        var textRows = Set(textRuns.map(\.origin.row)).union(redrawn).union(plan.uncoveredRows)
        if !isClosed, !pairs.fits(newPairs(in: textRuns)) {
            startPairGeneration()
            // Every cell again, each with a pair of the new generation; every line rewritten.
            textRuns = painted.uncoveredRuns(of: changes.frame)
            textRows.formUnion(0..<size.rows)
        }
        if !isClosed {
            for row in plan.uncoveredRows { wredrawln(window, Int32(row), 1) }
        }
        for run in textRuns { put(run.cells, at: run.origin) }
        placeCursor(changes.frame.cursor)
        flush()
        guard !isClosed else { return }
        let paint = PaintedCells.bytes(
            painting: plan.parts(writtenRows: textRows), of: changes.frame.cells, capability: colorCapability, colorNumber: colorNumber)
        if !paint.isEmpty { writeRaw(paint) }
        if let before, let after = ThreadWrites.count() { link.wrote(after - before, at: now) }
        let fast = link.isFast
        let allowance =
            paced ? PictureAllowance(bytes: link.allowance, linkIdle: idle, resting: isResting(at: now), fastLink: fast) : .unlimited
        let bytes = images.apply(changes, redrawnLines: redrawn, allowance: allowance)
        let written = images.takeWrites()
        if paced, !written.isEmpty, link.inFlight <= TerminalLink.smallAhead {
            // A fence with little ahead of it measures the link's own delay.
            writeFence()
        }
        if !bytes.isEmpty { writeRaw(bytes) }
        let redrawing = paced ? ThreadWrites.count() : nil
        redrawArrived(in: changes.frame)
        if let redrawing, let after = ThreadWrites.count() { link.wrote(after - redrawing, at: now) }
        pictureWrites += written
        if paced { measure(bytes.count, pixelsWritten: !written.isEmpty, at: now) }
    }

    /// How many colour combinations the cells of `runs` use that have no pair yet.
    func newPairs(in runs: [FrameChanges.Run]) -> Int {
        guard colorCapability != .none else { return 0 }
        let renames = images.renamesCells
        var seen = Set<ColorPairAllocator.Key>()
        for run in runs {
            for original in run.cells {
                let style = (renames ? images.drawn(original) : original).style
                let key = ColorPairAllocator.Key(foreground: colorNumber(style.foreground), background: colorNumber(style.background))
                if !pairs.contains(foreground: key.foreground, background: key.background) { seen.insert(key) }
            }
        }
        return seen.count
    }

    /// Lets every colour pair go at once: redefining pairs one at a time makes ncurses search
    /// the whole screen for the cells of each (tens of milliseconds for a new photo's thousands
    /// of colours: `feedbench --scenario cull`). The screen is written again line by line, in
    /// place (no clearing, so no flash), with the new pairs.
    func startPairGeneration() {
        reset_color_pairs()
        pairs.reset()
        // reset_color_pairs asks for a cleared screen; rewriting every line in place is enough.
        clearok(cncurses_current_screen(), false)
        wredrawln(window, 0, Int32(size.rows))
    }

    /// Draws again the cells of the pictures that arrived after a stand-in showed in their place.
    private func redrawArrived(in frame: Frame) {
        let keys = Set(images.takeArrived())
        guard !keys.isEmpty else { return }
        for placement in frame.pictures where keys.contains(placement.key) {
            let top = placement.visible.origin.row - placement.origin.row
            let left = placement.visible.origin.column - placement.origin.column
            for row in 0..<placement.visible.size.rows {
                placement.picture.cells.withRow(top + row) { cells in
                    put(
                        cells.dropFirst(left).prefix(placement.visible.size.columns),
                        at: CellPoint(row: placement.visible.origin.row + row, column: placement.visible.origin.column))
                }
            }
        }
        flush()
    }

    /// Pictures' pixels written since the last call, by placement (the semantics audit's record).
    public func takePictureWrites() -> [PictureWrite] {
        defer { pictureWrites.removeAll() }
        return pictureWrites
    }

    /// Whether a picture waits for its encoding (made off the frame path): a frame should be
    /// drawn once it is ready, even with nothing else changed.
    public var hasWaitingPictures: Bool { images.hasWaitingPictures }

    /// Writes bytes to the terminal after everything ncurses buffered.
    /// OSC 52 to the terminal. Inside tmux, tmux itself takes it: `tmux load-buffer -w -` puts
    /// the text in a tmux buffer and sends it on to the outer terminal's clipboard (tmux ignores
    /// an application's own OSC 52 under its default `set-clipboard external`).
    public func copyToClipboard(_ bytes: [UInt8]) {
        if getenv("TMUX") != nil, TmuxClipboard.load(bytes) { return }
        writeRaw(configuration.graphicsTransport.wrap(Clipboard.copy(bytes: bytes)))
    }

    func writeRaw(_ bytes: [UInt8]) {
        fflush(outputFile)
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(configuration.outputDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }
}
