import BlockArt
import Foundation
import ImageCodecs
import Testing

@testable import PhotoShow
@testable import photofeed

/// `show --grid`: the layout arithmetic and the composed output (golden files under `Golden/`;
/// `PHOTOFEED_RECORD_GOLDEN=1` re-records them).
@Suite("show --grid")
struct ShowGridTests {
    @Test func gridSizesParseLikeTimgs() throws {
        #expect(try ShowGridSize.parse("6x4") == ShowGridSize(columns: 6, rows: 4))
        #expect(try ShowGridSize.parse("3X2") == ShowGridSize(columns: 3, rows: 2))
        #expect(try ShowGridSize.parse("5") == ShowGridSize(columns: 5, rows: 5))
        for bad in ["", "0x2", "2x0", "x", "6x", "65x1", "6x4x2", "-1x2"] {
            #expect(throws: (any Error).self) { try ShowGridSize.parse(bad) }
        }
    }

    @Test func boxesShareTheWidthAndHeightLikeTimgG() {
        // Given timg's -g 180x60 with a 6x4 grid, titled
        let layout = ShowGridLayout(grid: ShowGridSize(columns: 6, rows: 4), totalColumns: 180, totalRows: 60, titled: true)
        // Then each box is 29 columns (5 gaps of 1) by 14 rows (15 less the title line)
        #expect(layout.boxColumns == 29 && layout.boxRows == 14)
        #expect(layout.boxOrigin(column: 5) == 150)
        // Without a height, a box is about square on screen
        let untitled = ShowGridLayout(grid: ShowGridSize(columns: 4, rows: 2), totalColumns: 80, totalRows: nil, titled: false)
        #expect(untitled.boxColumns == 19 && untitled.boxRows == 10)
        // A grid wider than the terminal still gets one column a box
        #expect(ShowGridLayout(grid: ShowGridSize(columns: 64, rows: 1), totalColumns: 10, totalRows: nil, titled: false).boxColumns == 1)
    }

    @Test func aRowOfBlockArtWithTitlesMatchesTheGolden() {
        // Given three pictures (landscape, portrait, square), one failed, and titles: a long one,
        // a wide-character one and one carrying an escape sequence
        let layout = ShowGridLayout(grid: ShowGridSize(columns: 4, rows: 1), totalColumns: 47, totalRows: 7, titled: true)
        let options = BlockArtOptions(symbols: .half, colors: .truecolor, dither: .none, scaling: .fit)
        let bitmaps: [Bitmap?] = [
            Self.quadrants(width: 40, height: 20), Self.quadrants(width: 12, height: 24), nil, Self.quadrants(width: 16, height: 16),
        ]
        let titles = ["a-rather-long-file-name.jpg", "日本の写真.jpg", "missing.jpg", "\u{1B}]0;owned\u{07}eve.png"]

        // When the row is composed
        let bytes = ShowGrid.row(bitmaps, titles: titles, writer: ShowGridWriter(layout: layout), options: options, pixels: nil)
        let text = String(decoding: bytes, as: UTF8.self)

        // Then it matches the golden, the titles line holds no control character, and no line
        // is wider than the grid
        GoldenFile.assertMatches(text, named: "show-grid-row.ansi")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 7)
        #expect(lines.last.map { !$0.unicodeScalars.contains { $0.value < 0x20 } } == true)
        for line in lines {
            let visible = line.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
            #expect(visible.count <= 47, "\(visible)")
        }
    }

    @Test func pixelRowsPlaceEachPictureAtItsBoxFromASavedCursor() {
        // Given two kitty-like payloads in a 2-column grid of 20-column boxes
        let layout = ShowGridLayout(grid: ShowGridSize(columns: 2, rows: 1), totalColumns: 41, totalRows: 10, titled: false)
        let row = ShowGridWriter(layout: layout).pixelRow([Array("<one>".utf8), Array("<two>".utf8)], height: 3, titles: [])
        // Then room is made, the cursor saved, each picture written at its column, and the cursor left below
        #expect(String(decoding: row, as: UTF8.self) == "\n\n\n\u{1B}[3A\r\u{1B}7\u{1B}8<one>\u{1B}8\u{1B}[21C<two>\u{1B}8\u{1B}[3B\r")
    }

    static func quadrants(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                bitmap[x, y] =
                    y < height / 2
                    ? (x < width / 2 ? RGBA(230, 20, 20) : RGBA(20, 200, 20))
                    : (x < width / 2 ? RGBA(20, 20, 230) : RGBA(250, 250, 250))
            }
        }
        return bitmap
    }
}

/// Compares text with a golden file under `Tests/PhotofeedCommandTests/Golden/`.
enum GoldenFile {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func assertMatches(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        let recording = ProcessInfo.processInfo.environment["PHOTOFEED_RECORD_GOLDEN"] == "1"
        guard !recording, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try? Data(actual.utf8).write(to: url)
            if !recording { Issue.record("recorded missing golden \(name); review and commit it", sourceLocation: sourceLocation) }
            return
        }
        #expect(actual == expected, "differs from golden \(name) (PHOTOFEED_RECORD_GOLDEN=1 re-records)", sourceLocation: sourceLocation)
    }
}
