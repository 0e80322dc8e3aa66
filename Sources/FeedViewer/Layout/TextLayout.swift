import TerminalGraphics
public import Vocabulary
/// The screen-reader mode's arrangement (`--text`): one photo a line, in words, no picture.
///
/// ```
/// Photo 1 of 30 by Alejandro Escamilla, 5616 by 3744, loaded from the network in 240 ms
/// Photo 2 of 30 by Paul Jarvis, 5000 by 3333, loading 40%
/// ```
///
/// The list and the grid both read as this list: a screen reader follows one line at a time.
/// The picture box is never drawn; it stays a few cells so a load asks for a small image (the
/// line reports the load — its source, time or failure — so loads still run, cheaply).
public struct TextLayout: ItemLayout, Hashable {
    /// The box a load sizes its image for (never drawn).
    public static let nominalPicture = CellSize(columns: 8, rows: 4)

    /// A text layout.
    public init() {}

    public func geometry(for viewport: CellSize) -> ItemGeometry {
        ItemGeometry(
            columns: 1, lineHeight: 1, itemSize: CellSize(columns: viewport.columns, rows: 1),
            columnStride: viewport.columns,
            picture: CellRect(origin: .zero, size: Self.nominalPicture),
            text: CellRect(row: 0, column: 0, rows: 1, columns: viewport.columns), focusMarker: nil,
            minimumScreen: CellSize(columns: 10, rows: 2))
    }
}
