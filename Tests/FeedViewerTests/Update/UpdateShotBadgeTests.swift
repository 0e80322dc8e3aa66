import FeedSources
import Foundation
import SystemPackage
import Testing
import TerminalGraphics
import TerminalKit
import TerminalScreen
import Vocabulary
@testable import FeedViewer

/// A folder's photos with one RAW+JPEG shot among them, as the folder feed lists them.
enum ShotPhotos {
    /// `a.jpg`, `IMG_1.JPG` (with its companion `IMG_1.CR2`) and `c.jpg` in `/shoot`.
    static func folder(badge: String = "RAW+JPG") -> [FeedPhoto] {
        let folder = URL(fileURLWithPath: "/shoot")
        func photo(_ name: String, inode: UInt64) -> FeedPhoto {
            var photo = FeedPhoto(
                id: name, author: name, size: PixelSize(width: 600, height: 400),
                origin: .file(directory: folder, name: FilePath(name)),
                file: FeedPhoto.FileFacts(
                    byteCount: 1_000, modified: 0, identity: FileIdentity(device: 1, inode: inode, type: 0o100000),
                    folder: FileIdentity(device: 1, inode: 1, type: 0o040000)))
            if name == "IMG_1.JPG" {
                let raw = FeedPhoto.Companion(
                    name: FilePath("IMG_1.CR2"),
                    file: FeedPhoto.FileFacts(byteCount: 20_000, modified: 0, identity: FileIdentity(device: 1, inode: 99, type: 0o100000)))
                photo.shot = FeedPhoto.Shot(companions: [raw], badge: badge)
            }
            return photo
        }
        return [photo("a.jpg", inode: 10), photo("IMG_1.JPG", inode: 11), photo("c.jpg", inode: 12)]
    }
}

@Suite("Update: a RAW+JPEG shot's row, photo view, info panel and words show its badge")
struct UpdateShotBadgeTests {
    private func harness(text: Bool = false) -> FeedHarness {
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 20, rows: 4))
        options.text = text
        var harness = FeedHarness(screen: CellSize(columns: 80, rows: 18), options: options, feedName: "folder")
        harness.showPage(ShotPhotos.folder())
        return harness
    }

    @Test func theListAndTheGridShowTheBadgeOnTheShotsRowOnly() {
        // Given a folder of three photos, the second a RAW+JPEG shot
        var harness = harness()
        // Then the list's details line says RAW+JPG on the shot's row alone
        Golden.assertMatches(harness.text(), named: "shot-list.txt")
        #expect(harness.text().components(separatedBy: "RAW+JPG").count == 2)
        // When the grid is shown, the shot's caption has the badge before its name
        harness.press("v")
        Golden.assertMatches(harness.text(), named: "shot-grid.txt")
        #expect(harness.text().contains("RAW+JPG IMG_1.JPG"))
    }

    @Test func thePhotoViewTheInfoPanelAndTheWordsSayIt() {
        // Given the shot focused
        var harness = harness()
        harness.press("j")
        // When the info panel opens, its shot line names both files
        harness.press("I")
        #expect(harness.text().contains("shot      RAW+JPG: IMG_1.JPG and IMG_1.CR2"), "\(harness.text())")
        harness.press("I")
        // When the photo view opens, its info line has the badge
        harness.press(.enter)
        #expect(harness.text().contains("#IMG_1.JPG · RAW+JPG · 600×400"), "\(harness.text())")
        // And in the screen-reader mode, the shot's line says it, a single file's does not
        let words = self.harness(text: true)
        let lines = FrameText.plain(words.frame().cells).components(separatedBy: "\n")
        #expect(lines.contains { $0.contains("IMG_1.JPG, RAW+JPG") }, "\(lines)")
        #expect(!lines.contains { $0.contains("a.jpg") && $0.contains("RAW+") })
    }

    @Test func aHEIFShotSaysRAWPlusHEIF() {
        // Given a shot shown from a HEIF
        var harness = FeedHarness(
            screen: CellSize(columns: 80, rows: 18), options: FeedViewerOptions(thumbnail: CellSize(columns: 20, rows: 4)),
            feedName: "folder")
        harness.showPage(ShotPhotos.folder(badge: "RAW+HEIF"))
        // Then its row says RAW+HEIF
        #expect(harness.text().contains("#IMG_1.JPG · RAW+HEIF"))
    }
}
