import Testing
import FeedViewer
import TerminalScreen
import TerminalText
import TerminalGraphics
import Vocabulary

@Suite("Text sanitising")
struct TextSanitizerTests {
    @Test func hostileAuthorBecomesPlainCharacters() {
        // Given an author name that tries to clear the screen and set the window title
        let hostile = "\u{1B}[2J\u{1B}]0;owned\u{07}Eve"
        // When it is sanitised
        let clean = TextSanitizer.sanitize(hostile)
        // Then only the harmless name is left, with no ESC, BEL or other control
        #expect(clean == "Eve")
        #expect(clean.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) })
    }

    @Test func hostileAuthorDrawsAsPlainCellsOnAScreen() {
        // Given a row whose author is hostile
        let model = RowViewModel(author: "\u{1B}[2J\u{1B}]0;owned\u{07}Eve", id: "7", state: .idle)
        // When its text column is drawn on a memory screen
        let screen = MemoryScreen(size: CellSize(columns: 20, rows: 3))
        screen.draw(RowTextView.render(model, width: 20, focused: false), at: .zero)
        screen.flush()
        // Then the frame holds the name and no escape or bell characters
        let text = screen.plainText()
        #expect(text.hasPrefix("Eve"))
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"))
    }

    @Test(arguments: [
        ("tab\there", "tab here"),
        ("line\nbreak\r\n", "line break  "),
        ("bell\u{07}", "bell"),
        ("del\u{7F}", "del"),
        ("c1 csi\u{9B}31mred", "c1 csired"),
        ("c1 osc\u{9D}title\u{9C}x", "c1 oscx"),
        ("dcs\u{1B}Pq#0;2;0;0;0\u{1B}\\end", "dcsend"),
        ("charset\u{1B}(Bok", "charsetok"),
        ("keypad\u{1B}=ok", "keypadok"),
        ("cursor\u{1B}[10;20Hok", "cursorok"),
        ("bidi\u{202E}txt\u{2066}x\u{2069}", "biditxtx"),
        ("nonchar\u{FFFE}", "nonchar\u{FFFD}"),
        ("\u{301}\u{301}leading marks", "leading marks"),
        ("日本語 café 👍🏽", "日本語 café 👍🏽"),
    ])
    func controlsAndSequencesAreRemoved(input: String, expected: String) {
        #expect(TextSanitizer.sanitize(input) == expected)
    }

    @Test func unterminatedSequencesSwallowOnlyTheSequence() {
        // An OSC without a terminator eats the rest: nothing after it can be trusted to be text.
        #expect(TextSanitizer.sanitize("ok\u{1B}]0;forever") == "ok")
        // A CSI cut by a non-parameter character ends there.
        #expect(TextSanitizer.sanitize("a\u{1B}[12é") == "aé")
    }

    @Test func veryLongInputIsCapped() {
        let long = String(repeating: "a", count: 10_000)
        #expect(TextSanitizer.sanitize(long).count == TextSanitizer.maximumScalars)
    }
}
