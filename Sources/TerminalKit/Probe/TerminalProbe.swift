#if canImport(Glibc)
import Glibc
#endif

/// Asks the terminal about itself once, before the screen takes over, in two writes
/// (``TerminalQuery``): the identification (XTVERSION, DA2, DA1), then — once its fence has
/// come — only the questions that answer and the environment make safe for the terminal's
/// family (``TerminalFamily``, ``TerminalQuery/Allowed``); replies are read back until the
/// second device-attributes fence or the deadline, which bounds both writes together. When the
/// first fence does not come in time the second write is never sent.
///
/// The terminal is put in raw mode for the read — no echo, no line editing, and no signals from
/// bytes (ISIG and IXON off: a 0x03 or 0x13 inside a reply is data) — and restored after, and
/// SIGINT, SIGTERM, SIGHUP and SIGTSTP are held back meanwhile (``ProbeSignalGuard``; the
/// caller delivers a held one once it has put everything back). When the deadline passes with
/// no fence, nothing is flushed: the replies still on their way are read by whoever reads the
/// terminal next through the same grammar (the viewer's input, or ``awaitLateReplies(input:until:)``),
/// starting from the parser state ``Outcome/replies`` holds, so a reply cut by the deadline is
/// finished, not turned into keys. Keys typed while it waits are kept, in order
/// (``TerminalReplies/typedAhead``): the reader that comes next takes them as its first input.
/// A terminal that answers nothing costs at most the deadline.
///
/// ```swift
/// var guard = ProbeSignalGuard.install()
/// let outcome = TerminalProbe.ask(input: STDIN_FILENO, output: STDOUT_FILENO)
/// guard.deliver()
/// if outcome?.replies.kittyGraphics == true { … }
/// ```
public enum TerminalProbe {
    /// The longest wait for the replies before the screen starts.
    public static let defaultDeadline = Duration.milliseconds(200)

    /// What the probe heard.
    public struct Outcome: Sendable {
        /// The replies, the keys typed meanwhile (``TerminalReplies/typedAhead``), and the
        /// input parser's state where the probe stopped reading.
        public var replies: TerminalReplies
        /// When the questions were written.
        public var askedAt: ContinuousClock.Instant
        /// The terminal's mode before the probe, when replies are still on their way: until
        /// they are read, the terminal is left as it was but without echo (a reply byte arriving
        /// while a command prints would be echoed to the screen as `^[`); restoring this is the
        /// caller's, after the late replies are read.
        public var echoSuppressed: TerminalMode?
    }

    /// The replies, or nil when `input`/`output` is not a terminal. `passthrough`: ask the
    /// terminal outside tmux. `files`: also ask whether the terminal reads this machine's files
    /// (kitty `t=t`), with a one-pixel file written there and removed after. `environment`
    /// names the family before it answers (`TERM`, `STY`, `TMUX`).
    public static func ask(
        input: Int32, output: Int32, deadline: Duration = defaultDeadline, passthrough: Bool = false,
        files: (any ImageFileSink)? = nil, environment: [String: String] = [:]
    ) -> Outcome? {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        guard let mode = RawMode(input) else { return nil }
        var outcome: Outcome?
        defer {
            if let outcome, !outcome.replies.isComplete {
                mode.savedMode.suppressEcho()
            } else {
                mode.restore()
            }
        }

        var replies = TerminalReplies()
        var size = winsize()
        if ioctl(output, UInt(TIOCGWINSZ), &size) == 0 {
            replies.setWindowSize(
                rows: Int(size.ws_row), columns: Int(size.ws_col), pixelWidth: Int(size.ws_xpixel),
                pixelHeight: Int(size.ws_ypixel))
        }
        let clock = ContinuousClock()
        let askedAt = clock.now
        guard writeAll(TerminalQuery.identification(passthrough: passthrough), to: output) else {
            return Outcome(replies: replies, askedAt: askedAt)
        }
        read(input, into: &replies, until: askedAt + deadline)
        if replies.isComplete {
            let family = TerminalFamily.identify(environment: environment, replies: replies)
            let allowed = TerminalQuery.Allowed(family: family, replies: replies, passthrough: passthrough)
            let filePath = allowed.kittyQuery ? files?.write([0, 0, 0], name: "probe") : nil
            defer { if filePath != nil { files?.removeLeftovers() } }
            let questions = TerminalQuery.bytes(filePath: filePath, passthrough: passthrough, allowed: allowed, identify: false)
            if writeAll(questions, to: output) {
                replies.askAgain()
                read(input, into: &replies, until: askedAt + deadline)
            }
        }
        outcome = Outcome(
            replies: replies, askedAt: askedAt, echoSuppressed: replies.isComplete ? nil : mode.savedMode)
        return outcome
    }

