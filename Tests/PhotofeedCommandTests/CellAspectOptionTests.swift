import ArgumentParser
import FeedViewer
import Testing
import Vocabulary

@testable import photofeed

/// `--cell-aspect W:H` (and the config key `cell-aspect`): the user's word for the cells'
/// proportions, over what the terminal reports.
@Suite("--cell-aspect: the cells' proportions as the user gives them")
struct CellAspectOptionTests {
    @Test func theFlagWinsOverTheTerminalsAnswer() throws {
        // Given --cell-aspect 8:19, and no flag
        let flagged = try ViewerOptions.parse(["--cell-aspect", "8:19"])
        let plain = try ViewerOptions.parse([])
        // When the viewer's options are made where the terminal reported 10×20 cells
        let reported = CellAspect(width: 10, height: 20)
        let given = try flagged.viewerOptions(screenColors: .truecolor, unicode: true, cellAspect: reported)
        let answered = try plain.viewerOptions(screenColors: .truecolor, unicode: true, cellAspect: CellAspect(width: 8, height: 17))
        let neither = try plain.viewerOptions(screenColors: .truecolor, unicode: true)
        // Then block art takes the flag's, else the terminal's, else 1:2
        #expect(given.art.cellAspect == 19.0 / 8)
        #expect(answered.art.cellAspect == 17.0 / 8)
        #expect(neither.art.cellAspect == 2)
    }

    @Test func theConfigFileNamesItAndNonsenseIsRefusedInWords() throws {
        // Given the config file's catalogue (the flags' own), and shapes no font has
        #expect(ConfigOptionCatalog.viewer.kinds["cell-aspect"] == .option)
        for bad in ["1:500", "0:2", "8x19", "-1:2"] {
            // Then each is refused with the sentence the command line prints
            var message = ""
            do {
                _ = try ViewerOptions.parse(["--cell-aspect=\(bad)"])
            } catch {
                message = ConfigOptionCatalog.sentence(for: error)
            }
            #expect(message.hasPrefix("--cell-aspect must be a cell's width and height as W:H"), "\(bad): \(message)")
        }
    }
}
