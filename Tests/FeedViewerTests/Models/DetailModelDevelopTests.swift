import FeedSources
import Foundation
import FoundationExtras
import ImageCodecs
import ImageLoading
import SystemPackage
import TerminalScreen
import Testing
import Vocabulary

@testable import FeedViewer

/// `E` in the detail view: the photo's camera RAW file developed from its sensor data instead of
/// its embedded preview, as a request of its own (`.developRaw`), driven through
/// ``DetailModel/update(_:)``.
@Suite("Detail model: a RAW developed on request")
struct DetailModelDevelopTests {
    private static let key = PhotoKey(id: "IMG_1.CR2")
    private static let box = CellSize(columns: 40, rows: 20)
    private static let folder = URL(fileURLWithPath: "/photos/shoot")

    /// A folder's photo of one file, `name`.
    private static func photo(_ name: String, size: PixelSize? = PixelSize(width: 1620, height: 1080)) -> FeedPhoto {
        FeedPhoto(id: name, author: name, size: size, origin: .file(directory: folder, name: FilePath(name)))
    }

    /// A RAW+JPEG shot shown from IMG_2.JPG, its companion IMG_2.CR2.
    private static var shot: FeedPhoto {
        var photo = photo("IMG_2.JPG", size: PixelSize(width: 6000, height: 4000))
        photo.shot = FeedPhoto.Shot(
            companions: [FeedPhoto.Companion(name: FilePath("IMG_2.CR2"), file: FeedPhoto.FileFacts(byteCount: 1, modified: 0))],
            badge: "RAW+JPG")
        return photo
    }

    private static func drawing(_ photo: FeedPhoto) -> DetailModel.Drawing {
        DetailModel.Drawing(pictures: BlockArtPictures(), box: box, photo: photo, lowData: false)
    }

    private static func opened(_ photo: FeedPhoto, previous: DetailModel? = nil) -> DetailModel {
        var detail = DetailModel(key: key, token: LoadToken(1))
        _ = detail.update(.open(thumbnail: nil, previous: previous, keepingZoom: false, drawing(photo)))
        return detail
    }

    private static func loads(_ reply: ModelReply<DetailModel.Request>) -> [ImageRequest] {
        reply.requests.compactMap { if case .load(let request) = $0 { request } else { nil } }
    }

    private static func success(_ size: PixelSize, original: PixelSize) -> ImagePhase {
        .success(ImageResponse(
            bitmap: Bitmap(width: size.width, height: size.height), source: .disk, byteCount: 1, bytesTransferred: 0,
            originalSize: original,
            timings: ImageResponse.Timings()))
    }

    @Test func eDevelopsTheRAWAsARequestOfItsOwnAndSaysSo() {
        // Given the detail view of IMG_1.CR2, shown from its preview
        let photo = Self.photo("IMG_1.CR2")
        var detail = Self.opened(photo)
        #expect(!detail.developed)

        // When E is pressed
        let reply = detail.update(.develop(Self.drawing(photo)))

        // Then the status bar says what happens, the preview's load is cancelled and the RAW's
        // developed picture is asked for: the same file, the same box, .developRaw added
        #expect(reply.notes == ["developing IMG_1.CR2 from its sensor data…"])
        #expect(detail.developed)
        guard case .cancel(.detail)? = reply.effects.first else {
            Issue.record("expected the detail load cancelled, got \(reply.effects)")
            return
        }
        let preview = photo.imageRequest(for: BlockArtPictures().pixelSize(forImage: photo.size, in: Self.box), priority: .veryHigh)
        let requests = Self.loads(reply)
        #expect(requests.count == 1)
        #expect(requests.first?.url == preview.url)
        #expect(requests.first?.processors == preview.processors + [.developRaw])
        #expect(requests.first.flatMap(ImageCacheKey.init) != ImageCacheKey(preview))
    }