    /// Reads on, in raw mode, until the fence arrives or `deadline` passes: for a command that
    /// printed without waiting and must not leave late replies to the shell (which would echo
    /// them). Returns the replies with whatever arrived.
    public static func awaitLateReplies(
        _ replies: TerminalReplies, input: Int32, until deadline: ContinuousClock.Instant
    ) -> TerminalReplies {
        var replies = replies
        guard !replies.isComplete, isatty(input) == 1, let mode = RawMode(input) else { return replies }
        defer { mode.restore() }
        read(input, into: &replies, until: deadline)
        if !replies.isComplete {
            // Past every bound: what still comes must not reach the shell as typed text.
            tcflush(input, TCIFLUSH)
        }
        return replies
    }

    /// Reads replies until the fence, the deadline, or a held-back signal.
    static func read(_ input: Int32, into replies: inout TerminalReplies, until end: ContinuousClock.Instant) {
        let clock = ContinuousClock()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !replies.isComplete {
            let remaining = clock.now.duration(to: end)
            guard remaining > .zero else { return }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, max(1, remaining.pollTimeout))
            if ready < 0 {
                // A signal held back by the guard ends the asking; any other (a resize) does not.
                if errno == EINTR, !ProbeSignalGuard.isPending { continue }
                return
            }
            guard ready > 0, descriptor.revents & Int16(POLLIN) != 0 else {
                if ready > 0 { return }  // hang-up or error
                continue
            }
            let count = Glibc.read(input, &buffer, buffer.count)
            if count < 0, errno == EINTR || errno == EAGAIN { return }
            guard count > 0 else { return }
            replies.feed(buffer[0..<count])
        }
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

/// The probe's terminal mode: no canonical input, echo, signals from bytes (ISIG), extended
/// input processing, flow control (IXON) or CR translation; reads return at once.
struct RawMode {
    private let descriptor: Int32
    private let saved: termios

    /// Switches `descriptor` to the probe's raw mode; nil when it is not a terminal.
    init?(_ descriptor: Int32) {
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        raw.c_cc.6 = 0  // VMIN
        raw.c_cc.5 = 0  // VTIME
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
        self.descriptor = descriptor
        self.saved = saved
    }

    /// The terminal's mode as it was.
    func restore() {
        var mode = saved
        tcsetattr(descriptor, TCSANOW, &mode)
    }

    /// The mode as it was, to put back later.
    var savedMode: TerminalMode { TerminalMode(descriptor: descriptor, saved: saved) }
}

/// A terminal's mode, saved to be put back (``TerminalProbe/Outcome/echoSuppressed``).
public struct TerminalMode: @unchecked Sendable {
    // termios is plain data: copying it across threads is safe.
    private let descriptor: Int32
    private let saved: termios

    init(descriptor: Int32, saved: termios) {
        self.descriptor = descriptor
        self.saved = saved
    }

    /// Puts the mode back.
    public func restore() {
        var mode = saved
        tcsetattr(descriptor, TCSANOW, &mode)
    }

    /// The mode, but without echo (again, after a stop and `fg`).
    public func suppressEcho() {
        var mode = saved
        mode.c_lflag &= ~tcflag_t(ECHO | ECHONL)
        tcsetattr(descriptor, TCSANOW, &mode)
    }
}
