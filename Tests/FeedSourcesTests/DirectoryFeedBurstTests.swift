@testable import FeedSources
import Foundation
import Testing

/// The `taken` order goes below the second: a burst comes in the order shot (SubSecTimeOriginal),
/// and a date with its offset from UTC sorts by the moment it stands for.
@Suite("Directory feed: capture time to the fraction of a second")
struct DirectoryFeedBurstTests {
    private func allPages(_ feed: DirectoryFeed) async throws -> [FeedPhoto] {
        var photos: [FeedPhoto] = []
        while await feed.hasMore { photos += try await feed.loadNextPage() }
        return photos
    }

    @Test func aBurstWithinOneSecondComesInTheOrderShot() async throws {
        // Given three JPEGs taken in the same second, named against the order shot (a: .9 s,
        // b: .45 s, c: .12 s), and one taken the second before with no fraction
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try PhotoFolder.write(try PhotoFolder.jpeg(taken: "2024:09:14 18:42:05", subseconds: "9"), at: "a.jpg", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.jpeg(taken: "2024:09:14 18:42:05", subseconds: "45"), at: "b.jpg", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.jpeg(taken: "2024:09:14 18:42:05", subseconds: "120"), at: "c.jpg", in: folder.url)
        try PhotoFolder.write(try PhotoFolder.jpeg(taken: "2024:09:14 18:42:04", subseconds: nil), at: "d.jpg", in: folder.url)
        // When the folder is sorted by the time taken
        let photos = try await allPages(try DirectoryFeed(directory: folder.url, options: FolderOptions(sort: .taken)))
        // Then the second before comes first, then the burst in the order shot, not by name
        #expect(photos.map(\.id) == ["d.jpg", "c.jpg", "b.jpg", "a.jpg"])
        #expect(photos.map { $0.file?.takenSubseconds } == [nil, "120", "45", "9"])
    }

    @Test func aDateWithItsOffsetSortsByTheMomentItStandsFor() async throws {
        // Given a photo taken at 12:00 in UTC+02:00 (10:00 UTC) and one at 11:00 in UTC (later)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try PhotoFolder.write(
            try PhotoFolder.jpeg(taken: "2024:09:14 11:00:00", subseconds: nil, offset: "+00:00"), at: "a.jpg", in: folder.url)
        try PhotoFolder.write(
            try PhotoFolder.jpeg(taken: "2024:09:14 12:00:00", subseconds: "5", offset: "+02:00"), at: "b.jpg", in: folder.url)
        // When the folder is sorted by the time taken
        let photos = try await allPages(try DirectoryFeed(directory: folder.url, options: FolderOptions(sort: .taken)))
        // Then the one taken first in UTC comes first, though its clock said a later hour
        #expect(photos.map(\.id) == ["b.jpg", "a.jpg"])
        #expect(photos.first?.file?.takenOffset == "+02:00")
    }

    @Test func theKeyKeepsTheFractionWithoutTrailingZerosAndRefusesBadOffsets() {
        // Given file facts with fractions and offsets, good and bad
        func key(_ taken: String, _ subseconds: String?, _ offset: String? = nil) -> String? {
            let facts = FeedPhoto.FileFacts(byteCount: 1, modified: 0, taken: taken, takenSubseconds: subseconds, takenOffset: offset)
            return PhotoSort.takenKey(FeedPhoto(id: "a", author: "a", size: nil, origin: .original(nil), file: facts))
        }
        // When the keys are made, Then the fraction follows a dot, "50" and "5" are one key, "000" none
        #expect(key("2024:09:14 18:42:05", "50") == "2024:09:14 18:42:05.5")
        #expect(key("2024:09:14 18:42:05", "5") == key("2024:09:14 18:42:05", "50"))
        #expect(key("2024:09:14 18:42:05", "000") == "2024:09:14 18:42:05")
        #expect(key("2024:09:14 18:42:05", "x1") == "2024:09:14 18:42:05")
        // And an offset that is no offset leaves the date as stored
        #expect(key("2024:09:14 18:42:05", nil, "02:00") == "2024:09:14 18:42:05")
        #expect(PhotoSort.offsetSeconds("-05:30") == -19_800)
        #expect(PhotoSort.offsetSeconds("+25:00") == nil)
        #expect(PhotoSort.utcSeconds(ofExifDate: "1970:01:01 00:01:00") == 60)
        #expect(PhotoSort.utcSeconds(ofExifDate: "    :  :     :  :  ") == nil)
    }
}
