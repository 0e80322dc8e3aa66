public import TerminalKit
public import Vocabulary

/// A way a terminal draws real pixels: kitty's graphics protocol placed directly or through
/// Unicode placeholders, sixel, iTerm2 inline images. One type per protocol owns everything
/// that is particular to it — its name, how its pixels are sized, the bytes that draw a picture
/// on a screen and in printed output, how a picture is taken away, and which answers from the
/// terminal select it — so the viewer, `show` and `show --grid` all draw through the same
/// code, and a new protocol is one new file and one line in ``GraphicsProtocols/all``.
///
/// A screen keeps what is common (``TerminalImageStore``: which images the terminal holds,
/// the cursor moved to a picture's cell and back, the encodings cached); the protocol answers
/// only with bytes, so every conformer is pure and tested on its own.
///
/// ```swift
/// let sixel = GraphicsProtocols.named("sixel")!
/// let image = TerminalImage(bitmap: bitmap, cells: CellSize(columns: 20, rows: 10), graphics: sixel)
/// let bytes = sixel.printed(image, transport: GraphicsTransport(), lineBreak: .newline)
/// ```
public protocol GraphicsProtocol: Sendable {
    /// The name `--graphics` takes ("kitty", "kitty-placeholders", "sixel", "iterm").
    var name: String { get }
    /// What the protocol is and where it works, for `--graphics`'s help.
    var summary: String { get }
    /// The name the status line uses for the pictures ("kitty" for both of kitty's placements).
    var family: String { get }
    /// The fewest colours the screen must draw: placeholder cells name their image by a colour.
    var minimumColors: ColorDepth { get }
    /// How a picture that moved or went is taken off the screen.
    var erasure: GraphicsErasure { get }
    /// Whether the terminal holds the pixels under the image's id once transmitted
    /// (``transmit(_:transport:)``), to be released when off screen (``release(_:transport:)``).
    var holdsImages: Bool { get }
    /// Whether the picture's cells name its image by their colour (kitty placeholders): the
    /// screen may rename them to small palette ids (``IndexedImageIDs``).
    var namesImageInCells: Bool { get }

    /// The pixel size to ask the pipeline for, for a photo of `imageSize` (nil: unknown) shown in
    /// `box` of cells `cellPixels` large.
    func pixelSize(forImage imageSize: PixelSize?, in box: CellSize, cellPixels: PixelSize) -> PixelSize
    /// The picture's text cells: placeholders that name the image, or blanks the pixels cover.
    func cells(for image: TerminalImage) -> CellBlock
    /// The bytes that make the terminal hold `image` (sent once per image); empty when the
    /// protocol holds nothing.
    func transmit(_ image: TerminalImage, transport: GraphicsTransport) -> [UInt8]
    /// ``transmit(_:transport:)``, taking what ``prepare(_:transport:)`` made from `cache`
    /// when it is there (and leaving it there no longer: it is sent once).
    func transmit(_ image: TerminalImage, transport: GraphicsTransport, cache: inout GraphicsEncodingCache) -> [UInt8]
    /// Whether drawing an image has a costly part that is the same wherever it is drawn (a
    /// PNG, a palette), made by ``prepare(_:transport:)``: a screen makes it off the frame path
    /// and draws the picture once it is ready.
    var preparesOffFrame: Bool { get }
    /// That costly part for `image`, on any thread (nil when there is none). The screen keeps it
    /// in its ``GraphicsEncodingCache`` under this protocol and the image's id, where
    /// ``transmit(_:transport:cache:)`` and ``encode(_:at:visible:placementID:transport:cache:)`` find it.
    func prepare(_ image: TerminalImage, transport: GraphicsTransport) -> (any Sendable)?
    /// The bytes that draw the visible part of `image` on a screen, written with the cursor at
    /// `visible`'s top-left cell; `origin` is where the whole picture's top-left cell would be,
    /// `placementID` names this slot of the frame. Costly encodings are kept in `cache`.
    func encode(
        _ image: TerminalImage, at origin: CellPoint, visible: CellRect, placementID: UInt32,
        transport: GraphicsTransport, cache: inout GraphicsEncodingCache
    ) -> [UInt8]
    /// The bytes that take one placement away (``GraphicsErasure/command``); empty otherwise.
    func erase(_ image: TerminalImage, placementID: UInt32, transport: GraphicsTransport) -> [UInt8]
    /// The bytes that free the pixels the terminal holds under `imageID`.
    func release(_ imageID: UInt32, transport: GraphicsTransport) -> [UInt8]
    /// The bytes that print `image` at the cursor and leave the cursor after it, as a command
    /// that prints pictures does (`photofeed show`, each box of `show --grid`).
    func printed(_ image: TerminalImage, transport: GraphicsTransport, lineBreak: PrintedLineBreak) -> [UInt8]
    /// Whether ``printed(_:transport:lineBreak:)`` (with a newline) depends on the pixels and
    /// cells alone, never on the transport or the terminal, so its bytes can be kept and printed
    /// again (sixel, iTerm2; default false).
    var printsPixelsAlone: Bool { get }

    /// How well the terminal's answers select this protocol for `--graphics auto`.
    func support(in terminal: GraphicsAnswers) -> GraphicsSupport
    /// The protocol used, and why, when the user names this one (inside tmux only kitty's
    /// placeholders can show, so naming kitty there gives them).
    func asked(insideTmux: Bool) -> GraphicsSelection
}

