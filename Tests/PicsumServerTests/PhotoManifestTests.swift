import Testing
@testable import PicsumServer
import Vocabulary

@Suite("Photo manifest and attribution (no sockets)")
struct PhotoManifestTests {
    @Test func linesNameEachPhotosPhotographerAndBadLinesAreReported() {
        // Given a manifest with comments, a CRLF line, a line without a tab and one with a path
        let text = "# who took what\ncoffee.jpg\tRachel Michetti\r\n\nbroken line\n../x.jpg\tEve\nhorse.png\t  Andreas  \n"

        // When it is parsed
        let manifest = PhotoManifest.parse(text)

        // Then the good lines map file to photographer (trimmed) and the two bad ones are reported by number
        #expect(manifest.authors == ["coffee.jpg": "Rachel Michetti", "horse.png": "Andreas"])
        #expect(manifest.problems.count == 2)
        #expect(manifest.problems[0].hasPrefix("line 4:"))
        #expect(manifest.problems[1].hasPrefix("line 5:"))
    }

    @Test func everyIdOfAnAttributedPhotoCarriesItsPhotographer() {
        // Given three photos, the second one attributed
        let sizes = [PixelSize(width: 512, height: 512), PixelSize(width: 600, height: 400), PixelSize(width: 300, height: 450)]
        let feed = PhotoFeed(photoSizes: sizes, photoAuthors: [nil, "Jakub Mede", nil], count: 300)
        let plain = PhotoFeed(photoSizes: sizes, count: 300)

        // When every id is mapped
        let items = (0..<300).compactMap { feed.item($0) }

        // Then ids of photo 1 name Jakub Mede; the others keep the built-in names (as without a manifest)
        #expect(items.filter { $0.photoIndex == 1 }.count == 100)
        #expect(items.filter { $0.photoIndex == 1 }.allSatisfy { $0.author == "Jakub Mede" })
        for item in items where item.photoIndex != 1 {
            #expect(item.author != "Jakub Mede")
            #expect(item.author == plain.item(item.id)?.author)
        }
        // And crops, mirrors and photos are unchanged by the names
        #expect(items.map(\.crop) == (0..<300).compactMap { plain.item($0)?.crop })
    }
}
