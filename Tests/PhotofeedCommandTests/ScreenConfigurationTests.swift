import Testing
@testable import photofeed
import TerminalScreen

/// The screen as the environment configures it: inside GNU screen, no mouse reports (screen
/// holds a lone Escape until the next key while one is on) and the screen cleared on the way
/// out; elsewhere the wheel and clicks, and the alternate screen left as it is.
@Suite("View command: the screen's configuration")
struct ScreenConfigurationTests {
    @Test func insideGNUScreenTheMouseStaysOffSoEscapeComesAtOnce() throws {
        // Given the viewer's options without a probe (nothing asked)
        let options = try ViewerOptions.parse([])

        // When the screen is configured inside GNU screen, and inside tmux and xterm
        let screen = ViewCommand.screenConfiguration(probe: nil, options: options, environment: ["STY": "123.pts-0.host", "TERM": "screen-256color"])
        let tmux = ViewCommand.screenConfiguration(probe: nil, options: options, environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "screen-256color"])
        let xterm = ViewCommand.screenConfiguration(probe: nil, options: options, environment: ["TERM": "xterm-256color"])

        // Then only GNU screen goes without mouse reports, and clears what it drew when it closes
        #expect(!screen.enablesMouse && screen.clearsOnClose)
        #expect(tmux.enablesMouse && !tmux.clearsOnClose)
        #expect(xterm.enablesMouse && !xterm.clearsOnClose)
    }
}
