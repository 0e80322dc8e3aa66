import ImageCodecs
import Testing
@testable import FeedViewer
import Vocabulary

@Suite("Detail zoom: the part of the photo a zoomed view shows")
struct DetailZoomTests {
    /// The largest asset (5312×2988) in a 200×150-pixel view, fitted at 200×112.
    private let space = DetailZoom.Space(
        image: PixelSize(width: 5312, height: 2988), fit: PixelSize(width: 200, height: 112), view: PixelSize(width: 200, height: 150))

    @Test func fittedShowsTheWholePhotoAtTheFittedSize() {
        let zoom = DetailZoom()
        #expect(zoom.isFitted)
        #expect(zoom.view(in: space) == DetailZoom.View(region: PixelRect(x: 0, y: 0, width: 5312, height: 2988), output: space.fit))
        #expect(zoom.label(in: space) == "fit")
    }

    @Test func oneToOneShowsTheViewsPixelsFromTheMiddleAndAgainFits() {
        var zoom = DetailZoom()
        zoom.step(.actual, in: space)
        let view = zoom.view(in: space)
        // One original pixel a view pixel across (the fitted height was rounded: ±1 down)
        #expect(view.output == PixelSize(width: 200, height: 150))
        #expect(view.region.width == 200 && abs(view.region.height - 150) <= 1)
        #expect(abs(view.region.x + 100 - 2656) <= 1 && abs(view.region.y + 75 - 1494) <= 1, "\(view.region)")
        #expect(zoom.label(in: space) == "100%")
        zoom.step(.actual, in: space)
        #expect(zoom.isFitted)
    }

    @Test func panningMovesByAShareOfTheViewAndStopsAtTheEdges() {
        var zoom = DetailZoom()
        zoom.step(.actual, in: space)
        let before = zoom.view(in: space).region
        zoom.pan(dx: 0.25, dy: 0, in: space)
        #expect(zoom.view(in: space).region.x == before.x + 50)
        // Far past the right and bottom edges: the view stops at them
        zoom.pan(dx: 100, dy: 100, in: space)
        let corner = zoom.view(in: space).region
        #expect(corner.x + corner.width == 5312 && corner.y + corner.height == 2988, "\(corner)")
        // A drag moves the photo with the mouse: left by 10 cells of 2 pixels shows what lies 20 pixels further… left
        zoom.drag(columns: 10, rows: 0, cellPixels: PixelSize(width: 2, height: 3), in: space)
        #expect(zoom.view(in: space).region.x == corner.x - 20)
    }

    @Test func zoomStepsStopAtFitAndAtFourTimesTheOriginalsPixels() {
        var zoom = DetailZoom()
        zoom.step(.zoomOut, in: space)
        #expect(zoom.isFitted)
        for _ in 0..<40 { zoom.step(.zoomIn, in: space) }
        #expect(zoom.label(in: space) == "400%")
        #expect(zoom.view(in: space).region.size == PixelSize(width: 50, height: 38))
        zoom.step(.fill, in: space)
        // Fill covers the 200×150 view: the photo's height fills it, its sides are cut
        #expect(zoom.view(in: space).output == PixelSize(width: 200, height: 150))
        #expect(zoom.view(in: space).region.height == 2988)
    }

    @Test func theStandInIsThePartOfThePictureOnScreenTheNewViewShows() {
        // Given the whole photo on screen as a 200×112 picture: left half red, right half blue
        var shown = Bitmap(width: 200, height: 112, fill: RGBA(200, 0, 0))
        shown = shown.drawing(Bitmap(width: 100, height: 112, fill: RGBA(0, 0, 200)), from: PixelRect(x: 0, y: 0, width: 100, height: 112),
                              into: PixelRect(x: 100, y: 0, width: 100, height: 112))
        // When the view zooms to the middle 1:1, the stand-in is the shown picture's middle, scaled
        let view = DetailZoom.View(region: PixelRect(x: 2556, y: 1419, width: 200, height: 150), output: PixelSize(width: 200, height: 150))
        let standIn = DetailModel.standIn(for: view, from: (shown, PixelRect(x: 0, y: 0, width: 5312, height: 2988)))
        #expect(standIn?.size == PixelSize(width: 200, height: 150))
        // Its left is red and its right blue (the photo's middle is where they meet)
        #expect(standIn.map { $0[10, 75].r > 150 && $0[190, 75].b > 150 } == true)
        // And a view that shares nothing with what is shown has none
        #expect(DetailModel.standIn(for: view, from: (shown, PixelRect(x: 0, y: 0, width: 100, height: 100))) == nil)
    }
}
