public import Vocabulary

/// What a terminal said about itself, gathered from its replies: at start-up, and from any
/// reply that arrives later.
///
/// Pure and incremental: feed the bytes as they arrive (in any pieces), or apply replies the
/// input parser already recognised. The primary device attributes reply (`CSI ? … c`), asked
/// last in each write, is the fence that says every earlier question of that write has been
/// answered or will never be; the replies are complete when every write's fence has come
/// (``askAgain()`` counts one more write). What is not a reply (keys typed while the terminal was being asked) is kept, in order, in
/// ``typedAhead``: the viewer takes it as its first input. A reply is never a key, and a key
/// never a reply: both are read by the one input grammar (``TerminalInputParser``).
///
/// Geometry from a reply is believed only within ``cellWidthRange``, ``cellHeightRange`` and
/// ``textAreaLimit``; anything else is ignored (and noted in ``rejectedGeometry``), so no
/// caller ever divides by a reply or sizes a picture from a hostile one.
///
/// ```swift
/// var replies = TerminalReplies()
/// replies.feed(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4c".utf8))
/// replies.kittyGraphics   // true
/// replies.sixel           // true
/// replies.isComplete      // true
/// ```
public struct TerminalReplies: Sendable {
    /// Cell widths believed, in pixels: from the smallest legible font to a 4K screen's largest.
    public static let cellWidthRange = 2...128
    /// Cell heights believed, in pixels.
    public static let cellHeightRange = 4...256
    /// The largest text area believed, in pixels, either way (a 16K-wide screen).
    public static let textAreaLimit = 16_384
    /// The most keys kept from while the terminal was asked: far more than a user types in the
    /// probe's wait; a terminal pouring noise is not kept whole.
    public static let maximumTypedAhead = 1024

    /// The kitty graphics query was answered OK.
    public private(set) var kittyGraphics = false
    /// The kitty query that reads its pixel from a temporary file (`t=t`) was answered OK: the
    /// terminal sees this machine's files.
    public private(set) var kittyFileTransmission = false
    /// The terminal's name and version (XTVERSION), e.g. `kitty(0.26.5)`, `XTerm(379)`.
    public private(set) var version: String?
    /// One cell's size in pixels (`CSI 16 t`, or `CSI 14 t` divided by the size in cells),
    /// within the believed ranges.
    public private(set) var cellPixels: PixelSize?
    /// Which answer gave ``cellPixels``: the cell itself (`CSI 16 t`) or the text area divided
    /// by the grid (`CSI 14 t`).
    public private(set) var cellPixelsSource: CellPixelsSource?
    /// One cell's size in pixels from the window size the kernel holds for the terminal
    /// (`TIOCGWINSZ`'s pixels divided by its rows and columns), within the believed ranges;
    /// many terminals fill it in without answering `CSI 16 t`.
    public private(set) var windowCellPixels: PixelSize?
    /// The primary device attributes (`CSI ? Ps ; … c`); 4 means sixel.
    public private(set) var deviceAttributes: [Int]?
    /// The secondary device attributes (`CSI > Ps ; … c`): type, version, options.
    public private(set) var secondaryDeviceAttributes: [Int]?
    /// Whether the terminal reported synchronized output (mode 2026) as known.
    public private(set) var synchronizedOutput = false
    /// The largest sixel image the terminal draws (XTSMGRAPHICS), nil when it did not say.
    public private(set) var sixelGeometry: PixelSize?
    /// Keys (and mouse reports) that came among the replies, in order: the user typed ahead,
    /// and whoever reads the terminal next takes them as its first input. At most
    /// ``maximumTypedAhead``; what comes after that is dropped.
    public private(set) var typedAhead: [TerminalInput] = []
    /// Terminfo capabilities the terminal itself reported (XTGETTCAP, `DCS 1 + r name=value ST`),
    /// by name, values decoded from hex: e.g. `RGB` → `8/8/8`, `colors` → `256`.
    public private(set) var capabilities: [String: String] = [:]
    /// Geometry replies that were out of bounds and ignored, described (`cell 0×0 px`).
    public private(set) var rejectedGeometry: [String] = []

    /// How many fences (DA1 replies) came.
    public private(set) var fencesHeard = 0
    /// How many writes ended with a fence.
    public private(set) var fencesAsked = 1

    private var parser = TerminalInputParser()
    private var textAreaPixels: PixelSize?
    private var sizeInCells: (rows: Int, columns: Int)?

    /// Where ``cellPixels`` came from.
    public enum CellPixelsSource: Sendable, Hashable {
        /// `CSI 16 t`: the cell's size.
        case cellReport
        /// `CSI 14 t`: the text area's size, divided by the size in cells.
        case textArea
    }

    /// Nothing heard yet.
    public init() {}

    /// The input grammar's state after the last byte fed: where the next reader goes on from.
    public var inputParser: TerminalInputParser { parser }

    /// Whether every write's fence (device attributes) arrived: nothing more is coming.
    public var isComplete: Bool { fencesHeard >= fencesAsked }

