import FeedSources
import Foundation
import ImageLoading
import SystemPackage
import Testing

@testable import FeedViewer
import TerminalGraphics
import Vocabulary

/// A feed of many photos: the model holds an item only for the photos that have one, so a
/// photo that was never on screen costs its `FeedPhoto` and key, not a whole item.
@Suite("Update: many photos")
struct UpdateManyPhotosTests {
    @Test func fiftyThousandPhotosHoldItemsOnlyForTheRowsThatLoaded() {
        // Given 50,000 folder photos arriving in pages of 1,000
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 2))
        let directory = URL(fileURLWithPath: "/photos")
        harness.send(.start)
        for page in 0..<50 {
            let photos = (0..<1_000).map { index in
                let name = String(format: "photo-%06d.jpg", page * 1_000 + index)
                return FeedPhoto(id: name, author: name, size: PixelSize(width: 400, height: 300), origin: .file(directory: directory, name: FilePath(name)))
            }
            harness.send(.page(.success(FeedPage(photos: photos, summary: "folder", hasMore: page < 49))))
        }
        let atTop = harness.model.items.touchedCount

        // When the list jumps to the end (G) and back to the top (g)
        harness.press("G")
        harness.press("g")

        // Then every photo is listed, but items are held only for the rows that started a load
        // (those on screen and in the prefetch window at each stop), not for all 50,000
        #expect(harness.model.keys.count == 50_000)
        #expect(harness.model.photo(PhotoKey(id: "photo-049999.jpg"))?.id == "photo-049999.jpg")
        #expect(atTop > 0 && atTop <= 20, "\(atTop)")
        #expect(harness.model.items.touchedCount <= 3 * atTop, "\(harness.model.items.touchedCount)")
        // And an untouched photo reads as a fresh item
        #expect(harness.model.state(of: PhotoKey(id: "photo-025000.jpg")) == .idle)
    }
}
