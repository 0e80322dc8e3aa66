import FoundationExtras
import Testing

/// Paths as shell words: plain names as they are, anything a shell reads specially quoted,
/// controls and bytes that are not UTF-8 escaped, as `ls --quoting-style=shell-escape` does.
@Suite struct ShellQuotingTests {
    private func quoted(_ text: String) -> String { ShellQuoting.quoted(Array(text.utf8)) }

    @Test func plainNamesAreLeftAsTheyAre() {
        #expect(quoted("/photos/a.jpg") == "/photos/a.jpg")
        #expect(quoted("/p/IMG_0001,v2+x%20@host:8~1#2.jpg") == "/p/IMG_0001,v2+x%20@host:8~1#2.jpg")
        #expect(quoted("/p/été日本.jpg") == "/p/été日本.jpg")
    }

    @Test func spacesQuotesAndShellCharactersAreSingleQuoted() {
        #expect(quoted("/p/a b.jpg") == "'/p/a b.jpg'")
        #expect(quoted("/p/it's.jpg") == "'/p/it'\\''s.jpg'")
        #expect(quoted("/p/\"x\".jpg") == "'/p/\"x\".jpg'")
        for special in ["$(rm -rf ~)", "`id`", "a;b", "a|b", "a&b", "*", "?", "[a]", "{a,b}", "a=b", "a^b", "!", "<", ">", "\\", "(", ")"] {
            #expect(quoted(special) == "'\(special)'", "\(special)")
        }
    }

    @Test func newlinesAndEscapesAreDollarQuotedSoAPasteRunsNothing() {
        // Given: a name with newlines around a command, and one that clears the screen when shown
        #expect(quoted("/p/x\nline; touch PWNED\n.jpg") == "$'/p/x\\nline; touch PWNED\\n.jpg'")
        #expect(quoted("/p/\u{1B}[2J\u{1B}[H") == "$'/p/\\033[2J\\033[H'")
        #expect(quoted("a\tb\u{7F}") == "$'a\\tb\\177'")
        // A quote and a backslash beside a control are escaped inside $'…'
        #expect(quoted("it's\\\n") == "$'it\\'s\\\\\\n'")
        // A digit after an escape is not read into it: always three octal digits
        #expect(quoted("\u{01}7") == "$'\\0017'")
    }

    @Test func c1ControlsAreEscapedAsUTF8AndAsRawBytes() {
        // U+009B (CSI in UTF-8: C2 9B) and the raw byte 0x9B (not UTF-8)
        #expect(quoted("a\u{9B}b") == "$'a\\302\\233b'")
        #expect(ShellQuoting.quoted([0x61, 0x9B, 0x62]) == "$'a\\233b'")
        // Bidirectional overrides, which reorder what is shown, too
        #expect(quoted("a\u{202E}b") == "$'a\\342\\200\\256b'")
    }

    @Test func bytesThatAreNotUTF8AreEscapedOneByOne() {
        #expect(ShellQuoting.quoted([0x65, 0xFF, 0x2E, 0x6A, 0x70, 0x67]) == "$'e\\377.jpg'")
        // A cut sequence, an overlong encoding, a surrogate: each byte escaped, the rest kept
        #expect(ShellQuoting.quoted([0xE2, 0x82, 0x41]) == "$'\\342\\202A'")
        #expect(ShellQuoting.quoted([0xC0, 0xAF]) == "$'\\300\\257'")
        #expect(ShellQuoting.quoted([0xED, 0xA0, 0x80]) == "$'\\355\\240\\200'")
        // Printable UTF-8 beside them stays as it is
        #expect(ShellQuoting.quoted(Array("é".utf8) + [0xFF]) == "$'é\\377'")
    }

    @Test func aLeadingTildeOrHashIsQuotedALeadingDashIsNot() {
        #expect(quoted("~user/a.jpg") == "'~user/a.jpg'")
        #expect(quoted("#a.jpg") == "'#a.jpg'")
        // Quoting cannot stop a command reading an option; photofeed's paths are absolute
        #expect(quoted("-rf.jpg") == "-rf.jpg")
    }

    @Test func emptyIsAnEmptyWord() {
        #expect(ShellQuoting.quoted([UInt8]()) == "''")
    }

    @Test func theWordNeverHoldsAControlOrAByteThatIsNotUTF8() {
        // Given: every single byte, and every byte after a lead byte
        for first in UInt8.min...UInt8.max {
            for bytes in [[first], [0xC3, first], [first, 0x41]] {
                let word = ShellQuoting.quoted(bytes)
                #expect(!word.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(bytes)")
            }
        }
    }
}
