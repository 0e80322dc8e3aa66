import BlockArt
import Testing

@Suite struct SymbolSetLocaleTests {
    private func unicode(_ environment: [String: String]) -> Bool {
        SymbolSet.localeIsUTF8(environment: environment)
    }

    @Test func aUTF8LocaleAmongColourVariables() {
        #expect(unicode(["TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "en_US.UTF-8"]))
    }

    @Test func unicodeFromTheFirstSetLocaleVariable() {
        #expect(unicode(["LANG": "en_GB.UTF-8"]))
        #expect(unicode(["LC_CTYPE": "C.utf8", "LANG": "C"]))
        // LC_ALL overrides the others.
        #expect(!unicode(["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
        #expect(!unicode([:]))
        #expect(SymbolSet.preferred(environment: ["LANG": "en_US.UTF-8"]) == .sextant)
        #expect(SymbolSet.preferred(environment: ["LANG": "POSIX"]) == .ascii)
    }

    @Test func matchingIsByBytesAnyCaseAnywhereInTheName() {
        // Given locale names spelt the ways systems spell them
        // Then the charset word is found in any case, with or without hyphens,
        // and partial or too-short names do not match.
        #expect(unicode(["LANG": "de_DE.Utf-8@euro"]))
        #expect(unicode(["LANG": "UTF8"]))
        #expect(unicode(["LANG": "ja_JP.uutf--8"]))
        #expect(!unicode(["LANG": "en_US.UTF-16"]))
        #expect(!unicode(["LANG": "utf"]))
        #expect(!unicode(["LANG": "de_DE.ISO-8859-1"]))
    }
}
