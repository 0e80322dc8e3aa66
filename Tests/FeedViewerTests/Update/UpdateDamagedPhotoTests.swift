import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import Testing
import TerminalGraphics
import TerminalKit
@testable import FeedViewer
import TerminalScreen
import Vocabulary

/// A photo drawn from a damaged file or a download cut for good (issue 50): a successful load
/// that carries its damage, marked on its row (◐, `~` in ASCII), said in the status bar when it
/// is focused, in the info panel with its reason, in words in the screen-reader mode, and kept
/// retryable by `r` and `R`.
@Suite("Update: a damaged photo is shown and said")
struct UpdateDamagedPhotoTests {
    private static let damage = ImageDamage(
        decodedRows: 36, rows: 60, isTruncated: true, reason: "the JPEG data ends before the image is complete")

    private func harness(glyphs: GlyphSet = .unicode, layout: LayoutKind = .list, text: Bool = false) -> FeedHarness {
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), layout: layout, glyphs: glyphs)
        options.text = text
        var harness = FeedHarness(options: options)
        harness.showPage(TestPhotos.files(10))
        return harness
    }

    private static func damaged(source: ImageResponse.Source = .network) -> ImagePhase {
        var response = ImageResponse(
            bitmap: FakeImages.bitmap(width: 80, height: 60), source: source, byteCount: 2_048, bytesTransferred: 2_048,
            originalSize: PixelSize(width: 80, height: 60), timings: .init())
        response.damage = damage
        return .success(response)
    }

    @Test func theRowShowsTheDamagedMarkAndTheStatusBarSaysItWhenFocused() {
        // Given a list of files, the first focused
        var harness = harness()
        // When its load ends in a damaged picture
        harness.deliver(Self.damaged(), to: "0")
        // Then its row shows the picture with the damaged mark and the share decoded
        let text = harness.text()
        #expect(text.contains("◐ damaged 60%"))
        // And the status bar says it while it is focused
        #expect(text.contains("◐ damaged: 60 % decoded"))
        // When the focus moves to a whole photo, the status bar no longer says it (the row still does)
        harness.deliver(FakeImages.success(), to: "1")
        harness.press("j")
        let moved = harness.text()
        #expect(!moved.contains("damaged: 60 % decoded"))
        #expect(moved.contains("◐ damaged 60%"))
    }

    @Test func asciiGlyphsMarkItWithATilde() {
        // Given a terminal without UTF-8
        var harness = harness(glyphs: .ascii)
        // When the photo is damaged
        harness.deliver(Self.damaged(), to: "0")
        // Then the mark is ASCII
        let text = harness.text()
        #expect(text.contains("~ damaged 60%"))
        #expect(!text.contains("◐"))
    }

    @Test func theGridCaptionCarriesTheMarkBeforeTheName() {
        // Given the grid
        var harness = harness(layout: .grid)
        // When a photo is damaged
        harness.deliver(Self.damaged(), to: "0")
        // Then its caption starts with the mark and the share
        #expect(harness.text().contains("◐ 60%"))
    }

    @Test func theInfoPanelGivesTheDamageWithItsReason() {
        // Given a damaged photo focused
        var harness = harness()
        harness.deliver(Self.damaged(), to: "0")
        // When the info panel opens
        harness.press("I")
        // Then its first line says how much decoded and why
        #expect(harness.text().contains("damaged   60 % decoded (the JPEG data ends before the image is complete)"))
    }

    @Test func theScreenReaderModeSaysItInWords() {
        // Given the screen-reader mode
        var harness = harness(text: true)
        // When the focused photo's load ends damaged
        harness.deliver(Self.damaged(), to: "0")
        // Then its line and the news say it was loaded, damaged, and why
        let text = harness.text()
        // (the bottom line is cut at the screen's width)
        #expect(text.contains("photo 1 loaded from the file in 0 ms, damaged: 60 % decoded (the JPEG data ends"))
        #expect(text.contains("Photo 1 of 10, A0, 400 by 300, loaded from the file in 0 ms, damaged: 60 %"))
    }

    @Test func rAndCapitalRLoadADamagedPhotoAgain() {
        // Given photo 0 damaged, photo 1 whole
        var harness = harness()
        harness.deliver(Self.damaged(), to: "0")
        harness.deliver(FakeImages.success(), to: "1")
        // When R retries every failed or damaged photo
        let all = harness.press("R")
        // Then the damaged one loads again, the whole one does not, and its mark is gone meanwhile
        #expect(all.startedIDs == ["0"])
        #expect(!harness.text().contains("damaged"))
        // When it comes damaged again, r on it loads it again too
        harness.deliver(Self.damaged(), to: "0")
        #expect(harness.press("r").startedIDs == ["0"])
    }

    @Test func theDetailViewSaysItUnderThePicture() {
        // Given a damaged photo opened in the detail view
        var harness = harness()
        harness.deliver(Self.damaged(), to: "0")
        harness.press(.enter)
        // When the detail view's own load ends damaged
        harness.deliverDetail(Self.damaged())
        // Then its state line starts with the mark and the share
        #expect(harness.text().contains("◐ damaged 60%"))
        // When it is loaded whole (a retry that came whole), the mark goes
        harness.deliverDetail(FakeImages.success())
        #expect(!harness.text().contains("◐ damaged"))
    }
}
