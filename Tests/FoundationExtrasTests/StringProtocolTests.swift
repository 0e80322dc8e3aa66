import FoundationExtras
import Testing

@Suite struct TrimmingTests {
    @Test func trimsSpacesAndTabsButKeepsNewlinesUnlessAsked() {
        #expect(" \ta b\t ".trimmingWhitespace() == "a b")
        #expect("\n a \n".trimmingWhitespace() == "\n a \n")
        #expect("\r\n a\u{00A0}\n".trimmingWhitespace(includingNewlines: true) == "a")
        #expect("   ".trimmingWhitespace() == "")
        #expect("\"x\"".trimming { $0 == "\"" } == "x")
    }
}

@Suite struct PaddingTests {
    @Test func padsOrCuts() {
        #expect("ab".padded(toLength: 4) == "ab  ")
        #expect("abcdef".padded(toLength: 4) == "abcd")
        #expect("".padded(toLength: 0) == "")
    }
}
