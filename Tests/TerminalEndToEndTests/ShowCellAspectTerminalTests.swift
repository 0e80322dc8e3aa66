import Foundation
import TestSupport
import Testing

/// `show` on a terminal that reports its cell size: the built binary on a pseudo-terminal whose
/// far end the test plays (``PlayedTerminal``), answering `CSI 16 t` with 8×19-pixel cells, as
/// alacritty with DejaVu Sans Mono does.
@Suite("show draws at the cell size the terminal reports", .tags(.realTime))
struct ShowCellAspectTerminalTests {
    /// A square photo (32×32 pixels).
    static let square = BuiltBinary.packageRoot.appendingPathComponent("Tests/CodecFixtures/conformance/pngsuite/basn2c16.png")

    /// alacritty's answers with 8×19-pixel cells: the cell size, and its DA1 (the fence).
    static let alacritty = "\u{1B}[6;19;8t\u{1B}[?6c"

    static let environment = [
        "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": BuiltBinary.scratchCacheHome.path,
        "XDG_CACHE_HOME": BuiltBinary.scratchCacheHome.path, "TERM": "alacritty", "COLORTERM": "truecolor",
        "LANG": "C.UTF-8",
    ]

    @Test func aSquarePhotoSixtyColumnsWideTakesTwentyFiveRowsOfEightByNineteenPixels() throws {
        // Given show of a square photo, 60 columns wide, on a terminal with 8×19-pixel cells
        let terminal = try PlayedTerminal(
            BuiltBinary.photofeed, ["show", "--width", "60", "--no-thumbnail-cache", Self.square.path],
            environment: Self.environment)
        // When the terminal answers the probe with its cell size
        #expect(terminal.answer(.text(Self.alacritty)))
        #expect(terminal.exitStatus(within: .seconds(20)) == 0)
        // Then the picture takes 25 rows: 475 pixels tall for 480 wide, square within half a cell
        // (at the 1:2 default it took 30: 570 pixels, 19 % too tall)
        let rows = terminal.output.count { $0 == 0x0A }
        #expect(rows == 25, "\(terminal.text.suffix(400).debugDescription)")
        // And it is drawn in quadrants, which alacritty's fonts have, not sextants
        #expect(!terminal.text.unicodeScalars.contains { (0x1FB00...0x1FB3B).contains($0.value) })
        #expect(terminal.text.unicodeScalars.contains { (0x2596...0x259F).contains($0.value) })
        #expect(terminal.modesRestored)
    }

    @Test func theProbeSaysWhichProportionsAndGlyphsAndWhy() throws {
        // Given show --probe on the same terminal
        let terminal = try PlayedTerminal(BuiltBinary.photofeed, ["show", "--probe"], environment: Self.environment)
        // When it answers
        #expect(terminal.answer(.text(Self.alacritty)))
        #expect(terminal.exitStatus(within: .seconds(20)) == 0)
        // Then the report names the cell, the proportions used and where they came from, and the glyphs
        let text = terminal.text
        #expect(text.contains("cell        8×19 px"), "\(text)")
        #expect(text.contains("proportions 8:19 (CSI 16 t: cell 8×19 px)"), "\(text)")
        #expect(text.contains("glyphs      quadrants (alacritty draws with the font, which may have no sextants)"), "\(text)")
    }
}
