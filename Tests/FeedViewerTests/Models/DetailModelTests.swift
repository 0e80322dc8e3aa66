import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import TerminalScreen
import Testing
import Vocabulary

@testable import FeedViewer

/// The detail view on its own: opening, zoom, pan and drag, and the phases of its load, driven
/// through ``DetailModel/update(_:)`` with no feed model around it.
@Suite("Detail model")
struct DetailModelTests {
    private static let key = PhotoKey(id: "a")
    private static let box = CellSize(columns: 40, rows: 20)

    private static func photo(size: PixelSize? = PixelSize(width: 4000, height: 3000)) -> FeedPhoto {
        FeedPhoto(id: "a", author: "Author a", size: size, origin: .original(URL(string: "https://example.com/a.jpg")!))
    }

    private static func drawing(_ photo: FeedPhoto? = photo()) -> DetailModel.Drawing {
        DetailModel.Drawing(pictures: BlockArtPictures(), box: box, photo: photo, lowData: false)
    }

    /// A detail view of photo "a" opened with load token 1.
    private static func opened(_ photo: FeedPhoto = photo(), thumbnail: Bitmap? = nil) -> DetailModel {
        var detail = DetailModel(key: key, token: LoadToken(1))
        _ = detail.update(.open(thumbnail: thumbnail, previous: nil, keepingZoom: false, drawing(photo)))
        return detail
    }

    /// The loads the reply asks for under a new token.
    private static func loads(_ reply: ModelReply<DetailModel.Request>) -> [ImageRequest] {
        reply.requests.compactMap { if case .load(let request) = $0 { request } else { nil } }
    }

    /// What the reply asks the event log to keep.
    private static func logged(_ reply: ModelReply<DetailModel.Request>) -> [String] {
        reply.requests.compactMap { if case .log(.note(let text)) = $0 { text } else { nil } }
    }

    @Test func openingShowsTheThumbnailAtOnceAndLoadsThePhotoAtTheViewsSize() {
        // Given the row's thumbnail in memory
        var detail = DetailModel(key: Self.key, token: LoadToken(1))
        let thumbnail = FakeImages.bitmap(width: 64, height: 48)

        // When the detail view opens
        let reply = detail.update(.open(thumbnail: thumbnail, previous: nil, keepingZoom: false, Self.drawing()))

        // Then the thumbnail shows scaled up, and the photo loads under its token at a very high priority
        #expect(detail.picture != nil && detail.showsThumbnail)
        let pixels = BlockArtPictures().pixelSize(forImage: Self.photo().size, in: Self.box)
        guard case .load(.detail, LoadToken(1), let request, lowData: false)? = reply.effects.first, reply.effects.count == 1 else {
            Issue.record("expected one detail load, got \(reply.effects)")
            return
        }
        #expect(request.priority == .veryHigh)
        // And the event log says its size
        #expect(Self.logged(reply) == ["detail \(pixels.width)×\(pixels.height)"])
    }

    @Test func zoomingInSaysByHowMuchAndAsksForThePartItShows() {
        // Given a detail view of a photo of known size
        var detail = Self.opened()

        // When `+` zooms in
        let reply = detail.update(.zoom(.zoomIn, Self.drawing()))

        // Then it says the zoom, cancels the running load and asks for a part of the photo
        #expect(detail.isZoomed)
        #expect(reply.notes.count == 1 && reply.notes[0].hasPrefix("zoom: "))
        #expect(reply.effects.count == 1)
        guard case .cancel(.detail)? = reply.effects.first else {
            Issue.record("expected the detail load cancelled, got \(reply.effects)")
            return
        }
        #expect(Self.loads(reply).count == 1)
        // And the new load's token, once given, is the view's
        _ = detail.update(.loading(LoadToken(7)))
        #expect(detail.token == LoadToken(7))
    }

    @Test func zoomNeedsThePhotosSize() {
        // Given a detail view of a photo whose size the feed did not say, not loaded yet
        var detail = Self.opened(Self.photo(size: nil))

        // When `+` zooms in
        let reply = detail.update(.zoom(.zoomIn, Self.drawing(Self.photo(size: nil))))

        // Then it says why not, and nothing loads
        #expect(reply.notes == ["zoom needs the photo's size: wait until it has loaded"])
        #expect(reply.effects.isEmpty && Self.loads(reply).isEmpty && !detail.isZoomed)
    }

    @Test func aPanOfAFittedViewDoesNothing() {
        // Given a fitted detail view
        var detail = Self.opened()

        // When `l` pans
        let reply = detail.update(.pan(dx: 0.25, dy: 0, Self.drawing()))

        // Then nothing moves or loads
        #expect(reply.effects.isEmpty && reply.requests.isEmpty && !detail.isZoomed)
    }

    @Test func aDragMovesAZoomedViewAndAsksForTheNewPart() {
        // Given a zoomed detail view
        var detail = Self.opened()
        _ = detail.update(.zoom(.actual, Self.drawing()))
        let zoomed = detail.zoom

        // When the mouse drags it
        _ = detail.update(.startDrag(CellPoint(row: 10, column: 20)))
        let reply = detail.update(.drag(to: CellPoint(row: 10, column: 10), Self.drawing()))

        // Then the view moved and its new part is asked for
        #expect(detail.zoom != zoomed)
        #expect(Self.loads(reply).count == 1)
        #expect(detail.dragAnchor == CellPoint(row: 10, column: 10))
    }

    @Test func theLoadedPictureReplacesTheThumbnailAndAnOldLoadsPhaseIsDropped() {
        // Given a detail view showing the thumbnail while its load (token 1) runs
        var detail = Self.opened(thumbnail: FakeImages.bitmap(width: 64, height: 48))

        // When a phase of another load arrives
        _ = detail.update(.phase(FakeImages.success(), token: LoadToken(99), Self.drawing()))

        // Then nothing changes
        #expect(detail.showsThumbnail && !detail.hasLoaded(Self.key))

        // When its own picture arrives
        _ = detail.update(.phase(FakeImages.success(), token: LoadToken(1), Self.drawing()))

        // Then it shows it, loaded, and knows the original's size
        #expect(!detail.showsThumbnail && detail.picture != nil)
        #expect(detail.hasLoaded(Self.key) && !detail.hasLoaded(PhotoKey(id: "b")))
        #expect(detail.originalSize == PixelSize(width: 400, height: 300))
    }

    @Test func reopeningTheSamePhotoKeepsItsZoomWhenAsked() {
        // Given a zoomed detail view
        var previous = Self.opened()
        _ = previous.update(.zoom(.actual, Self.drawing()))

        // When it opens again on the same photo keeping the zoom (a resize)
        var detail = DetailModel(key: Self.key, token: LoadToken(2))
        let reply = detail.update(.open(thumbnail: nil, previous: previous, keepingZoom: true, Self.drawing()))

        // Then the zoom stays and the part it shows is asked for again
        #expect(detail.zoom == previous.zoom && detail.isZoomed)
        #expect(Self.loads(reply).count == 1)
    }
}
