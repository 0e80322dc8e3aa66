import Testing
import TerminalUI

/// Escape sequences ncurses did not know arrive as characters: each is read whole, the known
/// ones become keys, and nothing of an unknown one leaks out as a key.
@Suite("Escape sequences read whole")
struct EscapeSequenceParserTests {
    /// Feeds `text` (what followed an ESC); the key it ended with, `.more` if it did not end.
    private func parse(_ text: String) -> EscapeSequenceParser.Step {
        var parser = EscapeSequenceParser()
        var step = EscapeSequenceParser.Step.more
        for scalar in text.unicodeScalars {
            step = parser.feed(scalar.value)
            if case .done = step { return step }
        }
        return step
    }

    @Test(arguments: [
        ("[1~", Key.home), ("[4~", .end), ("[7~", .home), ("[8~", .end), ("[H", .home), ("[F", .end), ("OH", .home), ("OF", .end),
        ("[5~", .pageUp), ("[6~", .pageDown), ("[A", .up), ("OB", .down), ("[1;5C", .right), ("[D", .left),
        ("OP", .function(1)), ("[15~", .function(5)), ("[24~", .function(12)),
    ])
    func knownSpellingsOfTheNamedKeys(sequence: String, key: Key) {
        // tmux's Home/End (ESC [ 1 ~ / ESC [ 4 ~) are not in xterm-256color's terminfo
        #expect(parse(sequence) == .done(key))
    }

    @Test func unknownAndAltSequencesAreDroppedWhole() {
        #expect(parse("[99~") == .done(nil))
        #expect(parse("[?1;2c") == .done(nil))  // a late device-attributes reply
        #expect(parse("[1 q") == .done(nil))  // an intermediate byte
        #expect(parse("j") == .done(nil))  // Alt+j
        #expect(parse("[" + String(repeating: "1", count: 100) + "~") == .done(nil))
    }

    @Test func aPasteIsSwallowedUpToItsEnd() {
        // Given a bracketed paste holding keys the viewer binds
        var parser = EscapeSequenceParser()
        var steps: [EscapeSequenceParser.Step] = []
        for scalar in "[200~qqjj\u{1B}[201~".unicodeScalars { steps.append(parser.feed(scalar.value)) }
        // Then nothing ends before the paste's end marker, and it ends as nothing
        #expect(steps.dropLast().allSatisfy { $0 == .more })
        #expect(steps.last == .done(nil))
    }

    @Test func aLoneEscapeIsTheEscapeKeyAndAPartialSequenceIsNothing() {
        #expect(EscapeSequenceParser().finish() == .escape)
        var partial = EscapeSequenceParser()
        #expect(partial.feed(UInt32(UInt8(ascii: "["))) == .more)
        #expect(partial.feed(UInt32(UInt8(ascii: "1"))) == .more)
        #expect(partial.finish() == nil)
    }
}

/// What one cell holds of a grapheme cluster.
@Suite("Cell graphemes")
struct CellGraphemeTests {
    @Test func joinedEmojiKeepTheirFirstGlyphAndMarksStay() {
        #expect(CellGrapheme.scalars(of: "👩‍💻").map(\.value) == [0x1F469])
        #expect(CellGrapheme.scalars(of: "a\u{200D}").map(\.value) == [0x61])
        #expect(CellGrapheme.scalars(of: "e\u{301}").map(\.value) == [0x65, 0x301])
        #expect(CellGrapheme.scalars(of: "❤\u{FE0F}").map(\.value) == [0x2764, 0xFE0F])
        #expect(CellGrapheme.scalars(of: "👍🏽").map(\.value) == [0x1F44D])
        // A kitty placeholder keeps its three diacritics
        let placeholder = KittyPlaceholder.grapheme(row: 1, column: 2, highByte: 3)
        #expect(CellGrapheme.scalars(of: placeholder).count == 4)
    }
}
