/// Where `show --grid` puts each picture: a box of cells per image, a gap between boxes, and a
/// title line under each row when asked for. Pure arithmetic; tests drive it directly.
///
/// `--width` and `--height` are the whole grid's (like `timg -g WxH`): each box is the width
/// shared out among the columns, less one column of gap between boxes, and the height shared
/// out among the rows, less the title line. Without a height a box is about square on screen
/// (cells are about twice as tall as wide).
struct ShowGridLayout: Equatable {
    /// Images across.
    var columns: Int
    /// Rows of images on one screen (the height is shared among them).
    var rows: Int
    /// Cells across one image's box.
    var boxColumns: Int
    /// Cells down one image's box (the title line not included).
    var boxRows: Int
    /// Blank columns between two boxes.
    var gap: Int
    /// Whether a title line follows each row of images.
    var titled: Bool

    init(grid: ShowGridSize, totalColumns: Int, totalRows: Int?, titled: Bool, gap: Int = 1) {
        columns = grid.columns
        rows = grid.rows
        self.gap = gap
        self.titled = titled
        boxColumns = max(1, (totalColumns - gap * (grid.columns - 1)) / grid.columns)
        if let totalRows {
            boxRows = max(1, totalRows / grid.rows - (titled ? 1 : 0))
        } else {
            boxRows = max(1, (boxColumns + 1) / 2)
        }
    }

    /// The column where the box of the image at `index` within its row starts.
    func boxOrigin(column index: Int) -> Int {
        index * (boxColumns + gap)
    }
}
