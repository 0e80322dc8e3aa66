import Testing
import Vocabulary

@Suite struct CellAspectTests {
    @Test func aspectsParseAsWidthToHeight() {
        // Given the words --cell-aspect takes
        // Then each names a cell's width to its height, and says it back the same way
        #expect(CellAspect(argument: "1:2") == .standard)
        #expect(CellAspect(argument: "8:19")?.ratio == 19.0 / 8)
        #expect(CellAspect(argument: "8:19")?.description == "8:19")
        #expect(CellAspect(argument: "1:2.2")?.description == "1:2.2")
        #expect(CellAspect(cell: PixelSize(width: 9, height: 15))?.description == "9:15")
        #expect(CellAspect.standard.ratio == 2)
    }

    @Test func nonsenseIsRefused() {
        // Given shapes no font has, and words that are not an aspect
        let refused = ["", "1", "1:", ":2", "0:2", "1:0", "-1:2", "1:-2", "1:500", "500:1", "nan:1", "inf:2", "1:2:3", "a:b", "1x2"]
        // Then none is taken
        for word in refused { #expect(CellAspect(argument: word) == nil, "\(word)") }
        #expect(CellAspect(cell: PixelSize(width: 0, height: 16)) == nil)
        #expect(CellAspect(cell: PixelSize(width: 2, height: 200)) == nil)
        // And the bounds themselves are believed: twice as wide, four times as tall
        #expect(CellAspect(argument: "2:1") != nil && CellAspect(argument: "1:4") != nil)
    }
}
