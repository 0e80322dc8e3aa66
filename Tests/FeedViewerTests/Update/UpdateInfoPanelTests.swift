import Foundation
import FeedSources
import ImageCodecs
import ImageLoading
import Testing
import TerminalGraphics
import TerminalKit
import FeedViewer
import Vocabulary

@Suite("Update: the info panel reads the focused photo's file")
struct UpdateInfoPanelTests {
    private func harness() -> FeedHarness {
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(TestPhotos.files(10))
        return harness
    }

    private static func metadata(model: String) -> PhotoMetadata {
        var exif = ExifTags()
        exif.make = "FUJIFILM"
        exif.model = model
        exif.exposureTime = ExifTags.Fraction(1, 500)
        exif.fNumber = 4
        exif.iso = 200
        exif.dateTaken = "2024:09:14 18:42:05"
        exif.latitude = -33.8568
        exif.longitude = 151.2153
        return PhotoMetadata(header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 6240, height: 4160)), byteCount: 9_400_000, exif: exif)
    }

    private func readInfoKeys(_ effects: [FeedEffect]) -> [String] {
        effects.compactMap { if case .readInfo(let key, _) = $0 { key.id } else { nil } }
    }

    @Test func openingReadsTheFocusedPhotoOnceAndShowsWhatItSays() {
        // Given a list with photo 0 focused
        var harness = harness()
        // When I opens the info panel
        let opened = harness.press("I")
        // Then the focused photo's file is read, once, and the panel says so meanwhile
        #expect(readInfoKeys(opened) == ["0"])
        #expect(harness.text().contains("reading…"))
        #expect(readInfoKeys(harness.send(.tick)).isEmpty)
        // When its metadata arrives
        harness.send(.infoRead(PhotoKey(id: "0"), .success(Self.metadata(model: "X-T3"))))
        // Then the panel shows it, in words
        let text = harness.text()
        #expect(text.contains("JPEG · 6240×4160 · 9.4 MB"))
        #expect(text.contains("FUJIFILM X-T3"))
        #expect(text.contains("1/500 s · f/4 · ISO 200"))
        #expect(text.contains("2024-09-14 18:42:05"))
        #expect(text.contains("33.85680° S, 151.21530° E"))
        #expect(text.contains("/photos/0.jpg"))
    }

    @Test func movingTheFocusReadsTheNextPhotoAndALateAnswerForTheLastIsDropped() {
        // Given the panel open on photo 0, its file still being read
        var harness = harness()
        harness.press("I")
        // When the focus moves to photo 1
        let moved = harness.press("j")
        // Then photo 1 is read; photo 0's late answer changes nothing
        #expect(readInfoKeys(moved) == ["1"])
        harness.send(.infoRead(PhotoKey(id: "0"), .success(Self.metadata(model: "wrong one"))))
        #expect(!harness.text().contains("wrong one"))
        // And a failure is said as such
        harness.send(.infoRead(PhotoKey(id: "1"), .failure(ImageCodecError.truncated("JPEG header: the data ends"))))
        #expect(harness.text().contains("cannot be read"))
        // When I closes it, nothing more is read
        harness.press("I")
        #expect(readInfoKeys(harness.press("j")).isEmpty)
    }

    @Test func hostileTextInTheFileIsShownInert() {
        // Given metadata whose camera model holds escape sequences and a newline
        var harness = harness()
        harness.press("I")
        harness.send(.infoRead(PhotoKey(id: "0"), .success(Self.metadata(model: "X\u{1B}[2J\u{1B}]0;pwned\u{07}\nT3"))))
        // Then no control character reaches the frame
        let cells = harness.frame().cells.cells
        #expect(!cells.contains { $0.grapheme.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
    }
}

@Suite("Update: copy and open the focused photo")
struct UpdateCopyOpenTests {
    @Test func yCopiesThePathAndOOpensIt() {
        // Given a folder feed with photo 1 focused
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(TestPhotos.files(5))
        harness.press("j")
        // When y, then o, are pressed
        let copied = harness.press("y")
        let opened = harness.press("o")
        // Then the path goes to the clipboard (the status bar says so, and that the terminal
        // must allow it) and to xdg-open
        #expect(copied.contains { if case .copyToClipboard(Array("/photos/1.jpg".utf8)) = $0 { true } else { false } })
        #expect(opened.contains { if case .openExternally(Array("/photos/1.jpg".utf8), _) = $0 { true } else { false } })
        #expect(harness.model.message == "opening /photos/1.jpg with xdg-open")
        // And a failure to open is said in the status bar
        harness.send(.notice("cannot open /photos/1.jpg: xdg-open is not installed (Debian: xdg-utils)"))
        #expect(harness.model.shownMessage?.contains("xdg-utils") == true)
    }

