public import Vocabulary

/// Where `show` draws and how large: the columns, the rows (nil: as many as keep the picture's
/// aspect) and, for a picture placed on the screen, its box's top-left cell.
///
/// ``choose(place:width:height:environment:terminal:)`` takes, in order: the flags (`--place`,
/// `--width`, `--height`), the host's conventions (fzf's `FZF_PREVIEW_COLUMNS`/`_LINES`, and
/// `_LEFT`/`_TOP` for where its pane is), `$COLUMNS`/`$LINES`, the terminal's size, then 80
/// columns. Each side is taken from the first that gives it. Pure.
///
/// ```swift
/// let box = ShowBox.choose(place: nil, width: nil, height: nil,
///                          environment: ["FZF_PREVIEW_COLUMNS": "50", "FZF_PREVIEW_LINES": "20"], terminal: nil)
/// box.columns   // 50
/// box.rows      // 20
/// box.source    // "fzf's FZF_PREVIEW_COLUMNS×FZF_PREVIEW_LINES"
/// ```
public struct ShowBox: Equatable, Sendable {
    /// Columns.
    public var columns: Int
    /// Rows; nil: as many as keep the picture's aspect.
    public var rows: Int?
    /// The box's top-left cell on the screen (from 0), when it is known: `--place`, or fzf's
    /// `FZF_PREVIEW_LEFT`/`_TOP` beside its size.
    public var origin: CellPoint?
    /// Where the size came from, for `--probe`.
    public var source: String

    /// A box.
    public init(columns: Int, rows: Int?, origin: CellPoint? = nil, source: String) {
        self.columns = columns
        self.rows = rows
        self.origin = origin
        self.source = source
    }

    /// The whole box on the screen, when its origin and its rows are known.
    public var placement: ShowPlacement? {
        guard let origin, let rows else { return nil }
        return ShowPlacement(columns: columns, rows: rows, left: origin.column, top: origin.row)
    }

    /// The box for these flags in this environment; `terminal`: the terminal's size, when
    /// there is one to measure.
    public static func choose(
        place: ShowPlacement?, width: Int?, height: Int?, environment: [String: String], terminal: CellSize?
    ) -> ShowBox {
        if let place {
            return ShowBox(columns: place.columns, rows: place.rows, origin: place.rect.origin, source: "--place \(place)")
        }
        func number(_ name: String, in range: ClosedRange<Int>) -> Int? {
            environment[name].flatMap { Int($0) }.flatMap { range.contains($0) ? $0 : nil }
        }
        let sizes = ShowSettings.sizeRange
        let fzfColumns = number("FZF_PREVIEW_COLUMNS", in: sizes)
        let fzfRows = number("FZF_PREVIEW_LINES", in: sizes)
        let candidates: [(columns: Int?, rows: Int?, name: String)] = [
            (width, height, "--width×--height"),
            (fzfColumns, fzfRows, "fzf's FZF_PREVIEW_COLUMNS×FZF_PREVIEW_LINES"),
            (number("COLUMNS", in: sizes), number("LINES", in: sizes), "$COLUMNS×$LINES"),
            (terminal.map { min(sizes.upperBound, $0.columns) }, nil, "the terminal's width"),
        ]
        let columns = candidates.first { $0.columns != nil }
        let rows = candidates.first { $0.rows != nil }
        var names: [String] = []
        for name in [columns?.name, rows?.name].compactMap({ $0 }) where !names.contains(name) { names.append(name) }
        var origin: CellPoint?
        if fzfColumns != nil, fzfRows != nil, width == nil, height == nil,
            let left = number("FZF_PREVIEW_LEFT", in: ShowPlacement.originRange),
            let top = number("FZF_PREVIEW_TOP", in: ShowPlacement.originRange)
        {
            origin = CellPoint(row: top, column: left)
        }
        return ShowBox(
            columns: columns?.columns ?? 80, rows: rows?.rows, origin: origin,
            source: names.isEmpty ? "80 columns (nothing said the width)" : names.joined(separator: ", "))
    }
}
