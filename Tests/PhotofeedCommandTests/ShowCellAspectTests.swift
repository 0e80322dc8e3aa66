import BlockArt
import Foundation
import ImageCodecs
import Testing
import Vocabulary

@testable import PhotoShow

/// A square photo drawn by `show --width 60` at the cell size a terminal reports: square on
/// screen within half a cell (golden frames under `Golden/`, `PHOTOFEED_RECORD_GOLDEN=1`
/// re-records them).
@Suite("show's proportions from the reported cell size")
struct ShowCellAspectTests {
    /// A square photo: a dark disc on white, which any distortion turns into an ellipse.
    static let disc: Bitmap = {
        let side = 96
        var bitmap = Bitmap(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - Double(side) / 2, dy = Double(y) + 0.5 - Double(side) / 2
                bitmap[x, y] = dx * dx + dy * dy < 40 * 40 ? RGBA(20, 20, 20) : RGBA(250, 250, 250)
            }
        }
        return bitmap
    }()

    /// The rows `show --width 60` draws the disc in, and the text it prints, for cells of `cell`
    /// pixels (nil: nothing reported, the 1:2 default). Where the proportions come from is
    /// TerminalKit's `CellAspect.decide` (its own tests, and a played terminal's end to end).
    static func drawn(cell: PixelSize?) -> (rows: Int, text: String) {
        let aspect = cell.flatMap { CellAspect(cell: $0) } ?? .standard
        let options = BlockArtOptions(symbols: .quad, colors: .none, cellAspect: aspect.ratio)
        let grid = Show.render(disc, originalSize: disc.size, columns: 60, rows: nil, options: options)
        return (grid.rows, String(decoding: ANSIWriter().bytes(for: grid), as: UTF8.self))
    }

    @Test(arguments: [
        (8, 16, 30), (8, 19, 25), (9, 15, 36), (10, 22, 27), (16, 32, 30),
    ])
    func aSquarePhotoIsSquareAtTheReportedCellSize(width: Int, height: Int, rows: Int) {
        // Given a terminal whose cells are width×height pixels, as it reports them
        // When show draws a square photo 60 columns wide
        let drawn = Self.drawn(cell: PixelSize(width: width, height: height))
        // Then it takes that many rows: as tall on screen as wide, within half a cell
        #expect(drawn.rows == rows)
        #expect(abs(drawn.rows * height - 60 * width) * 2 <= height, "\(drawn.rows) rows of \(height) px for 60 columns of \(width) px")
        // And the picture is the golden one
        GoldenFile.assertMatches(drawn.text, named: "show-square-cell-\(width)x\(height).txt")
    }

    @Test func withNothingReportedTheDefaultIsOneToTwo() {
        // Given a terminal that says nothing of its cells
        let drawn = Self.drawn(cell: nil)
        // Then the photo is drawn as before: 30 rows for 60 columns, the 8×16 frame
        #expect(drawn.rows == 30)
        #expect(drawn.text == Self.drawn(cell: PixelSize(width: 8, height: 16)).text)
    }
}
