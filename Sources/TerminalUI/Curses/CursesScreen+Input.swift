import CNcurses
#if canImport(Glibc)
import Glibc
#endif

extension CursesScreen {
    public func readInput(timeout: Duration) -> InputEvent? {
        let pending = signals.takePending()
        if let termination = pending.termination { return .interrupt(termination) }
        if pending.resize, let event = applyResize(onlyIfChanged: true) { return event }
        setInputTimeout(timeout)
        while true {
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == ERR {
                inputWatcher.rearm()
                return nil
            }
            switch CursesKeyDecoder.decode(isKeyCode: status == KEY_CODE_YES, value: UInt32(value)) {
            case .event(let event):
                return event
            case .mouse:
                var mouse = MEVENT()
                if getmouse(&mouse) == OK,
                    let event = CursesKeyDecoder.decodeMouse(
                        buttonState: UInt32(mouse.bstate), row: Int(mouse.y), column: Int(mouse.x))
                {
                    return event
                }
            case .resize:
                // ncurses queues KEY_RESIZE after resizeterm: report only a size we have not reported.
                if let event = applyResize(onlyIfChanged: true) { return event }
            case .ignored:
                break
            }
            // Something unusable was read: look for more without waiting.
            setInputTimeout(.zero)
        }
    }

    private func setInputTimeout(_ timeout: Duration) {
        let components = timeout.components
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        let clamped = Int32(clamping: max(0, milliseconds))
        if clamped != lastInputTimeout {
            wtimeout(window, clamped)
            lastInputTimeout = clamped
        }
    }

    /// Reads the terminal's size and resizes curses to it; `nil` when `onlyIfChanged` and it did not change.
    private func applyResize(onlyIfChanged: Bool = false) -> InputEvent? {
        var winsize = winsize()
        if ioctl(configuration.outputDescriptor, UInt(TIOCGWINSZ), &winsize) == 0, winsize.ws_row > 0,
            winsize.ws_col > 0
        {
            let measured = TerminalSize(rows: Int(winsize.ws_row), columns: Int(winsize.ws_col))
            if onlyIfChanged, measured == size { return nil }
            if measured != TerminalSize(rows: Int(getmaxy(window)), columns: Int(getmaxx(window))) {
                resizeterm(Int32(winsize.ws_row), Int32(winsize.ws_col))
                wresize(window, Int32(winsize.ws_row), Int32(winsize.ws_col))
            }
        }
        let current = TerminalSize(rows: Int(getmaxy(window)), columns: Int(getmaxx(window)))
        if onlyIfChanged, current == size { return nil }
        size = current
        return .resize(size)
    }
}
