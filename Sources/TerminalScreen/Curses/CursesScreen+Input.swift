import CNcurses
import TerminalKit
import TerminalGraphics
#if canImport(Glibc)
import Glibc
import Vocabulary
#endif

extension CursesScreen {
    public func readInput(timeout: Duration) -> InputEvent? {
        let pending = signals.takePending()
        if let termination = pending.termination { return .interrupt(termination) }
        if pending.suspend { return .suspend }
        if pending.resumed {
            reenter()
            return .redraw
        }
        if pending.resize, let event = applyResize(onlyIfChanged: true) { return event }
        if let event = nextEvent() { return event }
        var wait = timeout
        while true {
            let now = ContinuousClock.now
            input.expireStale(at: now)
            let waitFor = input.parser.waiting == .escape ? input.escapeDelay(at: now) : wait
            let count = readBytes(waitingAtMost: waitFor)
            if count > 0 {
                let now = ContinuousClock.now
                inputArrivedAt = min(now, inputWatcher.takeReadyTime() ?? now)
                input.feed(inputBuffer[0..<count], at: now)
            } else if input.parser.waiting == .escape {
                input.expireEscape()
            }
            if let event = nextEvent() { return event }
            if count <= 0 {
                inputWatcher.rearm()
                return nil
            }
            wait = .zero
        }
    }

    /// Reads what the terminal sent, waiting at most `timeout` for the first byte: the number of
    /// bytes in ``inputBuffer`` (0: nothing came; -1: the terminal is gone).
    private func readBytes(waitingAtMost timeout: Duration) -> Int {
        var descriptor = pollfd(fd: configuration.inputDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeout.pollTimeout)
        guard ready > 0 else { return 0 }
        guard descriptor.revents & Int16(POLLIN) != 0 else {
            signals.noteTermination(.hangup)
            return -1
        }
        let count = inputBuffer.withUnsafeMutableBytes { Glibc.read(configuration.inputDescriptor, $0.baseAddress, $0.count) }
        if count == 0 { signals.noteTermination(.hangup) }
        return max(0, count)
    }

    /// Reads the terminal's size and resizes curses to it; `nil` when `onlyIfChanged` and it did not change.
    func applyResize(onlyIfChanged: Bool = false) -> InputEvent? {
        var winsize = winsize()
        if ioctl(configuration.outputDescriptor, UInt(TIOCGWINSZ), &winsize) == 0, winsize.ws_row > 0,
            winsize.ws_col > 0
        {
            let measured = CellSize(columns: Int(winsize.ws_col), rows: Int(winsize.ws_row))
            if onlyIfChanged, measured == size { return nil }
            if measured != CellSize(columns: Int(getmaxx(window)), rows: Int(getmaxy(window))) {
                resizeterm(Int32(winsize.ws_row), Int32(winsize.ws_col))
                wresize(window, Int32(winsize.ws_row), Int32(winsize.ws_col))
            }
        }
        let current = CellSize(columns: Int(getmaxx(window)), rows: Int(getmaxy(window)))
        if onlyIfChanged, current == size { return nil }
        size = current
        return .resize(size)
    }
}
