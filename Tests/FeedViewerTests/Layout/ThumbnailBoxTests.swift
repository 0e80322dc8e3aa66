import FeedViewer
import Testing
import Vocabulary

/// The automatic picture box shows a 3:2 photo without bars at the cells' proportions.
@Suite struct ThumbnailBoxTests {
    /// The box's shape on screen, width over height, for cells `cellAspect` times as tall as wide.
    private func shape(_ box: CellSize, cellAspect: Double) -> Double {
        Double(box.columns) / (Double(box.rows) * cellAspect)
    }

    @Test func atOneToTwoTheBoxesAreAsBefore() {
        // Given the default proportions
        // Then the boxes are three columns a row, as they always were
        #expect(ThumbnailBox.list(for: CellSize(columns: 140, rows: 44)) == CellSize(columns: 39, rows: 13))
        #expect(ThumbnailBox.list(for: CellSize(columns: 140, rows: 44), cellAspect: 2) == CellSize(columns: 39, rows: 13))
        #expect(ThumbnailBox.filling(columns: 4, of: CellSize(columns: 120, rows: 40), chrome: CellSize(columns: 2, rows: 2)) == CellSize(columns: 28, rows: 10))
        #expect(GridLayout().thumbnail(for: CellSize(columns: 140, rows: 44)) == GridLayout(cellAspect: 2).thumbnail(for: CellSize(columns: 140, rows: 44)))
    }

    @Test(arguments: [19.0 / 8, 15.0 / 9, 22.0 / 10])
    func aThreeToTwoPhotoFillsTheBoxAtTheCellsProportions(cellAspect: Double) {
        // Given cells of 8×19, 9×15 or 10×22 pixels
        let viewport = CellSize(columns: 200, rows: 60)
        // When the list's and the grid's boxes are sized from the screen
        let list = ThumbnailBox.list(for: viewport, cellAspect: cellAspect)
        let grid = GridLayout(cellAspect: cellAspect).thumbnail(for: viewport)
        let filled = ThumbnailBox.filling(columns: 3, of: viewport, chrome: GridLayout.chrome, cellAspect: cellAspect)
        // Then the list's and the filled grid's are 3:2 on screen, within a cell either way; the
        // automatic grid's as many 3:2 boxes as fit, widened to share the width (never narrower)
        for box in [list, filled] {
            let tolerance = 1.5 / Double(box.rows)
            #expect(abs(shape(box, cellAspect: cellAspect) - 1.5) <= tolerance, "\(box) at \(cellAspect)")
        }
        #expect(shape(grid, cellAspect: cellAspect) >= 1.5 - 1.5 / Double(grid.rows), "\(grid) at \(cellAspect)")
        #expect(ListLayout(thumbnail: nil, cellAspect: cellAspect).thumbnail(for: viewport) != ListLayout(thumbnail: nil).thumbnail(for: viewport))
    }
}
