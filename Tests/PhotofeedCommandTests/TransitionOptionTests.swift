import ArgumentParser
import Testing
import FeedViewer

@testable import photofeed

/// `--transition` reads `none` and `fade` (any case), is `fade` when not given, and refuses the rest.
@Suite("--transition parses")
struct TransitionOptionTests {
    @Test func namesAndTheDefault() throws {
        // Given the flag absent, or each name as written, When parsed, Then the transition
        #expect(try TransitionOptions.parse([]).transition == .fade)
        #expect(try TransitionOptions.parse(["--transition", "none"]).transition == PictureTransition.none)
        #expect(try TransitionOptions.parse(["--transition", "FADE"]).transition == .fade)
    }

    @Test func otherNamesAreRefused() {
        // Given a transition photofeed does not have, When parsed, Then it is refused with the names it has
        do {
            _ = try TransitionOptions.parse(["--transition", "reveal"])
            Issue.record("reveal was accepted")
        } catch {
            #expect(TransitionOptions.message(for: error).contains("none or fade"))
        }
    }
}
