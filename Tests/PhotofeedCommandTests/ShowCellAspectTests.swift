import BlockArt
import Foundation
import ImageCodecs
import TerminalKit
import Testing
import Vocabulary

@testable import PhotoShow

/// A square photo drawn by `show --width 60` at the cell size the terminal reports: square on
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

    /// The rows `show --width 60` draws the disc in, and the text it prints, for a terminal that
    /// answered `reply` (nil: nothing).
    static func drawn(answering reply: String?) -> (rows: Int, text: String, decision: CellAspect.Decision) {
        var replies = TerminalReplies()
        replies.feed(Array((reply ?? "").utf8))
        let decision = CellAspect.decide(flag: nil, replies: replies)
        let options = BlockArtOptions(symbols: .quad, colors: .none, cellAspect: decision.aspect.ratio)
        let grid = Show.render(disc, originalSize: disc.size, columns: 60, rows: nil, options: options)
        return (grid.rows, String(decoding: ANSIWriter().bytes(for: grid), as: UTF8.self), decision)
    }

    @Test(arguments: [
        (8, 16, 30), (8, 19, 25), (9, 15, 36), (10, 22, 27), (16, 32, 30),
    ])
    func aSquarePhotoIsSquareAtTheReportedCellSize(width: Int, height: Int, rows: Int) {
        // Given a terminal whose cells are width×height pixels, answering CSI 16 t
        // When show draws a square photo 60 columns wide
        let drawn = Self.drawn(answering: "\u{1B}[6;\(height);\(width)t")
        // Then it takes that many rows: as tall on screen as wide, within half a cell
        #expect(drawn.decision.source == "CSI 16 t: cell \(width)×\(height) px")
        #expect(drawn.rows == rows)
        #expect(abs(drawn.rows * height - 60 * width) * 2 <= height, "\(drawn.rows) rows of \(height) px for 60 columns of \(width) px")
        // And the picture is the golden one
        GoldenFile.assertMatches(drawn.text, named: "show-square-cell-\(width)x\(height).txt")
    }

    @Test func withNothingReportedTheDefaultIsOneToTwo() {
        // Given a terminal that says nothing of its cells
        let drawn = Self.drawn(answering: nil)
        // Then the photo is drawn as before: 30 rows for 60 columns, the 8×16 frame
        #expect(drawn.decision == .standard)
        #expect(drawn.rows == 30)
        #expect(drawn.text == Self.drawn(answering: "\u{1B}[6;16;8t").text)
    }
}