/// How a picture is taken off the screen when it moves or goes.
public enum GraphicsErasure: Hashable, Sendable {
    /// Its cells are text that names it (kitty placeholders): writing other text over them is all.
    case withItsCells
    /// The terminal places it and a command takes the placement away (kitty, placed directly).
    case command
    /// It is drawn into the cells after the text and stays until text is written over them (sixel):
    /// the screen rewrites the lines it covered.
    case redrawingItsLines
    /// Some terminals keep it through text written over it (iTerm2 images in Konsole): only
    /// clearing the screen takes it away.
    case clearingTheScreen
}

/// How the lines of a printed picture made of text (kitty placeholders) are separated.
public enum PrintedLineBreak: Sendable {
    /// A newline: the picture is printed on its own (it may scroll the terminal).
    case newline
    /// A cursor move down and back: the picture is placed in a box a grid made room for.
    case cursorMove
}

/// What the start-up probe learned, as a protocol weighs it.
public struct GraphicsAnswers: Sendable {
    /// What the terminal answered.
    public var replies: TerminalReplies
    /// The environment variables the choice reads (`TERM_PROGRAM`, `TMUX`).
    public var environment: [String: String]
    /// The tmux pane, when tmux answered.
    public var tmux: TmuxPane?

    /// Answers to weigh.
    public init(replies: TerminalReplies, environment: [String: String], tmux: TmuxPane?) {
        self.replies = replies
        self.environment = environment
        self.tmux = tmux
    }

    /// Whether the screen is a tmux pane (tmux answered, or `TMUX` says so).
    public var insideTmux: Bool { Self.insideTmux(tmux: tmux, environment: environment) }

    /// Whether the screen is a tmux pane: tmux answered (`tmux`), or `TMUX` says so.
    public static func insideTmux(tmux: TmuxPane?, environment: [String: String]) -> Bool {
        tmux != nil || environment["TMUX"] != nil
    }
    /// The terminal's XTVERSION answer, lowercased ("" when it did not answer).
    public var version: String { replies.version?.lowercased() ?? "" }
}

/// A protocol's verdict on a terminal's answers.
public enum GraphicsSupport: Hashable, Sendable {
    /// The answers say nothing for it.
    case unsupported
    /// The answers rule it out where it would be the one to use, and why (for the status line:
    /// "inside tmux, no passthrough"); block art is drawn unless another protocol is supported.
    case refused(String)
    /// The terminal draws it; among several, the highest `rank` is used; `reason` goes in the
    /// status line ("kitty (terminal answered)").
    case supported(rank: Int, reason: String)
}

extension GraphicsProtocol {
    public var family: String { name }
    public var minimumColors: ColorDepth { .none }
    public var holdsImages: Bool { false }
    public var namesImageInCells: Bool { false }
    public var printsPixelsAlone: Bool { false }

    /// The name in prose ("kitty placeholders").
    public var title: String { name.replacing("-", with: " ") }

    /// Whether pictures are drawn into the cells after the text and stay until text is written
    /// over them (sixel, iTerm2), rather than held and placed by the terminal (kitty).
    public var isDrawnOverText: Bool { erasure == .redrawingItsLines || erasure == .clearingTheScreen }

    /// The box times the cell size, fitted to the photo's aspect and within ``PixelBudget``:
    /// the terminal shows exactly the pixels decoded.
    public func pixelSize(forImage imageSize: PixelSize?, in box: CellSize, cellPixels: PixelSize) -> PixelSize {
        let limit = PixelBudget.clamp(PixelSize(
            width: max(1, box.columns * cellPixels.width), height: max(1, box.rows * cellPixels.height)))
        guard let imageSize, imageSize.width > 0, imageSize.height > 0 else { return limit }
        let scale = min(Double(limit.width) / Double(imageSize.width), Double(limit.height) / Double(imageSize.height))
        return PixelSize(
            width: max(1, Int((Double(imageSize.width) * scale).rounded())),
            height: max(1, Int((Double(imageSize.height) * scale).rounded())))
    }

    /// Blank cells under the pixels: nothing of the text layer shows through.
    public func cells(for image: TerminalImage) -> CellBlock { CellBlock(size: image.cells) }

    public func transmit(_ image: TerminalImage, transport: GraphicsTransport) -> [UInt8] { [] }
    public func transmit(_ image: TerminalImage, transport: GraphicsTransport, cache: inout GraphicsEncodingCache) -> [UInt8] {
        if let prepared = cache.take(for: image, by: self) as? [UInt8] { return prepared }
        return transmit(image, transport: transport)
    }
    public var preparesOffFrame: Bool { false }
    public func prepare(_ image: TerminalImage, transport: GraphicsTransport) -> (any Sendable)? { nil }
    public func erase(_ image: TerminalImage, placementID: UInt32, transport: GraphicsTransport) -> [UInt8] { [] }
    public func release(_ imageID: UInt32, transport: GraphicsTransport) -> [UInt8] { [] }

    public func asked(insideTmux: Bool) -> GraphicsSelection {
        GraphicsSelection(backend: .pixels(self), reason: "\(title) (asked for)")
    }

    /// Whether `other` is this protocol.
    public func isSame(as other: any GraphicsProtocol) -> Bool { name == other.name }
}
