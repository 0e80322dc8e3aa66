public import ImageCodecs
import TerminalText
public import Sidecars
public import TerminalGraphics
public import TerminalScreen
public import Vocabulary
/// The detail view (Enter): a full-screen frame around one big picture.
///
/// ```
///  Alejandro Escamilla                         Esc back
///  #1084 · 5616×3744 · embedded · 127.0.0.1:41893
/// ┌──────────────────────────────────────────────────┐
/// │                 (thumbnail box)                  │
/// └──────────────────────────────────────────────────┘
///  network 180 KB in 240 ms
///  Esc/q back · r retry · j/k next/prev · m symbols
/// ```
/// `layout(in:)` is pure: it gives the picture box, so the viewer asks the pipeline for exactly
/// that many cells; `render` draws the chrome and the picture (or its placeholder) into a block.
public enum DetailFrame {
    /// The smallest screen the detail frame is drawn on.
    public static let minimumSize = CellSize(columns: 24, rows: 8)

    /// Where the parts of the frame go on a screen of `size`; nil when the screen is too small.
    public static func layout(in size: CellSize) -> DetailLayout? {
        guard size.rows >= minimumSize.rows, size.columns >= minimumSize.columns else { return nil }
        let thumbnail = CellRect(row: 3, column: 1, rows: size.rows - 6, columns: size.columns - 2)
        return DetailLayout(size: size, thumbnail: thumbnail, stateRow: size.rows - 2, hintRow: size.rows - 1)
    }

    /// The whole frame as a `size` block, and the picture box inside it (nil when too small:
    /// the block then holds a one-line "too small" message).
    public static func render(
        _ model: DetailFrameModel,
        size: CellSize,
        frame: Int = 0,
        options: RowRenderOptions = RowRenderOptions()
    ) -> (block: CellBlock, thumbnail: CellRect?) {
        var block = CellBlock(size: size)
        let glyphs = options.glyphs
        guard let layout = layout(in: size) else {
            block.write(
                TextTruncation.truncate("too small for the detail view · Esc back", toWidth: size.columns, ellipsis: glyphs.ellipsis),
                at: .zero, style: CellStyle(attributes: .dim))
            return (block, nil)
        }
        let width = size.columns - 2
        let back = "Esc back"
        let title = TextTruncation.truncate(
            TextSanitizer.sanitize(model.title), toWidth: max(0, width - DisplayWidth.of(back) - 2), ellipsis: glyphs.ellipsis)
        block.write(title, at: CellPoint(row: 0, column: 1), style: CellStyle(attributes: .bold))
        block.write(back, at: CellPoint(row: 0, column: size.columns - 1 - DisplayWidth.of(back)), style: CellStyle(foreground: .yellow))
        var info = "#" + TextSanitizer.sanitize(model.id)
        if let shot = model.shotBadge { info += glyphs.separator + shot }
        if let imageSize = model.imageSize {
            info += glyphs.separator + "\(imageSize.columns)\(glyphs.times)\(imageSize.rows)"
        }
        if let raw = model.rawPicture { info += glyphs.separator + raw }
        if let zoom = model.zoom { info += glyphs.separator + "zoom " + zoom }
        if !model.source.isEmpty { info += glyphs.separator + TextSanitizer.sanitize(model.source) }
        // The decision at the right of the line (what a cull looks for), the details before it.
        let badge = DecisionBadge.text(model.decision, unsaved: model.decisionUnsaved, glyphs: glyphs, colors: options.colors)
        let badgeWidth = badge.plain.isEmpty || badge.width + 2 > width / 2 ? 0 : badge.width + 2
        block.write(
            TextTruncation.truncate(info, toWidth: width - badgeWidth, ellipsis: glyphs.ellipsis), at: CellPoint(row: 1, column: 1),
            style: CellStyle(attributes: .dim))
        if badgeWidth > 0 { block.write(badge, at: CellPoint(row: 1, column: size.columns - 1 - badge.width)) }
        let border = layout.thumbnail
        block.paste(
            PanelBox.render(
                title: "", lines: [], size: CellSize(columns: border.size.columns + 2, rows: border.size.rows + 2), glyphs: glyphs),
            at: CellPoint(row: border.origin.row - 1, column: border.origin.column - 1))
        let row = RowViewModel(author: model.title, id: model.id, imageSize: model.imageSize, state: model.state, picture: model.picture)
        block.paste(RowView.thumbnail(row, size: border.size, frame: frame, options: options), at: border.origin)
        block.write(
            StateLine.text(for: model.state, damage: model.damage, glyphs: glyphs), at: CellPoint(row: layout.stateRow, column: 1),
            maxWidth: width)
        block.write(
            TextTruncation.truncate(
                model.isComparedSide
                    ? comparedHints(glyphs: glyphs)
                    : hints(
                        for: model.state, hasSymbols: model.hasSymbols, zoomed: model.zoom != nil,
                        developable: model.rawPicture == "preview", glyphs: glyphs), toWidth: width,
                ellipsis: glyphs.ellipsis),
            at: CellPoint(row: layout.hintRow, column: 1), style: CellStyle(attributes: .dim))
        return (block, border)
    }

