import Testing
import Vocabulary

@Suite("Colour depth: one type, its two words")
struct ColorDepthWordsTests {
    @Test func argumentsReadBackAndNamesAreTheReportedOnes() {
        // Given every depth
        // Then its --colors word reads back to it, and its name is the one --probe prints
        for depth in ColorDepth.allCases {
            #expect(ColorDepth(argument: depth.argument) == depth)
        }
        #expect(ColorDepth.allCases.map(\.argument) == ["none", "16", "256", "truecolor"])
        #expect(ColorDepth.allCases.map(\.name) == ["none", "16", "256", "24-bit"])
        #expect(ColorDepth(argument: "24-bit") == nil)
        #expect(ColorDepth(argument: "TRUECOLOR") == nil)
    }

    @Test func depthsAreOrderedByColoursAndOnlyPalettesAreQuantized() {
        #expect(ColorDepth.none < .ansi16 && ColorDepth.ansi16 < .palette256 && ColorDepth.palette256 < .truecolor)
        #expect(ColorDepth.allCases.filter(\.isQuantized) == [.ansi16, .palette256])
    }
}
