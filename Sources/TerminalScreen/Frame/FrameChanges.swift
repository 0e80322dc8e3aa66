public import TerminalGraphics
public import Vocabulary
/// What a screen must do to go from one ``Frame`` to the next: the cell runs that changed and
/// the pictures that were placed, moved or removed.
///
/// Pure. A run spans one line from its first to its last changed cell (widened so a wide
/// grapheme is never split), so a frame where nothing changed writes nothing, and a spinner
/// tick writes a few cells.
///
/// ```swift
/// let changes = FrameChanges(from: previous, to: frame)
/// screen.apply(changes)
/// ```
public struct FrameChanges: Sendable {
    /// One line's changed cells.
    public struct Run: Sendable {
        /// Where the first cell goes.
        public var origin: CellPoint
        /// The cells, left to right (continuation cells of wide graphemes included).
        public var cells: ArraySlice<ScreenCell>
    }

    /// The frame to show.
    public let frame: Frame
    /// Whether the screen must be blanked first (no earlier frame, or another size).
    public let isFullRepaint: Bool
    /// Changed runs, top to bottom.
    public let runs: [Run]
    /// Pictures placed now that were not in the last frame, or moved, or changed.
    public let placed: [PicturePlacement]
    /// Pictures of the last frame that are gone or moved (their cells are in `runs` already).
    public let removed: [PicturePlacement]
    /// Whether the cursor moved, showed or hid since the last frame.
    public let cursorMoved: Bool

    /// The changes from `previous` (nil: nothing shown yet) to `frame`.
    public init(from previous: Frame?, to frame: Frame) {
        self.frame = frame
        cursorMoved = previous?.cursor != frame.cursor
        let cells = frame.cells
        let columns = cells.size.columns
        guard let previous, previous.size == frame.size else {
            isFullRepaint = true
            runs = (0..<cells.size.rows).map { row in
                Run(origin: CellPoint(row: row, column: 0), cells: cells.cells[(row * columns)..<((row + 1) * columns)])
            }
            placed = frame.pictures
            removed = previous?.pictures ?? []
            return
        }
        isFullRepaint = false
        var runs: [Run] = []
        let old = previous.cells.cells
        let new = cells.cells
        for row in 0..<cells.size.rows {
            let start = row * columns
            var first = -1
            var last = -1
            for column in 0..<columns where old[start + column] != new[start + column] {
                if first < 0 { first = column }
                last = column
            }
            guard first >= 0 else { continue }
            // Never start on the right half of a wide grapheme, nor end before its right half.
            while first > 0, new[start + first].isContinuation || old[start + first].isContinuation { first -= 1 }
            while last + 1 < columns, new[start + last + 1].isContinuation || old[start + last + 1].isContinuation {
                last += 1
            }
            runs.append(Run(origin: CellPoint(row: row, column: first), cells: new[(start + first)...(start + last)]))
        }
        self.runs = runs
        placed = Self.placements(frame.pictures, missingFrom: previous.pictures)
        removed = Self.placements(previous.pictures, missingFrom: frame.pictures)
    }

    /// The placements of `pictures` with no equal placement in `others`. Matched by key first:
    /// hashing whole pictures walked every cell of every picture each frame (a grid places
    /// twenty), while `==` on a picture the model kept from frame to frame shares its storage
    /// and is answered at once.
    private static func placements(_ pictures: [PicturePlacement], missingFrom others: [PicturePlacement])
        -> [PicturePlacement]
    {
        let byKey = Dictionary(grouping: others, by: \.key)
        return pictures.filter { placement in !(byKey[placement.key]?.contains(placement) ?? false) }
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { !isFullRepaint && runs.isEmpty && placed.isEmpty && removed.isEmpty && !cursorMoved }

    /// Writes every changed run to `screen`, puts the cursor where the frame says, and flushes.
    public func write(to screen: some Screen) {
        for run in runs { screen.put(run.cells, at: run.origin) }
        screen.placeCursor(frame.cursor)
        screen.flush()
    }
}
