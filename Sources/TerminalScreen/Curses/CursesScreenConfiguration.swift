
public import TerminalKit
public import TerminalGraphics
public import Vocabulary

/// How a ``CursesScreen`` attaches to its terminal.
public struct CursesScreenConfiguration: Sendable {
    /// The terminfo name; `nil` reads `TERM`.
    public var terminalType: String?
    /// The file descriptor keys are read from.
    public var inputDescriptor: Int32
    /// The file descriptor the screen is drawn on.
    public var outputDescriptor: Int32
    /// Handle SIGINT, SIGTERM, SIGHUP and SIGWINCH (turn off in tests that share the process).
    public var handlesSignals: Bool
    /// Report mouse-wheel notches.
    public var enablesMouse: Bool
    /// Use at most this colour capability (`--colors`); `nil` uses what terminfo offers.
    public var maximumColors: ColorDepth?
    /// How long a lone Escape waits for the rest of a sequence, in milliseconds.
    public var escapeDelayMilliseconds: Int32
    /// How terminal-held images travel (kitty: compressed, files; tmux passthrough).
    public var graphicsTransport: GraphicsTransport
    /// Where the input grammar starts: the probe's parser when it stopped reading mid-reply.
    public var inputParser = TerminalInputParser()
    /// Keys typed while the probe waited (``TerminalReplies/typedAhead``): the first input read.
    public var typedAhead: [TerminalInput] = []
    /// When the start-up questions were asked, if their fence has not arrived yet (a lone ESC
    /// then waits longer: it may begin a late reply).
    public var repliesOutstandingSince: ContinuousClock.Instant?
    /// Whether pictures' costly encodings (a kitty PNG, a sixel palette) are made off the frame
    /// path, each picture drawn on the first frame after its encoding is ready (the viewer);
    /// otherwise a frame makes what it draws (tests that read one frame's bytes).
    public var preparesPicturesOffFrame = false
    /// Whether to clear what was drawn when the screen closes even though the terminfo entry has
    /// an alternate screen: GNU screen's entry has one, but screen ignores it by default
    /// (`altscreen off`). Where the entry has none (`linux`) the screen is cleared anyway.
    public var clearsOnClose = false
    /// Whether pictures keep within a window measured by round trips (``TerminalLink``): after
    /// each picture's pixels a DA1 fence is written, and pixels wait while the bytes not yet
    /// answered fill the window. For terminals that answer DA1 (the probe heard its fence).
    public var pacesPictures = false
    /// DA1 answers the start-up probe asked for and has not heard yet: the first that many are
    /// its, not the fences'.
    public var probeFencesOutstanding = 0

    /// Creates a configuration for the process's standard input and output.
    public init(
        terminalType: String? = nil,
        inputDescriptor: Int32 = 0,
        outputDescriptor: Int32 = 1,
        handlesSignals: Bool = true,
        enablesMouse: Bool = true,
        maximumColors: ColorDepth? = nil,
        escapeDelayMilliseconds: Int32 = 50,
        graphicsTransport: GraphicsTransport = GraphicsTransport()
    ) {
        self.terminalType = terminalType
        self.inputDescriptor = inputDescriptor
        self.outputDescriptor = outputDescriptor
        self.handlesSignals = handlesSignals
        self.enablesMouse = enablesMouse
        self.maximumColors = maximumColors
        self.escapeDelayMilliseconds = escapeDelayMilliseconds
        self.graphicsTransport = graphicsTransport
    }
}
