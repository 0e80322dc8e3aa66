import CNcurses
import TerminalKit
import TerminalGraphics
public import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

/// The real terminal, drawn with ncursesw.
///
/// Starts in the UTF-8 locale on the configured terminal (`newterm`, so a
/// missing or unknown terminal is an error value, not an exit), in raw no-echo mode with
/// mouse-wheel and left-click reporting (SGR), on the alternate screen. Input is read as bytes
/// and decoded by ``ScreenInput`` (the grammar of keys and of terminal replies), not by ncurses:
/// a reply that arrives late is a reply, and no byte raises a signal (Ctrl-C and Ctrl-Z are
/// read as keys and mean interrupt and suspend).
/// Colours use pairs allocated on demand (``ColorPairAllocator``), direct
/// colour when terminfo offers it, else the nearest 256-palette entry.
///
/// The terminal is restored by ``close()``, which ``run(configuration:_:)``
/// calls on every exit path (return, thrown error, cancellation); SIGINT and
/// SIGTERM arrive as ``InputEvent/interrupt(_:)`` so the loop can unwind;
/// SIGWINCH arrives as ``InputEvent/resize(_:)``.
///
/// ```swift
/// try await CursesScreen.run { screen in
///     screen.apply(FrameChanges(from: nil, to: frame))
/// }
/// ```
public final class CursesScreen: Screen {
    public internal(set) var size: CellSize
    public let colorCapability: ColorDepth
    /// Whether the locale encodes text as UTF-8 (if not, draw with ``GlyphSet/ascii``).
    public let isUTF8: Bool
    /// One cell's size in pixels as the terminal reports it in its window size (kitty, xterm,
    /// WezTerm and foot fill it in; nil when the terminal leaves it zero).
    public var cellPixelSize: PixelSize? {
        var size = winsize()
        guard ioctl(configuration.outputDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
            size.ws_xpixel > 0, size.ws_ypixel > 0
        else { return nil }
        return TerminalReplies.believedCell(
            width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
    }
    public let wakeups: AsyncStream<Void>

    let configuration: CursesScreenConfiguration
    let window: UnsafeMutablePointer<WINDOW>
    let wakeupContinuation: AsyncStream<Void>.Continuation
    let inputWatcher: InputWatcher
    let signals: TerminalSignalWatcher
    var pairs: ColorPairAllocator
    var colorNumbers: [CellColor: Int32] = [:]
    /// The block art written by the screen itself, and the cells ncurses holds blank under it.
    var painted = PaintedCells()
    /// Colour pairs redefined one at a time (each costs ncurses a pass over the screen), and
    /// the times every pair was let go at once to make room for a frame's colours.
    public var colorPairEvictions: Int { pairs.evictions }
    public var colorPairGenerations: Int { pairs.generations }
    /// Decodes what the terminal sends.
    var input: ScreenInput
    /// Where ``readInput(timeout:)`` reads bytes to.
    var inputBuffer = [UInt8](repeating: 0, count: 4096)
    private let screen: OpaquePointer
    private let inputFile: UnsafeMutablePointer<FILE>
    let outputFile: UnsafeMutablePointer<FILE>
    private var signalInstallation = TerminalSignalWatcher.Installation()
    var isClosed = false
    /// Whether the text cursor is shown (the screen-reader mode places it; otherwise hidden).
    var cursorShown = false
    /// Terminal-held images (kitty graphics) this screen transmitted.
    var images = TerminalImageStore()
    /// The way to the terminal, measured by the fences written after pictures.
    var link = TerminalLink()
    /// When the last key (or click, or wheel notch) was read: pictures that cannot be cut wait
    /// until the screen rests.
    var lastInputAt: ContinuousClock.Instant?
    /// DA1 answers still owed to the start-up probe: they come before any fence's.
    var probeFencesOutstanding = 0
    /// When the input being decoded arrived (a fence's answer is dated by it).
    var inputArrivedAt: ContinuousClock.Instant?
    /// When a wake-up is due for the screen coming to rest with pictures waiting.
    var restWakeAt: ContinuousClock.Instant?
    /// Pictures' pixels written since ``takePictureWrites()``.
    var pictureWrites: [PictureWrite] = []
    /// Wrap each frame in synchronized output (mode 2026), for terminals that said they know it:
    /// the terminal shows the frame whole, so scrolling never flickers.
    public var synchronizesFrames = false

    /// Runs `body` with a screen and restores the terminal however `body` ends.
    public static func run<Result>(
        configuration: CursesScreenConfiguration = CursesScreenConfiguration(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (CursesScreen) async throws -> Result
    ) async throws -> Result {
        let screen = try CursesScreen(configuration: configuration)
        defer { screen.close() }
        return try await body(screen)
    }

    /// Takes over the terminal; throws ``ScreenError`` when there is none usable.
    public init(configuration: CursesScreenConfiguration = CursesScreenConfiguration()) throws(ScreenError) {
        guard isatty(configuration.outputDescriptor) == 1 else { throw .notATerminal }
        guard isatty(configuration.inputDescriptor) == 1 else { throw .inputNotATerminal }
        isUTF8 = Self.selectUTF8Locale()
        let emergency = EmergencyRestore(descriptor: configuration.outputDescriptor)
        let terminalType = configuration.terminalType ?? (getenv("TERM").map { String(cString: $0) } ?? "")
        guard !terminalType.isEmpty else { throw .unknownTerminal("") }

        guard let output = Self.open(configuration.outputDescriptor, mode: "w") else {
            throw .initializationFailed("cannot open the terminal for output (errno \(errno))")
        }
        guard let input = Self.open(configuration.inputDescriptor, mode: "r") else {
            fclose(output)
            throw .initializationFailed("cannot open the terminal for input (errno \(errno))")
        }
        // Keep ncurses from installing its own SIGWINCH handler: resizes come through dispatch.
        let previousWinch = configuration.handlesSignals ? signal(SIGWINCH, SIG_IGN) : nil
        guard let screen = newterm(terminalType, output, input) else {
            if configuration.handlesSignals { signal(SIGWINCH, previousWinch) }
            fclose(output)
            fclose(input)
            throw .unknownTerminal(terminalType)
        }
        set_term(screen)
        // A terminal without cursor addressing (`dumb`) cannot show a screen: refuse, don't scroll.
        guard Self.addressesCursor() else {
            endwin()
            delscreen(screen)
            if configuration.handlesSignals { signal(SIGWINCH, previousWinch) }
            fclose(output)
            fclose(input)
            throw .cannotAddressCursor(terminalType)
        }
        guard let window = newwin(0, 0, 0, 0) else {
            endwin()
            delscreen(screen)
            fclose(output)
            fclose(input)
            throw .initializationFailed("newwin failed")
        }
        let inputWatcher: InputWatcher
        do {
            inputWatcher = try InputWatcher(descriptor: configuration.inputDescriptor)
        } catch {
            delwin(window)
            endwin()
            delscreen(screen)
            fclose(output)
            fclose(input)
            throw error
        }

        self.configuration = configuration
        self.screen = screen
        self.window = window
        self.inputFile = input
        self.outputFile = output
        self.inputWatcher = inputWatcher
        self.signals = TerminalSignalWatcher(emergency: emergency)
        self.images = TerminalImageStore(transport: configuration.graphicsTransport)
        self.input = ScreenInput(
            escapeDelay: .milliseconds(Int(configuration.escapeDelayMilliseconds)), parser: configuration.inputParser,
            typedAhead: configuration.typedAhead, outstandingSince: configuration.repliesOutstandingSince)
        self.size = CellSize(columns: Int(getmaxx(window)), rows: Int(getmaxy(window)))
        self.probeFencesOutstanding = configuration.probeFencesOutstanding
        (wakeups, wakeupContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

        raw()
        noecho()
        nonl()
        leaveok(window, true)
        curs_set(0)
        let capability = Self.startColors(limit: configuration.maximumColors)
        colorCapability = capability
        pairs = ColorPairAllocator(capacity: Self.pairCapacity(for: capability))

        let continuation = wakeupContinuation
        if configuration.preparesPicturesOffFrame {
            // An encoding made wakes the loop, whose next frame draws its picture.
            images.preparation = PicturePreparation { continuation.yield() }
        }
        let signals = self.signals
        inputWatcher.start { @Sendable readiness in
            if readiness == .hangup { signals.noteTermination(.hangup) }
            continuation.yield()
        }
        if configuration.handlesSignals {
            signalInstallation = signals.install { @Sendable in continuation.yield() }
        }
        fflush(outputFile)
        if configuration.enablesMouse { writeRaw(Self.mouseOn) }
    }

    /// Button presses, drags with a button held, and the wheel, reported in the SGR encoding
    /// (any size of screen). 1002 reports motion only while a button is down: no traffic otherwise.
    static let mouseOn = Array("\u{1B}[?1002h\u{1B}[?1006h".utf8)
    static let mouseOff = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8)

    /// Gives the terminal back as it was and stops this process (Ctrl-Z, SIGTSTP); when the shell
    /// continues it, takes the terminal again. The caller draws everything anew.
    public func suspend() {
        guard !isClosed else { return }
        let deletions = images.removeAll()
        if !deletions.isEmpty { writeRaw(deletions) }
        if configuration.enablesMouse { writeRaw(Self.mouseOff) }
        set_term(screen)
        endwin()
        fflush(outputFile)
        // SIGTSTP itself is caught (to get here); SIGSTOP stops the process the same way. Sent to
        // this thread (SIGSTOP cannot be blocked), so it stops before the next line runs: sent to
        // the process, this thread could take the terminal again before the stop took effect.
        raise(SIGSTOP)
        reenter()
    }

    /// Takes the terminal again after a stop: raw mode, the alternate screen, the mouse, and a
    /// full repaint on the next frame.
    func reenter() {
        guard !isClosed else { return }
        set_term(screen)
        reset_prog_mode()
        raw()
        noecho()
        clearok(window, true)
        wrefresh(window)
        if configuration.enablesMouse { writeRaw(Self.mouseOn) }
    }

    deinit {
        close()
    }

    /// Gives the terminal back: leaves curses mode and the alternate screen, restores signals. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        images.preparation?.cancelAll()
        let deletions = images.removeAll()
        if !deletions.isEmpty { writeRaw(deletions) }
        if configuration.enablesMouse { writeRaw(Self.mouseOff) }
        inputWatcher.stop()
        signalInstallation.uninstall()
        set_term(screen)
        if configuration.clearsOnClose || !Self.hasAlternateScreen() {
            // No alternate screen to leave: what was drawn would stay, the prompt on the status
            // line. Clear it; the cursor ends on the bottom line, which is empty.
            wclear(window)
            wrefresh(window)
        }
        delwin(window)
        endwin()
        delscreen(screen)
        fflush(outputFile)
        fclose(outputFile)
        fclose(inputFile)
        wakeupContinuation.finish()
    }

    /// Whether the current terminfo entry switches to an alternate screen (`smcup`).
    static func hasAlternateScreen() -> Bool {
        guard let start = tigetstr("smcup"), Int(bitPattern: start) != -1 else { return false }
        return start.pointee != 0
    }

    public func flush() {
        guard !isClosed else { return }
        wnoutrefresh(window)
        doupdate()
    }

    public func setCursorVisible(_ visible: Bool) {
        guard !isClosed else { return }
        curs_set(visible ? 1 : 0)
        leaveok(window, !visible)
        cursorShown = visible
    }

    /// Shows the cursor at `point` when the next refresh writes the screen (ncurses leaves the
    /// terminal's cursor where the window's is), or hides it.
    public func placeCursor(_ point: CellPoint?) {
        guard !isClosed else { return }
        guard let point else {
            if cursorShown { setCursorVisible(false) }
            return
        }
        if !cursorShown { setCursorVisible(true) }
        let row = min(max(0, point.row), size.rows - 1)
        let column = min(max(0, point.column), size.columns - 1)
        wmove(window, Int32(row), Int32(column))
    }

    public func clear(_ region: CellRect) {
        let clipped = region.clamped(to: CellRect(origin: .zero, size: size))
        let blanks = Array(repeating: ScreenCell.blank, count: clipped.size.columns)
        for row in clipped.rowRange {
            put(blanks, at: CellPoint(row: row, column: clipped.origin.column))
        }
    }

    /// Opens a stdio stream on a duplicate of `descriptor`, so closing it leaves the original open.
    private static func open(_ descriptor: Int32, mode: String) -> UnsafeMutablePointer<FILE>? {
        let duplicate = dup(descriptor)
        guard duplicate >= 0 else { return nil }
        guard let file = fdopen(duplicate, mode) else {
            Glibc.close(duplicate)
            return nil
        }
        return file
    }

    /// Sets the locale from the environment; falls back to C.UTF-8 when that is not UTF-8.
    /// Whether the user's locale says the terminal takes UTF-8. Either way ncurses gets a
    /// UTF-8 character type when one exists (C.UTF-8), so wide text is measured right; but under
    /// `LANG=C` the viewer draws with ASCII glyphs and symbols, as `show` does.
    private static func selectUTF8Locale() -> Bool {
        setlocale(LC_ALL, "")
        if isUTF8Codeset() { return true }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        return false
    }

    /// Whether the current terminal's terminfo entry can move the cursor (`cup`).
    private static func addressesCursor() -> Bool {
        guard let cup = tigetstr("cup") else { return false }
        return Int(bitPattern: cup) != -1
    }

    private static func isUTF8Codeset() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
