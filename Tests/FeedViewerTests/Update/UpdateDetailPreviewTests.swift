import FeedSources
import Foundation
import ImageLoading
import Testing
import TerminalKit
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// Issue 13: the detail view opens at once with the row's thumbnail scaled up (it is in memory
/// already) and sharpens as previews and then the larger image arrive; rows draw a progressive
/// JPEG's previews in place of the placeholder and say `preview · scan N`.
@Suite("Update: thumbnails and previews in place of placeholders")
struct UpdateDetailPreviewTests {
    private func harness(screen: CellSize = CellSize(columns: 64, rows: 24)) -> FeedHarness {
        var harness = FeedHarness(
            screen: screen, options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        let base = URL(fileURLWithPath: "/").appendingPathComponent("feed")
        let photos = ["Alejandro Escamilla", "Paul Jarvis"].enumerated().map { index, author in
            FeedPhoto(
                id: String(index + 10), author: author, size: PixelSize(width: 400, height: 300),
                origin: .picsum(base: base, cacheNamespace: nil))
        }
        harness.showPage(photos, summary: "fake feed")
        return harness
    }

    private func preview(
        scan: Int, width: Int = 64, height: Int = 48, completed: Int = 3_000, coarse: Bool = false
    ) -> ImagePhase {
        .preview(
            ImagePreview(
                bitmap: FakeImages.bitmap(width: width, height: height), scan: scan,
                progress: LoadProgress(completed: completed, total: 10_000), isCoarse: coarse))
    }

    @Test func theDetailViewOpensWithTheRowsThumbnailScaledUp() throws {
        // Given a loaded row (its 64×48 thumbnail is in memory)
        var harness = harness()
        harness.deliver(FakeImages.success(width: 64, height: 48), to: "10")
        let row = try #require(harness.frame().pictures.first { $0.key != "detail" }?.picture)

        // When Enter opens the detail view, before its own load reports anything
        let effects = harness.press(.enter)

        // Then the detail load starts, and the box already shows the thumbnail, scaled up to fill it
        #expect(effects.loads.contains { $0.slot == .detail })
        let frame = harness.frame()
        let placed = try #require(frame.pictures.first { $0.key == "detail" })
        #expect(placed.picture.size.columns > row.size.columns)
        #expect(placed.picture.size.rows > row.size.rows)
        // (no placeholder frame: the box is the picture from the first frame)
        #expect(harness.text() == harness.text(animationFrame: 5))

        // When the detail's larger image arrives, Then it replaces the thumbnail
        harness.deliverDetail(.loading(LoadProgress(completed: 1_000, total: 4_000)))
        #expect(harness.frame().pictures.first { $0.key == "detail" }?.picture == placed.picture)
        harness.deliverDetail(FakeImages.success(width: 240, height: 180))
        let sharp = try #require(harness.frame().pictures.first { $0.key == "detail" })
        #expect(sharp.picture != placed.picture)
        #expect(harness.text().contains("network"))
    }

    @Test func aRowThatNeverLoadedOpensTheDetailOnItsPlaceholder() {
        // Given a row still loading (no thumbnail)
        var harness = harness()

        // When the detail view opens, Then there is no picture yet: the placeholder shows
        harness.press(.enter)
        #expect(!harness.frame().pictures.contains { $0.key == "detail" })
    }

    @Test func previewsSharpenTheDetailViewAndTheStateLineSaysSo() throws {
        // Given the detail view of a loaded row
        var harness = harness()
        harness.deliver(FakeImages.success(width: 64, height: 48), to: "10")
        harness.press(.enter)
        let thumbnail = try #require(harness.frame().pictures.first { $0.key == "detail" }?.picture)

        // When a preview of scan 3 arrives, then more bytes
        harness.deliverDetail(preview(scan: 3, width: 160, height: 120))
        let previewed = try #require(harness.frame().pictures.first { $0.key == "detail" }?.picture)
        harness.deliverDetail(.loading(LoadProgress(completed: 6_000, total: 10_000)))

        // Then the preview replaced the thumbnail, and the state line keeps the scan with the new progress
        #expect(previewed != thumbnail)
        #expect(harness.frame().pictures.first { $0.key == "detail" }?.picture == previewed)
        #expect(harness.text().contains("preview · scan 3 · 60%"))
    }

    @Test func aRowDrawsItsPreviewInPlaceOfThePlaceholder() throws {
        // Given a row loading (placeholder shown)
        var harness = harness()
        #expect(!harness.frame().pictures.contains { $0.key.contains("10") })

        // When a preview arrives
        harness.deliver(preview(scan: 2), to: "10")

        // Then the row shows a picture and says preview · scan 2
        #expect(harness.frame().pictures.count == 1)
        #expect(harness.text().contains("preview · scan 2"))

        // When more bytes arrive, Then the scan stays in the state line with the new progress
        harness.deliver(.loading(LoadProgress(completed: 7_000, total: 10_000)), to: "10")
        #expect(harness.text().contains("preview · scan 2 · 70%"))

        // When the image arrives, Then the state line says where it came from
        harness.deliver(FakeImages.success(), to: "10")
        #expect(harness.text().contains("network"))
        #expect(!harness.text().contains("preview"))
    }

    @Test func aGridCaptionShowsAPreviewsPercentage() {
        // Given a grid cell showing a preview at 43%
        let model = RowViewModel(
            author: "Alejandro Escamilla", id: "1", state: .preview(scan: 3, completed: 120_000, expected: 280_000),
            picture: Picture(cells: CellBlock(size: CellSize(columns: 4, rows: 2))))

        // When its caption is drawn, Then it says how far the download is, with no spinner
        #expect(CaptionView.text(for: model, width: 20, frame: 3).plain == "43% Alejandro Escam…")
    }

    @Test func aCoarsePreviewDoesNotReplaceTheThumbnailButAFinerOneDoes() throws {
        // Given the detail view on a loaded row's thumbnail
        var harness = harness()
        harness.deliver(FakeImages.success(width: 64, height: 48), to: "10")
        harness.press(.enter)
        let thumbnail = try #require(harness.frame().pictures.first { $0.key == "detail" }?.picture)

        // When the first scan (block averages only) previews, Then the thumbnail stays, still loading
        harness.deliverDetail(preview(scan: 1, width: 160, height: 120, completed: 1_500, coarse: true))
        #expect(harness.frame().pictures.first { $0.key == "detail" }?.picture == thumbnail)
        #expect(harness.text().contains("loading 15%"))

        // When a scan with detail previews, Then it replaces the thumbnail
        harness.deliverDetail(preview(scan: 2, width: 160, height: 120, completed: 2_500))
        #expect(harness.frame().pictures.first { $0.key == "detail" }?.picture != thumbnail)
        #expect(harness.text().contains("preview · scan 2"))
    }

    @Test func aRowWithAPlaceholderShowsEvenACoarsePreview() {
        // Given a row still loading, When its first (coarse) scan previews
        var harness = harness()
        harness.deliver(preview(scan: 1, coarse: true), to: "10")

        // Then block averages beat the placeholder
        #expect(harness.frame().pictures.count == 1)
        #expect(harness.text().contains("preview · scan 1"))
    }
}
