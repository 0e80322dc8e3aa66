/// Everything a list row shows.
public struct RowViewModel: Hashable, Sendable {
    /// The author, as received (sanitised when drawn).
    public var author: String
    /// The photo id.
    public var id: String
    /// The original image size in pixels, when known.
    public var imageSize: TerminalSize?
    /// The loading state.
    public var state: RowDisplayState
    /// The rendered thumbnail, once loaded (block art mapped to cells).
    public var thumbnail: CellBlock?

    /// Creates a row model.
    public init(author: String, id: String, imageSize: TerminalSize? = nil, state: RowDisplayState,
                thumbnail: CellBlock? = nil) {
        self.author = author
        self.id = id
        self.imageSize = imageSize
        self.state = state
        self.thumbnail = thumbnail
    }

    /// Whether the box shows a placeholder (and so animates): while loading with no picture yet.
    /// A row reloading at another size (`m`, low-data off) keeps its old picture meanwhile.
    public var showsPlaceholder: Bool {
        thumbnail == nil && state.showsPlaceholder
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

/// Renders one list row into a block of `layout.rowHeight` × `layout.width` cells.
///
/// ```swift
/// let block = RowView.render(model, layout: layout, focused: true, frame: 3, options: RowRenderOptions())
/// screen.draw(block, at: CellPoint(row: line, column: 0))
/// ```
public enum RowView {
    /// The row as cells, for animation frame `frame`.
    public static func render(
        _ model: RowViewModel, layout: RowLayout, focused: Bool, frame: Int, options: RowRenderOptions
    ) -> CellBlock {
        var block = CellBlock(size: TerminalSize(rows: layout.rowHeight, columns: layout.width))
        if focused {
            let marker = CellStyle(foreground: options.colors ? .yellow : .default, attributes: .bold)
            for line in 0..<layout.thumbnail.rows {
                block.set(options.glyphs == .ascii ? ">" : "▌", at: CellPoint(row: line, column: 0), style: marker)
            }
        }
        let box = thumbnail(model, size: layout.thumbnail, frame: frame, options: options)
        block.paste(box, at: layout.thumbnailOrigin)
        let text = RowTextView.render(model, width: layout.textWidth, focused: focused, glyphs: options.glyphs)
        block.paste(text, at: CellPoint(row: 0, column: layout.textColumn))
        return block
    }

    /// The thumbnail box: placeholder, failure box, or the image centred on the box (also while
    /// it reloads at another size, and when that reload failed).
    public static func thumbnail(_ model: RowViewModel, size: TerminalSize, frame: Int, options: RowRenderOptions)
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
        if case .failed(let reason) = model.state, model.thumbnail == nil {
            return Placeholder.failure(size: size, reason: reason, colors: options.colors, glyphs: options.glyphs)
        }
        var box = CellBlock(size: size)
        if let image = model.thumbnail {
            let origin = CellPoint(
                row: max(0, (size.rows - image.size.rows) / 2),
                column: max(0, (size.columns - image.size.columns) / 2))
            box.paste(image, at: origin)
        }
        return box
    }
}
