#if canImport(Glibc)
import Glibc
#endif

/// Asks the terminal about itself once, before the screen takes over: one batched write
/// (``TerminalQuery``), replies read back until the device-attributes fence or a deadline.
///
/// The terminal is put in raw mode for the read and restored after; when the deadline passes
/// with no fence, input is flushed so a late reply cannot reach the key decoder. A terminal that
/// answers nothing costs at most the deadline.
///
/// ```swift
/// let replies = TerminalProbe.ask(input: STDIN_FILENO, output: STDOUT_FILENO)
/// if replies?.kittyGraphics == true { … }
/// ```
public enum TerminalProbe {
    /// The longest wait for the replies.
    public static let defaultDeadline = Duration.milliseconds(200)

    /// The replies, or nil when `input`/`output` is not a terminal. `passthrough`: ask the
    /// terminal outside tmux. `files`: also ask whether the terminal reads this machine's files
    /// (kitty `t=t`), with a one-pixel file written there and removed after.
    public static func ask(
        input: Int32, output: Int32, deadline: Duration = defaultDeadline, passthrough: Bool = false,
        files: (any ImageFileSink)? = nil
    ) -> TerminalReplies? {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_cc.6 = 0  // VMIN
        raw.c_cc.5 = 0  // VTIME
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(input, TCSANOW, &saved) }

        var replies = TerminalReplies()
        var size = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &size) == 0 {
            replies.setSizeInCells(TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col)))
        }
        let filePath = files?.write([0, 0, 0], name: "probe")
        defer { if filePath != nil { files?.removeLeftovers() } }
        guard writeAll(TerminalQuery.bytes(filePath: filePath, passthrough: passthrough), to: output) else { return replies }

        let clock = ContinuousClock()
        let end = clock.now + deadline
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !replies.isComplete {
            let remaining = clock.now.duration(to: end)
            guard remaining > .zero else { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: max(1, remaining.components.attoseconds / 1_000_000_000_000_000 + remaining.components.seconds * 1000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            replies.feed(buffer[0..<count])
        }
        if !replies.isComplete { tcflush(input, TCIFLUSH) }
        return replies
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
