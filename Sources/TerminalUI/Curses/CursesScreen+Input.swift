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
            case .event(.key(.escape)) where status != KEY_CODE_YES:
                // An ESC ncurses did not match to a key: read what follows it whole.
                if let event = readEscapeSequence() { return event }
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

    /// The rest of an escape sequence ncurses passed on as characters (tmux's `ESC [ 1 ~` Home,
    /// a bracketed paste, a late terminal reply): the key it means, Escape when nothing follows
    /// within the escape delay, nil when it means nothing (no part of it becomes a key).
    private func readEscapeSequence() -> InputEvent? {
        var parser = EscapeSequenceParser()
        setInputTimeout(.milliseconds(Int(configuration.escapeDelayMilliseconds)))
        while true {
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == ERR { return parser.finish().map { .key($0) } }
            if status == KEY_CODE_YES {
                // ncurses matched a key of its own: the sequence before it was broken off.
                if case .event(let event) = CursesKeyDecoder.decode(isKeyCode: true, value: UInt32(value)) { return event }
                return nil
            }
            if case .done(let key) = parser.feed(UInt32(value)) { return key.map { .key($0) } }
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
