import ArgumentParser
import FeedViewer
import Testing

@testable import photofeed

/// A damaged photo's mark follows the terminal's font (issue 50): ◐ where fonts are wide, the
/// CP437 shade ▒ on the Linux console and urxvt (half blocks only), `~` without UTF-8.
@Suite("The damaged photo's mark per terminal")
struct DamagedGlyphOptionTests {
    @Test func theMarkFollowsTheFontsGlyphs() throws {
        // Given the viewer's flags
        let parsed = try ViewerOptions.parse([])
        // When its options are made for a wide font, the Linux console's, and no UTF-8
        let wide = try parsed.viewerOptions(screenColors: .truecolor, unicode: true, glyphs: .quadrants)
        let console = try parsed.viewerOptions(screenColors: .ansi16, unicode: true, glyphs: .halfBlocks)
        let ascii = try parsed.viewerOptions(screenColors: .ansi16, unicode: false, glyphs: .halfBlocks)
        // Then the mark is ◐, ▒ and ~
        #expect(wide.glyphs.damaged == "◐")
        #expect(console.glyphs.damaged == "▒")
        #expect(ascii.glyphs.damaged == "~")
    }
}
