import TerminalKit
import TerminalGraphics
import Vocabulary

/// The bytes a terminal screen reads, turned into input events: the shared grammar
/// (``TerminalInputParser``), the escape delay, and the queue of decoded events. Pure: the
/// screen feeds it bytes and the time; tests feed it whatever a terminal might send.
///
/// A lone ESC waits ``escapeDelay`` for the rest of its sequence — longer while the start-up
/// questions are still unanswered (``outstandingEscapeDelay``, until the fence arrives or
/// ``outstandingLimit`` after the start), so a late reply split after its ESC is still a reply.
/// A sequence left unfinished for ``sequenceTimeout`` is dropped before the next bytes are read,
/// so a broken reply never swallows the keys typed after it. Ctrl-C is an interrupt, Ctrl-Z a
/// suspend (the screen reads in raw mode: no byte raises a signal). Keys typed during the
/// start-up probe come first, in order, as if read here.
///
/// ```swift
/// var input = ScreenInput(escapeDelay: .milliseconds(50))
/// input.feed(Array("\u{1B}P>|kitty(0.47)\u{1B}\\j".utf8), at: .now)
/// input.next()   // .terminalReply(.version("kitty(0.47)"))
/// input.next()   // .key(.character("j"))
/// ```
struct ScreenInput {
    /// How long a lone ESC waits while the start-up questions are unanswered.
    static let outstandingEscapeDelay = Duration.milliseconds(250)
    /// How long after the start the questions count as unanswered at most.
    static let outstandingLimit = Duration.seconds(5)
    /// How long an unfinished sequence is kept without a byte.
    static let sequenceTimeout = Duration.seconds(1)

    private(set) var parser: TerminalInputParser
    /// The usual wait for the rest of a sequence after ESC.
    let normalEscapeDelay: Duration
    private var queued: [InputEvent] = []
    private var lastByte: ContinuousClock.Instant?
    private var outstandingUntil: ContinuousClock.Instant?

    /// Input that starts where `parser` stopped (the probe's, when it gave up before the fence),
    /// with `typedAhead` (what the same grammar decoded as keys while the probe waited) as its
    /// first events; `outstandingSince`: when unanswered questions were asked (nil: none are).
    init(
        escapeDelay: Duration, parser: TerminalInputParser = TerminalInputParser(),
        typedAhead: [TerminalInput] = [], outstandingSince: ContinuousClock.Instant? = nil
    ) {
        normalEscapeDelay = escapeDelay
        self.parser = parser
        queued = typedAhead.compactMap(Self.event(for:))
        outstandingUntil = outstandingSince.map { $0 + Self.outstandingLimit }
    }

    /// Whether replies to the start-up questions are still expected at `now`.
    func repliesOutstanding(at now: ContinuousClock.Instant) -> Bool {
        outstandingUntil.map { now < $0 } ?? false
    }

    /// How long a lone ESC waits at `now`.
    func escapeDelay(at now: ContinuousClock.Instant) -> Duration {
        repliesOutstanding(at: now) ? max(normalEscapeDelay, Self.outstandingEscapeDelay) : normalEscapeDelay
    }

    /// Decodes bytes that arrived at `now`.
    mutating func feed(_ bytes: some Sequence<UInt8>, at now: ContinuousClock.Instant) {
        lastByte = now
        for input in parser.feed(bytes) {
            if let event = Self.event(for: input) { queued.append(event) }
            if case .reply(let reply) = input, reply.isFence { outstandingUntil = nil }
        }
    }

    /// Drops a sequence left unfinished for longer than ``sequenceTimeout`` at `now`.
    mutating func expireStale(at now: ContinuousClock.Instant) {
        guard parser.waiting == .sequence, let lastByte, now - lastByte >= Self.sequenceTimeout else { return }
        _ = parser.expire()
    }

    /// Nothing followed a lone ESC within the delay: it is the Escape key.
    mutating func expireEscape() {
        guard parser.waiting == .escape else { return }
        for input in parser.expire() {
            if let event = Self.event(for: input) { queued.append(event) }
        }
    }

    /// The next decoded event, oldest first.
    mutating func next() -> InputEvent? {
        queued.isEmpty ? nil : queued.removeFirst()
    }

    /// The event one decoded input means to the viewer.
    static func event(for input: TerminalInput) -> InputEvent? {
        switch input {
        case .key(.control("c")): .interrupt(.interrupt)
        case .key(.control("z")): .suspend
        case .key(let key): .key(key)
        case .reply(let reply): .terminalReply(reply)
        case .mouse(let report):
            switch report.action {
            case .wheelUp: report.control ? .mouseZoom(.up) : .mouseWheel(.up)
            case .wheelDown: report.control ? .mouseZoom(.down) : .mouseWheel(.down)
            case .leftPress: .mouseClick(CellPoint(row: report.row, column: report.column))
            case .leftDrag: .mouseDrag(CellPoint(row: report.row, column: report.column))
            case .leftRelease: nil
            }
        }
    }
}