    /// Notes one more write of questions ending with a fence: the replies are complete again
    /// only when its fence comes too.
    public mutating func askAgain() {
        fencesAsked += 1
    }

    /// Whether the terminal draws sixel graphics (device attribute 4).
    public var sixel: Bool { deviceAttributes?.contains(4) ?? false }

    /// Parses more bytes: replies are taken into account, anything else is kept as typed ahead.
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        for input in parser.feed(bytes) {
            if case .reply(let reply) = input {
                apply(reply)
            } else if typedAhead.count < Self.maximumTypedAhead {
                typedAhead.append(input)
            }
        }
    }

    /// Takes one reply into account (from the probe, or late from the viewer's input).
    public mutating func apply(_ reply: TerminalReply) {
        switch reply {
        case .primaryDeviceAttributes(let attributes):
            deviceAttributes = attributes
            fencesHeard += 1
        case .secondaryDeviceAttributes(let attributes):
            secondaryDeviceAttributes = attributes
        case .version(let text):
            version = text
        case .capabilities(let found):
            for (name, value) in found where capabilities.count < 32 || capabilities[name] != nil {
                capabilities[name] = value
            }
        case .unknownCapability, .other:
            break
        case .kittyGraphics(let id, let message):
            guard message == "OK" else { break }
            if id == TerminalQuery.fileQueryID {
                kittyFileTransmission = true
            } else if id == TerminalQuery.graphicsQueryID {
                kittyGraphics = true
            }
        case .modeReport(let mode, let state):
            // DECRPM: 1 set, 2 reset (both: known); 0 not recognised, 4 permanently reset.
            if mode == 2026 { synchronizedOutput = state == 1 || state == 2 }
        case .graphicsAttribute(let item, let status, let values):
            // A larger image than this is dropped whole by xterm (its maxGraphicSize).
            if item == 2, status == 0, values.count >= 2, (1...Self.textAreaLimit).contains(values[0]),
                (1...Self.textAreaLimit).contains(values[1])
            {
                sixelGeometry = PixelSize(width: values[0], height: values[1])
            }
        case .windowReport(let kind, let height, let width):
            switch kind {
            case 6:
                if let cell = Self.believedCell(width: width, height: height) {
                    cellPixels = cell
                    cellPixelsSource = .cellReport
                } else {
                    rejectedGeometry.append("cell \(width)×\(height) px")
                }
            case 4:
                guard (1...Self.textAreaLimit).contains(width), (1...Self.textAreaLimit).contains(height) else {
                    rejectedGeometry.append("text area \(width)×\(height) px")
                    break
                }
                textAreaPixels = PixelSize(width: width, height: height)
                deriveCellPixels()
            default:
                break
            }
        }
    }

    /// Uses the terminal's size in cells to turn a `CSI 14 t` text-area reply into a cell size.
    public mutating func setSizeInCells(rows: Int, columns: Int) {
        guard rows > 0, columns > 0 else { return }
        sizeInCells = (rows, columns)
        deriveCellPixels()
    }

    /// Takes the kernel's window size (`TIOCGWINSZ`): `rows`×`columns` cells, and
    /// `pixelWidth`×`pixelHeight` pixels when the terminal filled them in (0: it did not). The
    /// cells also turn a `CSI 14 t` reply into a cell size; the pixels give
    /// ``windowCellPixels`` when believable (else noted in ``rejectedGeometry``).
    public mutating func setWindowSize(rows: Int, columns: Int, pixelWidth: Int, pixelHeight: Int) {
        setSizeInCells(rows: rows, columns: columns)
        guard rows > 0, columns > 0, pixelWidth > 0, pixelHeight > 0 else { return }
        let width = pixelWidth / columns, height = pixelHeight / rows
        if let cell = Self.believedCell(width: width, height: height) {
            windowCellPixels = cell
        } else {
            rejectedGeometry.append("cell \(width)×\(height) px (from the window size)")
        }
    }

    /// Whether the terminal's own capabilities say it draws 24-bit colour: `RGB` answered, or
    /// `colors` of 2²⁴ or more.
    public var reportsDirectColor: Bool {
        if capabilities["RGB"] != nil { return true }
        if let colors = capabilities["colors"].flatMap({ Int($0) }), colors >= 1 << 24 { return true }
        return false
    }

    /// A cell of `width`×`height` pixels when both are believable.
    public static func believedCell(width: Int, height: Int) -> PixelSize? {
        guard cellWidthRange.contains(width), cellHeightRange.contains(height) else { return nil }
        return PixelSize(width: width, height: height)
    }

    private mutating func deriveCellPixels() {
        guard cellPixels == nil, let area = textAreaPixels, let cells = sizeInCells else { return }
        let width = area.width / cells.columns, height = area.height / cells.rows
        if let cell = Self.believedCell(width: width, height: height) {
            cellPixels = cell
            cellPixelsSource = .textArea
        } else {
            rejectedGeometry.append("cell \(width)×\(height) px (from the text area)")
        }
    }
}
