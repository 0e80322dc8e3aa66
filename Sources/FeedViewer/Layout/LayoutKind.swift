import TerminalGraphics
public import Vocabulary
/// Which ``ItemLayout`` the viewer uses (`--layout`, switched live by `v`).
///
/// ```swift
/// let layout = LayoutKind.grid.layout(thumbnail: nil, columns: 4)   // GridLayout, four columns
/// ```
public enum LayoutKind: String, CaseIterable, Hashable, Sendable {
    /// One photo per line with its details beside it (``ListLayout``).
    case list
    /// Photos side by side with a caption each (``GridLayout``).
    case grid

    /// The layout for a box of `thumbnail` cells (nil: sized from the screen, for cells
    /// `cellAspect` times as tall as wide) and, in a grid, `columns` cells side by side (nil: as
    /// many as fit).
    public func layout(thumbnail: CellSize?, columns: Int?, cellAspect: Double = 2) -> any ItemLayout {
        switch self {
        case .list: ListLayout(thumbnail: thumbnail, cellAspect: cellAspect)
        case .grid: GridLayout(thumbnail: thumbnail, columns: columns, cellAspect: cellAspect)
        }
    }

    /// The other layout.
    public var toggled: LayoutKind { self == .list ? .grid : .list }
}