    @Test func aShotDevelopsItsRAWCompanionNotTheJPEG() {
        // Given the detail view of a RAW+JPEG shot, shown from its JPEG
        var detail = Self.opened(Self.shot)

        // When E is pressed
        let reply = detail.update(.develop(Self.drawing(Self.shot)))

        // Then the RAW beside it is developed, and said by its name
        #expect(reply.notes == ["developing IMG_2.CR2 from its sensor data…"])
        #expect(Self.loads(reply).first?.url?.lastPathComponent == "IMG_2.CR2")
        #expect(Self.loads(reply).first?.processors.last == .developRaw)
    }

    @Test func aPhotoWithNoRAWIsSaidAndNothingLoads() {
        // Given the detail view of a JPEG alone
        let photo = Self.photo("IMG_3.JPG")
        var detail = Self.opened(photo)

        // When E is pressed
        let reply = detail.update(.develop(Self.drawing(photo)))

        // Then the status bar says why nothing happens
        #expect(reply.notes == ["IMG_3.JPG is not a camera RAW file: it has no sensor data to develop"])
        #expect(reply.effects.isEmpty && Self.loads(reply).isEmpty && !detail.developed)
    }

    @Test func aZoomOfTheDevelopedPictureAsksForItsPartDevelopedInItsOwnPixels() {
        // Given IMG_1.CR2 developed, its 810×540 developed picture arrived (the preview is 1620×1080)
        let photo = Self.photo("IMG_1.CR2")
        var detail = Self.opened(photo)
        _ = detail.update(.develop(Self.drawing(photo)))
        _ = detail.update(.loading(LoadToken(2)))
        // (zoom waits for the developed picture's size)
        #expect(detail.update(.zoom(.zoomIn, Self.drawing(photo))).notes == ["zoom needs the photo's size: wait until it has loaded"])
        _ = detail.update(.phase(Self.success(PixelSize(width: 80, height: 54), original: PixelSize(width: 810, height: 540)), token: LoadToken(2), Self.drawing(photo)))

        // When it is zoomed to 1:1
        let reply = detail.update(.zoom(.actual, Self.drawing(photo)))

        // Then the part asked for is developed too, inside the developed picture
        let request = Self.loads(reply).first
        #expect(request?.processors.last == .developRaw)
        guard case .crop(let region)? = request?.processors.first else {
            Issue.record("expected a region request, got \(String(describing: request))")
            return
        }
        #expect(region.x + region.width <= 810 && region.y + region.height <= 540)
    }

    @Test func aNewDetailViewShowsThePreviewAgainAndTheSamePhotoReopenedStaysDeveloped() {
        // Given IMG_1.CR2 developed
        let photo = Self.photo("IMG_1.CR2")
        var detail = Self.opened(photo)
        _ = detail.update(.develop(Self.drawing(photo)))

        // When the detail view opens afresh (Esc then Enter, or another photo), and when the same
        // photo is re-opened over it (a resize)
        let fresh = Self.opened(photo)
        var reopened = DetailModel(key: Self.key, token: LoadToken(3))
        let reply = reopened.update(.open(thumbnail: nil, previous: detail, keepingZoom: true, Self.drawing(photo)))

        // Then the fresh one shows the preview, the re-opened one the developed picture
        #expect(!fresh.developed)
        #expect(reopened.developed)
        guard case .load(.detail, _, let request, _)? = reply.effects.first else {
            Issue.record("expected a detail load, got \(reply.effects)")
            return
        }
        #expect(request.processors.last == .developRaw)
    }

    @Test func eTwiceSaysItIsDevelopedAlready() {
        // Given IMG_1.CR2 developed
        let photo = Self.photo("IMG_1.CR2")
        var detail = Self.opened(photo)
        _ = detail.update(.develop(Self.drawing(photo)))

        // When E is pressed again
        let reply = detail.update(.develop(Self.drawing(photo)))

        // Then nothing loads again
        #expect(reply.notes == ["IMG_1.CR2 is developed from its sensor data already (Esc shows previews)"])
        #expect(Self.loads(reply).isEmpty)
    }
}
