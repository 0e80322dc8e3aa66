public import TerminalGraphics
public import Vocabulary
/// One whole screen as the view draws it: every cell, and the pictures placed in them.
///
/// The view builds a frame from the model; the runtime hands the screen the difference from
/// the last frame (``FrameChanges``), so nothing is ever invalidated by hand.
///
/// ```swift
/// var frame = Frame(size: screen.size)
/// frame.draw(statusBar, at: CellPoint(row: size.rows - 1, column: 0))
/// frame.place(picture, for: "row 3", at: origin, clip: viewport)
/// ```
public struct Frame: Hashable, Sendable {
    /// The cells, screen-sized.
    public private(set) var cells: CellBlock
    /// The pictures placed in the cells, in drawing order.
    public private(set) var pictures: [PicturePlacement] = []
    /// Where the text cursor shows (nil: hidden). The screen-reader mode puts it at the start of
    /// the focused photo's line: screen readers read the line the cursor is on.
    public var cursor: CellPoint?
    /// Whether the cells are a page of lines (help, a panel, a photo's words) rather than the
    /// list, in the screen-reader mode: a screen that prints lines (``LineScreen``) prints a
    /// page's new lines as they come, and of the list only the focused photo's line.
    public var showsPage = false

    /// A blank frame of `size`.
    public init(size: CellSize) {
        cells = CellBlock(size: size)
    }

    /// The frame's size.
    public var size: CellSize { cells.size }

    /// Blanks the frame for `size`, keeping its storage when the size is the same (a frame
    /// drawn again every tick need not allocate the screen's cells each time).
    public mutating func reset(to size: CellSize) {
        pictures.removeAll(keepingCapacity: true)
        cursor = nil
        showsPage = false
        guard size == cells.size else {
            cells = CellBlock(size: size)
            return
        }
        cells.blank()
    }

    /// Draws `block` with its top-left corner at `origin`, keeping only the cells inside `clip`
    /// (default: the whole frame).
    public mutating func draw(_ block: CellBlock, at origin: CellPoint, clip: CellRect? = nil) {
        let bounds = CellRect(origin: .zero, size: size)
        cells.paste(block, at: origin, clip: clip.map { $0.clamped(to: bounds) } ?? bounds)
    }

    /// Places `picture` with its top-left corner at `origin`: its cells go into the frame
    /// (inside `clip`), and the placement is recorded under `key` for screens that draw pixels.
    public mutating func place(_ picture: Picture, for key: String, at origin: CellPoint, clip: CellRect? = nil) {
        let bounds = CellRect(origin: .zero, size: size)
        let area = CellRect(origin: origin, size: picture.size).clamped(to: clip?.clamped(to: bounds) ?? bounds)
        cells.paste(picture.cells, at: origin, clip: area)
        guard area.size.rows > 0, area.size.columns > 0 else { return }
        pictures.append(PicturePlacement(key: key, picture: picture, origin: origin, visible: area))
    }
}

extension Frame {
    /// Draws `block` on top of everything, pictures included: pictures under it are no longer
    /// placed (a terminal that draws pixels over the text would otherwise cover the block).
    public mutating func drawOnTop(_ block: CellBlock, at origin: CellPoint) {
        draw(block, at: origin)
        let area = CellRect(origin: origin, size: block.size)
        pictures.removeAll { placement in
            let overlap = placement.visible.clamped(to: area)
            return overlap.size.rows > 0 && overlap.size.columns > 0
        }
    }
}

/// A picture placed in a frame: where its top-left corner is and which of its cells show.
public struct PicturePlacement: Hashable, Sendable {
    /// Who placed it (a photo's key, "detail"): the same key in two frames is the same picture slot.
    public var key: String
    /// The picture.
    public var picture: Picture
    /// Where its top-left cell would be (possibly above the screen, for a partly visible row).
    public var origin: CellPoint
    /// The screen cells it covers that are visible (a partly scrolled-out picture shows its
    /// visible part only).
    public var visible: CellRect
}