    @Test func aPicsumPhotosPageAndTheColourProfileAreShown() {
        // Given a picsum photo whose feed names its page, focused with the panel open
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        var photos = TestPhotos.picsum(2)
        photos[0].page = URL(string: "https://unsplash.com/photos/yC-Yzbqy7PY")
        harness.showPage(photos)
        harness.press("I")
        // When its file is read, with a colour profile
        var metadata = PhotoMetadata(header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 400, height: 300)), byteCount: 9_000, exif: nil)
        metadata.colorProfile = "Display P3\u{1B}[2J"
        harness.send(.infoRead(PhotoKey(id: "0"), .success(metadata)))
        // Then the panel shows the page and the profile (made inert)
        let text = harness.text()
        #expect(text.contains("page      https://unsplash.com/photos/yC-Yzbqy7PY"), "\(text)")
        #expect(text.contains("colour    Display P3"))
        #expect(!text.contains("\u{1B}"))
    }

    @Test func aPicsumPhotoCopiesItsFullSizeURL() {
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(TestPhotos.picsum(3))
        let copied = harness.press("y")
        let text = copied.compactMap { if case .copyToClipboard(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }.first
        #expect(text?.contains("/id/0/") == true, "\(text ?? "nothing")")
    }
}

@Suite("The clipboard escape")
struct ClipboardEscapeTests {
    @Test func textIsSentAsBase64InOSC52AndCutOnACharacterBoundary() {
        #expect(String(decoding: Clipboard.copy("/a b/é.jpg"), as: UTF8.self) == "\u{1B}]52;c;L2EgYi/DqS5qcGc=\u{1B}\\")
        // A text longer than the limit ends on a whole character
        let long = String(repeating: "é", count: Clipboard.maxBytes)
        let sent = String(decoding: Clipboard.copy(long), as: UTF8.self)
        let base64 = sent.dropFirst("\u{1B}]52;c;".count).dropLast(2)
        let decoded = Data(base64Encoded: String(base64)).map { [UInt8]($0) } ?? []
        #expect(decoded.count <= Clipboard.maxBytes && String(validating: decoded, as: UTF8.self) != nil)
    }
}

@Suite("Golden frames: the info panel and marks")
struct InfoMarksGoldenTests {
    @Test func theInfoPanelWithACamerasEXIF() {
        // Given the info panel open on a photo whose EXIF names a camera and a place
        var harness = FeedHarness(
            screen: CellSize(columns: 90, rows: 30),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(TestPhotos.files(4))
        harness.press("I")
        var exif = ExifTags()
        exif.make = "FUJIFILM"
        exif.model = "X-T3"
        exif.lens = "XF35mmF1.4 R"
        exif.exposureTime = ExifTags.Fraction(1, 500)
        exif.fNumber = 4
        exif.iso = 200
        exif.focalLength = 35
        exif.focalLength35mm = 53
        exif.dateTaken = "2024:09:14 18:42:05"
        exif.dateOffset = "+01:00"
        exif.latitude = 51.50733
        exif.longitude = -0.12767
        exif.altitude = 35
        exif.software = "Darktable 4.4"
        exif.orientation = .right
        let metadata = PhotoMetadata(
            header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 6240, height: 4160), orientation: .right),
            byteCount: 9_400_000, exif: exif)
        harness.send(.infoRead(PhotoKey(id: "0"), .success(metadata)))
        // Then the frame is the golden one
        Golden.assertMatches(harness.text(), named: "info-panel.txt")
    }

    @Test func marksInTheListAndTheGrid() {
        // Given photos 1 and 2 marked, in the list and then in the grid
        var harness = FeedHarness(
            screen: CellSize(columns: 80, rows: 24), options: FeedViewerOptions(thumbnail: CellSize(columns: 10, rows: 4)))
        harness.showPage(TestPhotos.files(6))
        harness.press("jtt")
        Golden.assertMatches(harness.text(), named: "marks-list.txt")
        harness.press("v")
        Golden.assertMatches(harness.text(), named: "marks-grid.txt")
    }
}
