import Testing
import TerminalScreen
import TerminalText

@Suite("Display width and truncation")
struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("\u{301}", 0), ("日", 2), ("한", 2), ("ｱ", 1), ("Ａ", 2),
        ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇫🇷", 2), ("☔", 2), ("☔\u{FE0E}", 1), ("❤\u{FE0F}", 2), ("❤", 1),
        ("\u{200B}", 0), ("─", 1), ("▓", 1), ("⠹", 1), ("✗", 1),
    ])
    func characterWidths(character: String, width: Int) {
        #expect(DisplayWidth.of(character) == width, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func stringWidthSumsClusters() {
        #expect(DisplayWidth.of("日本 ok") == 7)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test func truncationAddsAnEllipsisAndNeverSplitsAWideCharacter() {
        // 日本語のテキスト is 16 columns; in 7 columns "日本語" (6) + "…" (1) fits
        #expect(TextTruncation.truncate("日本語のテキスト", toWidth: 7) == "日本語…")
        // in 6 columns only "日本" + "…" fits: the third character would be split
        #expect(TextTruncation.truncate("日本語のテキスト", toWidth: 6) == "日本…")
        #expect(DisplayWidth.of(TextTruncation.truncate("日本語のテキスト", toWidth: 6)) == 5)
    }

    @Test func truncationKeepsTextThatFitsAndHandlesTinyWidths() {
        #expect(TextTruncation.truncate("hello", toWidth: 5) == "hello")
        #expect(TextTruncation.truncate("hello", toWidth: 4) == "hel…")
        #expect(TextTruncation.truncate("hello", toWidth: 1) == "…")
        #expect(TextTruncation.truncate("hello", toWidth: 0) == "")
        #expect(TextTruncation.truncate("hello", toWidth: 2, ellipsis: "...") == "he")
        #expect(TextTruncation.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
    }

    @Test func fitPadsToTheExactWidth() {
        #expect(TextTruncation.fit("日本", toWidth: 6) == "日本  ")
        #expect(DisplayWidth.of(TextTruncation.fit("日本語のテキスト", toWidth: 6)) == 6)
    }
}
