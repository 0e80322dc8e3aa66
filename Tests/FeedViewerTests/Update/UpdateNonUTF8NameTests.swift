import FeedSources
import Foundation
import FoundationExtras
import SystemPackage
import TerminalGraphics
import FeedViewer
import Testing
import Vocabulary

/// A row whose file name is not UTF-8 acts on that file: `y` copies its bytes, `o` hands its
/// bytes to xdg-open, `D` asks to move the URL of its bytes, and the screen shows the byte as
/// `\xFF`, never U+FFFD.
@Suite("Update: a name that is not UTF-8")
struct UpdateNonUTF8NameTests {
    /// e\xff.jpg and e\xEF\xBF\xBD.jpg in /photos, as a folder feed lists them.
    static func photos() -> [FeedPhoto] {
        [[0x65, 0xFF] as [UInt8], [0x65, 0xEF, 0xBF, 0xBD]].map { name in
            let file = FilePath(bytes: name + Array(".jpg".utf8))
            return FeedPhoto(
                id: FeedPhoto.fileID(file), author: FeedPhoto.fileID(file), size: PixelSize(width: 400, height: 300),
                origin: .file(directory: URL(fileURLWithPath: "/photos"), name: file))
        }
    }

    @Test func yOAndDTakeTheFocusedFilesOwnBytes() {
        // Given the two files, the first (e\xff.jpg) focused
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(Self.photos())
        let raw = Array("/photos/e".utf8) + [0xFF] + Array(".jpg".utf8)
        // When y and o are pressed
        let copied = harness.press("y")
        #expect(harness.model.message?.contains("/photos/e\\xFF.jpg") == true, "\(harness.model.message ?? "")")
        let opened = harness.press("o")
        // Then its raw bytes are copied (one shell word) and opened, not the U+FFFD name's
        #expect(copied.contains { if case .copyToClipboard(Array(ShellQuoting.quoted(raw).utf8)) = $0 { true } else { false } }, "\(copied)")
        #expect(opened.contains { if case .openExternally(raw, _) = $0 { true } else { false } }, "\(opened)")
        // When D is pressed, Then the question shows the byte escaped and y asks for the URL of its bytes
        harness.press("D")
        #expect(harness.model.shownMessage == "Move e\\xFF.jpg to the Trash? y moves it, any other key keeps it")
        let moved = harness.press("y")
        let url = URL(string: "file:///photos/e%FF.jpg")!
        #expect(moved.contains { if case .trash([TrashRequest(key: PhotoKey(id: "e\\xFF.jpg"), url: url)]) = $0 { true } else { false } }, "\(moved)")
        #expect(harness.model.message == "moving e\\xFF.jpg to the Trash…")
        // When the Trash says it moved, Then the status bar names it with the byte escaped, not U+FFFD
        let file = FreedesktopTrash.TrashedFile(
            originalPath: Array("/photos/e".utf8) + [0xFF] + Array(".jpg".utf8), trashedPath: Array("/t/files/e".utf8) + [0xFF],
            infoPath: Array("/t/info/e".utf8) + [0xFF])
        harness.send(.trashed(TrashOutcome(moved: [(PhotoKey(id: "e\\xFF.jpg"), file)], failures: [])))
        #expect(harness.model.message?.hasPrefix("moved e\\xFF.jpg to the Trash") == true, "\(harness.model.message ?? "")")
    }

    @Test func theInfoPanelShowsThePathWithTheByteEscaped() {
        // Given the first file focused with the info panel open
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(Self.photos())
        harness.press("I")
        // Then its path is shown with \xFF, and nothing on screen is U+FFFD standing for it
        let text = harness.text()
        #expect(text.contains("/photos/e\\xFF.jpg"), "\(text)")
        #expect(harness.model.infoSubject?.location == "/photos/e\\xFF.jpg")
    }
}