    /// Draws the frame over the whole screen (without flushing); returns the picture box.
    @discardableResult
    public static func draw(
        _ model: DetailFrameModel, on screen: any Screen, frame: Int = 0, options: RowRenderOptions = RowRenderOptions()
    ) -> CellRect? {
        let (block, thumbnail) = render(model, size: screen.size, frame: frame, options: options)
        screen.draw(block, at: .zero)
        return thumbnail
    }

    /// The compare view's right side: the keys step the left photo, not this one.
    static func comparedHints(glyphs: GlyphSet) -> String {
        ["Esc/q back", "V one photo", "j/k step the left one"].joined(separator: glyphs.separator)
    }

    static func hints(
        for state: RowDisplayState, hasSymbols: Bool = true, zoomed: Bool = false, developable: Bool = false, glyphs: GlyphSet
    ) -> String {
        var keys = [zoomed ? "Esc fit" : "Esc/q back"]
        if case .failed = state { keys.append("r retry") }
        if zoomed {
            keys += ["hjkl/drag pan", "+/- zoom", "n/b next/prev"]
        } else {
            keys += ["j/k next/prev", "+ zoom"]
        }
        keys.append(hasSymbols ? "m symbols" : "i block art")
        // A RAW shown from its preview: E shows its sensor's picture.
        if developable { keys.append("E develop") }
        return keys.joined(separator: glyphs.separator)
    }
}

/// What the detail frame shows.
public struct DetailFrameModel: Hashable, Sendable {
    /// The author (sanitised when drawn).
    public var title: String
    public var id: String
    /// The original size, when known (columns = width, rows = height, as in `RowViewModel`).
    public var imageSize: CellSize?
    /// The feed's status-bar description.
    public var source: String
    public var state: RowDisplayState
    /// The rendered picture, once loaded (centred in the box).
    public var picture: Picture?
    /// Whether `m` changes the picture (block art's symbol sets); pixels have none.
    public var hasSymbols: Bool
    /// The zoom ("250%"), nil when the photo is fitted.
    public var zoom: String?
    /// What is missing from the picture when the photo is damaged (nil: whole).
    public var damage: ImageDamage?
    /// The culling decision (nil: none known).
    public var decision: Decision?
    /// Whether the decision's sidecar could not be written (kept, pending).
    public var decisionUnsaved = false
    /// What a camera RAW file is drawn from: "preview" (its embedded one) or "developed" (its
    /// sensor data, `E`); nil for a photo with no RAW file.
    public var rawPicture: String?
    /// Whether this is the compare view's right side, which the keys do not step.
    public var isComparedSide = false
    /// A shot's badge (`RAW+JPG`; nil: one file).
    public var shotBadge: String?

    public init(
        title: String, id: String, imageSize: CellSize? = nil, source: String, state: RowDisplayState,
        picture: Picture? = nil, hasSymbols: Bool = true, zoom: String? = nil
    ) {
        self.zoom = zoom
        self.title = title
        self.id = id
        self.imageSize = imageSize
        self.source = source
        self.state = state
        self.picture = picture
        self.hasSymbols = hasSymbols
    }
}

/// Where the detail frame's parts go.
public struct DetailLayout: Hashable, Sendable {
    /// The screen.
    public var size: CellSize
    /// The picture box, inside a border: ask the pipeline for this many cells.
    public var thumbnail: CellRect
    /// The state line's row.
    public var stateRow: Int
    /// The key hints' row.
    public var hintRow: Int
}
