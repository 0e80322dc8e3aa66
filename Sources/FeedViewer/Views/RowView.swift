public import ImageCodecs
public import TerminalGraphics
public import TerminalScreen
public import Vocabulary
public import Sidecars
/// Everything a list row shows.
public struct RowViewModel: Hashable, Sendable {
    /// The author, as received (sanitised when drawn).
    public var author: String
    /// The photo id.
    public var id: String
    /// The original image size in pixels, when known.
    public var imageSize: CellSize?
    /// The loading state.
    public var state: RowDisplayState
    /// The picture, once loaded.
    public var picture: Picture?
    /// Whether the photo is marked (`t`): its name is drawn after a mark.
    public var marked = false
    /// How far its original's save has come, in percent (nil: not saving; -1: size unknown).
    public var saving: Int?
    /// What is missing from a picture drawn from a damaged file or a cut download (nil: whole).
    public var damage: ImageDamage?
    /// The culling decision (nil: none known): stars, pick or reject, colour label.
    public var decision: Decision?
    /// Whether the decision's sidecar could not be written (kept, pending).
    public var decisionUnsaved = false
    /// A shot's badge (`RAW+JPG`, `RAW+HEIF`): the row stands for a RAW and its JPEG (nil: one file).
    public var shotBadge: String?

    /// Creates a row model.
    public init(author: String, id: String, imageSize: CellSize? = nil, state: RowDisplayState,
                picture: Picture? = nil) {
        self.author = author
        self.id = id
        self.imageSize = imageSize
        self.state = state
        self.picture = picture
    }

    /// Whether the photo was rejected: its text is drawn dim.
    public var isRejected: Bool { decision?.flag == .rejected }

    /// Whether the box shows a placeholder (and so animates): while loading with no picture yet.
    /// A row reloading at another size (`m`, low-data off) keeps its old picture meanwhile.
    public var showsPlaceholder: Bool {
        picture == nil && state.showsPlaceholder
    }
}

/// Options that apply to every row.
public struct RowRenderOptions: Hashable, Sendable {
    /// The placeholder shown while loading.
    public var placeholder: PlaceholderStyle
    /// Whether colours may be used.
    public var colors: Bool
    /// Unicode or ASCII glyphs.
    public var glyphs: GlyphSet

    /// Creates options.
    public init(placeholder: PlaceholderStyle = .shimmer, colors: Bool = true, glyphs: GlyphSet = .unicode) {
        self.placeholder = placeholder
        self.colors = colors
        self.glyphs = glyphs
    }
}

/// Renders one item into a block the size of its box: the focus marker, the picture box
/// (placeholder, failure, or the picture centred) and the text, where the ``ItemGeometry`` puts them.
///
/// ```swift
/// let geometry = ListLayout(thumbnail: CellSize(columns: 16, rows: 6)).geometry(for: viewport)
/// let block = RowView.render(model, geometry: geometry, focused: true, frame: 3, options: RowRenderOptions())
/// ```
public enum RowView {
    /// The item as cells, for animation frame `frame`. With `includesPicture` false the picture's
    /// cells are left blank, for a caller that places the picture itself.
    public static func render(
        _ model: RowViewModel, geometry: ItemGeometry, focused: Bool, frame: Int, options: RowRenderOptions,
        includesPicture: Bool = true
    ) -> CellBlock {
        var block = CellBlock(size: geometry.itemSize)
        if focused, let marker = geometry.focusMarker {
            let style = CellStyle(foreground: options.colors ? .yellow : .default, attributes: .bold)
            for line in marker.rowRange {
                for column in marker.columnRange {
                    block.set(options.glyphs == .ascii ? ">" : "▌", at: CellPoint(row: line, column: column), style: style)
                }
            }
        }
        var shown = model
        if !includesPicture { shown.picture = nil }
        if includesPicture || model.picture == nil || model.showsPlaceholder {
            let box = thumbnail(shown, size: geometry.picture.size, frame: frame, options: options)
            block.paste(box, at: geometry.picture.origin)
        }
        block.paste(text(model, geometry: geometry, focused: focused, frame: frame, options: options), at: geometry.text.origin)
        return block
    }

    /// The item's text for the room the geometry gives it: a grid's one-line caption, the
    /// list's three lines, or the detailed column beside a big box.
    static func text(
        _ model: RowViewModel, geometry: ItemGeometry, focused: Bool, frame: Int, options: RowRenderOptions
    ) -> CellBlock {
        let size = geometry.text.size
        switch size.rows {
        case ...1:
            return CaptionView.render(
                model, width: size.columns, frame: frame, focused: focused, colors: options.colors, glyphs: options.glyphs)
        case ..<ListLayout.detailedTextLines:
            return RowTextView.render(
                model, width: size.columns, lines: size.rows, focused: focused, glyphs: options.glyphs, colors: options.colors)
        default:
            return RowTextView.renderDetailed(
                model, width: size.columns, lines: size.rows, focused: focused, glyphs: options.glyphs, colors: options.colors)
        }
    }

    /// The thumbnail box: placeholder, failure box, or the image centred on the box (also while
    /// it reloads at another size, and when that reload failed).
    public static func thumbnail(_ model: RowViewModel, size: CellSize, frame: Int, options: RowRenderOptions)
        -> CellBlock
    {
        if model.showsPlaceholder {
            switch options.placeholder {
            case .shimmer:
                return Placeholder.shimmer(size: size, frame: frame, colors: options.colors, glyphs: options.glyphs)
            case .spinner:
                return Placeholder.spinner(
                    size: size, frame: frame, fractionCompleted: model.state.fractionCompleted,
                    colors: options.colors, glyphs: options.glyphs)
            }
        }
        // A failed reload at another size keeps the picture it had; the state line says why.
        if case .failed(let reason) = model.state, model.picture == nil {
            return Placeholder.failure(size: size, reason: reason, colors: options.colors, glyphs: options.glyphs)
        }
        var box = CellBlock(size: size)
        if let picture = model.picture {
            box.paste(picture.cells, at: pictureOffset(picture.size, in: size))
        }
        return box
    }

    /// Where a picture of `size` sits in a box of `box` cells: centred.
    public static func pictureOffset(_ size: CellSize, in box: CellSize) -> CellPoint {
        CellPoint(row: max(0, (box.rows - size.rows) / 2), column: max(0, (box.columns - size.columns) / 2))
    }
}
