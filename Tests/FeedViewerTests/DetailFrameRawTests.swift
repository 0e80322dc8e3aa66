import Foundation
import FeedViewer
import TerminalScreen
import Testing
import Vocabulary

/// The detail view's info line says what a camera RAW file is drawn from: its embedded
/// preview, or its sensor data developed (`E`); a photo with no RAW file says neither.
@Suite("Detail frame: preview or developed")
struct DetailFrameRawTests {
    private func lines(_ raw: String?) -> [String] {
        var model = DetailFrameModel(
            title: "IMG_1.CR2", id: "IMG_1.CR2", imageSize: CellSize(columns: 2736, rows: 1824), source: "~/shoot",
            state: .loaded(source: .disk, bytes: 1_000, duration: .milliseconds(5)))
        model.rawPicture = raw
        let screen = MemoryScreen(size: CellSize(columns: 80, rows: 12))
        DetailFrame.draw(model, on: screen)
        screen.flush()
        return screen.plainText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func infoLine(_ raw: String?) -> String { lines(raw)[1] }

    @Test func theHintsOfferEOnlyForARAWShownFromItsPreview() {
        // Given the detail frame of a RAW from its preview, developed, and of a JPEG
        // When each is drawn
        // Then only the preview's hints (the last line) offer E
        #expect(lines("preview").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("E develop") == true)
        #expect(lines("developed").contains { $0.contains("E develop") } == false)
        #expect(lines(nil).contains { $0.contains("E develop") } == false)
    }

    @Test func theInfoLineSaysPreviewOrDeveloped() {
        // Given the detail frame of a RAW, from its preview and developed, and of a JPEG
        // When each is drawn
        let preview = infoLine("preview")
        let developed = infoLine("developed")
        let plain = infoLine(nil)

        // Then the line after the size says which, and nothing for the JPEG
        #expect(preview.contains("2736×1824 · preview"))
        #expect(developed.contains("2736×1824 · developed"))
        #expect(!plain.contains("preview") && !plain.contains("developed"))
    }
}
