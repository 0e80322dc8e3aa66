import Testing
import Vocabulary

@testable import PhotoShow

/// `--place COLSxROWS@LEFTxTOP`, as kitty's `icat --place` takes it: cells counted from 0.
@Suite("--place: parsing the box")
struct ShowPlacementParsingTests {
    @Test func aBoxIsColumnsRowsThenLeftAndTopFromZero() throws {
        // Given kitty's syntax
        // When it is parsed
        let box = try ShowPlacement.parse("40x20@60x1")
        // Then the size and the top-left cell are as written, counted from 0
        #expect(box.rect == CellRect(origin: CellPoint(row: 1, column: 60), size: CellSize(columns: 40, rows: 20)))
        #expect(box.description == "40x20@60x1")
    }

    @Test func anUppercaseXAndTheScreensCornerAreTaken() throws {
        let box = try ShowPlacement.parse("1X1@0X0")
        #expect(box == ShowPlacement(columns: 1, rows: 1, left: 0, top: 0))
    }

    @Test(arguments: ["40x20", "40x20@60", "@60x1", "40x20@60x1@2", "40x@60x1", "-4x20@60x1", "40x20@-1x1", "4 0x20@1x1",
        "+4x20@1x1", "40x20@60x1x2", "forty by twenty", ""])
    func aMalformedBoxIsOneSentenceNamingTheSyntax(_ text: String) {
        // Given a value that is not COLSxROWS@LEFTxTOP
        // When it is parsed, then the error names the syntax, an example and what was given
        #expect {
            try ShowPlacement.parse(text)
        } throws: { error in
            let sentence = String(describing: error)
            return sentence.contains("COLSxROWS@LEFTxTOP") && sentence.contains("e.g. 40x20@60x1") && sentence.contains("(got \(text))")
        }
    }

    @Test func aBoxOfNoCellsOrTooManyIsRefusedWithItsLimits() {
        for text in ["0x20@0x0", "40x0@0x0", "1001x20@0x0"] {
            #expect {
                try ShowPlacement.parse(text)
            } throws: { String(describing: $0).contains("1…1000 cells a side") }
        }
        #expect {
            try ShowPlacement.parse("10x10@10000x0")
        } throws: { String(describing: $0).contains("0…9999") }
    }

    @Test func aBoxIsCutToTheScreen() {
        // Given a 100×30 screen
        let screen = CellSize(columns: 100, rows: 30)
        // Then a box running past its edges keeps only what is on it, a box inside it is as it was
        #expect(ShowPlacement(columns: 40, rows: 20, left: 70, top: 20).clipped(to: screen) == ShowPlacement(columns: 30, rows: 10, left: 70, top: 20))
        #expect(ShowPlacement(columns: 10, rows: 5, left: 0, top: 0).clipped(to: screen) == ShowPlacement(columns: 10, rows: 5, left: 0, top: 0))
        // And a box wholly off the screen is nothing
        #expect(ShowPlacement(columns: 10, rows: 5, left: 100, top: 0).clipped(to: screen) == nil)
        #expect(ShowPlacement(columns: 10, rows: 5, left: 0, top: 30).clipped(to: screen) == nil)
    }

    @Test func placeAndClearRefuseWhatTheyCannotHonour() {
        // Given settings that ask --place for what one box cannot show
        var grid = ShowSettings(images: ["a.jpg"], place: ShowPlacement(columns: 4, rows: 4, left: 0, top: 0))
        grid.grid = ShowGridSize(columns: 2, rows: 2)
        let sized = ShowSettings(images: ["a.jpg"], width: 10, place: ShowPlacement(columns: 4, rows: 4, left: 0, top: 0))
        let two = ShowSettings(images: ["a.jpg", "b.jpg"], place: ShowPlacement(columns: 4, rows: 4, left: 0, top: 0))
        let clearWithImage = ShowSettings(images: ["a.jpg"], clear: true)
        // Then each is one sentence saying why
        #expect(throws: ShowSettings.Invalid.self) { try grid.validate() }
        #expect(throws: ShowSettings.Invalid.self) { try sized.validate() }
        #expect(throws: ShowSettings.Invalid.self) { try two.validate() }
        #expect(throws: ShowSettings.Invalid.self) { try clearWithImage.validate() }
        // And --clear alone, and --place with one image, are valid
        #expect(throws: Never.self) { try ShowSettings(images: [], clear: true).validate() }
        #expect(throws: Never.self) {
            try ShowSettings(images: [], place: ShowPlacement(columns: 4, rows: 4, left: 0, top: 0), clear: true).validate()
        }
        #expect(throws: Never.self) {
            try ShowSettings(images: ["a.jpg"], place: ShowPlacement(columns: 4, rows: 4, left: 0, top: 0)).validate()
        }
    }
}
