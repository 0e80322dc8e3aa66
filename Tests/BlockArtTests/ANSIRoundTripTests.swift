import BlockArt
import Testing
import Vocabulary

@Suite struct ANSIRoundTripTests {
    @Test(arguments: SymbolSet.allCases, ColorDepth.allCases)
    func writerOutputParsesBackToTheSameGrid(symbols: SymbolSet, colors: ColorDepth) {
        // Given a rendered grid of a varied picture
        let grid = BlockArtRenderer(options: BlockArtOptions(symbols: symbols, colors: colors, dither: .ordered))
            .render(TestBitmaps.pattern(width: 90, height: 60), in: CellSize(columns: 30, rows: 15))
        // When it is written and parsed back
        let parsed = ANSIParser().grid(from: ANSIWriter().bytes(for: grid))
        // Then every cell looks the same
        #expect(parsed.size == grid.size)
        #expect(parsed.looksSame(as: grid))
    }

    @Test func writerEmitsOnlyWhatChanges() {
        // Given three cells sharing a foreground, the last also sharing the background
        let red = CellColor.rgb(255, 0, 0), blue = CellColor.rgb(0, 0, 255), green = CellColor.indexed(46)
        let grid = CellGrid(columns: 4, rows: 1, cells: [
            Cell(glyph: "▀", foreground: red, background: blue),
            Cell(glyph: "▀", foreground: red, background: green),
            Cell(glyph: "▄", foreground: red, background: green),
            Cell(glyph: " ", foreground: blue, background: .indexed(3)),
        ])!
        // Then each escape carries only the changed colours, a space sets no foreground,
        // and the line ends with a reset
        #expect(ANSIWriter().string(for: grid)
            == "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[48;5;46m▀▄\u{1B}[43m \u{1B}[0m\n")
    }

    @Test func defaultColoursNeedNoEscapes() {
        let grid = CellGrid(columns: 2, rows: 2, fill: Cell(glyph: "#"))
        #expect(ANSIWriter().string(for: grid) == "##\n##\n")
    }

    @Test func parserReadsOtherToolsDialects() {
        // Given chafa-style output: a leading reset, cursor hiding, bright and inverse codes
        let text = "\u{1B}[?25l\u{1B}[0m\u{1B}[91;100m▘\u{1B}[7m▘\u{1B}[27;39;49m \u{1B}[38:2:1:2:3m▗\u{1B}[0m\n\u{1B}[?25h"
        let grid = ANSIParser().grid(from: text)
        #expect(grid.size == CellSize(columns: 4, rows: 1))
        #expect(grid[0, 0] == Cell(glyph: "▘", foreground: .indexed(9), background: .indexed(8)))
        #expect(grid[1, 0] == Cell(glyph: "▘", foreground: .indexed(8), background: .indexed(9)))
        #expect(grid[2, 0] == Cell(glyph: " "))
        #expect(grid[3, 0].foreground == .rgb(1, 2, 3))
    }
}
