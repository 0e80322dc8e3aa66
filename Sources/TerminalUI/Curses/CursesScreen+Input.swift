import CNcurses
import Glibc

extension CursesScreen {
    public func readInput(timeout: Duration) -> InputEvent? {
        let pending = signals.takePending()
        if let termination = pending.termination { return .interrupt(termination) }
        if pending.resize { return applyResize() }
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
                if getmouse(&mouse) == OK, let event = CursesKeyDecoder.decodeMouse(buttonState: UInt32(mouse.bstate)) {
                    return event
                }
            case .resize:
                return applyResize()
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

    /// Reads the terminal's new size and resizes curses to it.
    private func applyResize() -> InputEvent {
        var winsize = winsize()
        if ioctl(configuration.outputDescriptor, UInt(TIOCGWINSZ), &winsize) == 0, winsize.ws_row > 0,
            winsize.ws_col > 0
        {
            resizeterm(Int32(winsize.ws_row), Int32(winsize.ws_col))
            wresize(window, Int32(winsize.ws_row), Int32(winsize.ws_col))
        }
        size = TerminalSize(rows: Int(getmaxy(window)), columns: Int(getmaxx(window)))
        return .resize(size)
    }
}
