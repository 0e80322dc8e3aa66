import ArgumentParser
import Testing
import FeedViewer

@testable import photofeed

/// `--text` turns the screen-reader mode on, and with it everything that moves or draws pictures off.
@Suite("--text: the screen-reader mode's options")
struct TextModeOptionTests {
    @Test func textTurnsOffPicturesTransitionsAndAnimation() throws {
        // Given --text with a pixel backend and a transition asked for
        let parsed = try ViewerOptions.parse(["--text", "--graphics", "kitty", "--transition", "fade", "--animate", "on"])
        // When the viewer's options are made
        let options = try parsed.viewerOptions(screenColors: .truecolor, unicode: true)
        // Then the mode is on, pictures are block art (never drawn), nothing fades or plays
        #expect(options.text)
        #expect(options.graphics == .blocks)
        #expect(options.graphicsChoices == [.blocks])
        #expect(options.transition == PictureTransition.none)
        #expect(options.animation == .off)
        #expect(options.itemLayout is TextLayout)
    }

    @Test func aDumbTerminalMeansTextAndOtherwiseItIsOff() throws {
        // Given no flag, When the terminal is dumb or not, Then the mode follows it; --text always
        #expect(try ViewerOptions.parse([]).textMode(term: "dumb"))
        #expect(try !ViewerOptions.parse([]).textMode(term: "xterm-256color"))
        #expect(try ViewerOptions.parse(["--text"]).textMode(term: "xterm-256color"))
        // And the config file may name it (its catalogue is the flags' own)
        #expect(ConfigOptionCatalog.viewer.kinds["text"] == .flag)
    }
}
