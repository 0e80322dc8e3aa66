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

@Suite struct GroupedDigitsTests {
    @Test func countsAreGroupedByThrees() {
        #expect(0.groupedDigits == "0")
        #expect(999.groupedDigits == "999")
        #expect(2_680.groupedDigits == "2,680")
        #expect(20_010.groupedDigits == "20,010")
        #expect(1_234_567.groupedDigits == "1,234,567")
        #expect((-1_000).groupedDigits == "-1,000")
        #expect(Int.min.groupedDigits == "-9,223,372,036,854,775,808")
    }
}
