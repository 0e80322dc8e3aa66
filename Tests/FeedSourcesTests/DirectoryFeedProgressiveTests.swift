import FeedSources
import Foundation
import ImageCodecs
import Testing
import Vocabulary

/// A folder feed lists its names a batch per step, answering each step with the photos first
/// among the names read so far, so a viewer's first screen never waits for a huge folder.
@Suite("Directory feed: listing a batch at a time")
struct DirectoryFeedProgressiveTests {
    /// A folder of `count` tiny PNGs named `p<n>.png`.
    private func folder(of count: Int) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let png = Data(try PNGEncoder.encode(Bitmap(width: 2, height: 2, fill: RGBA(9, 9, 9))))
        for index in 0..<count { try png.write(to: folder.url.appendingPathComponent("p\(index).png")) }
        return folder
    }

    @Test func stepsReportProgressThenTheRealFirstPageComes() async throws {
        // Given a folder of 40 photos listed 16 names a step, pages of 5
        let folder = try folder(of: 40)
        defer { folder.remove() }
        let feed = try DirectoryFeed(directory: folder.url, pageSize: 5, listingBatch: 16)

        // When steps are asked for until a page comes
        var progress: [FeedListingProgress] = []
        var page: [FeedPhoto]?
        while page == nil {
            switch try await feed.nextStep() {
            case .listing(let step): progress.append(step)
            case .page(let photos): page = photos
            }
        }

        // Then each listing step read 16 more entries (the folder's . and .. among them) and
        // offered the first 5 photos in natural order of the names read so far
        #expect(progress.count == 2)
        #expect(progress.map(\.filesSoFar) == progress.map(\.filesSoFar).sorted())
        for step in progress {
            #expect(step.photos.count == 5)
            #expect(step.photos.map(\.id) == step.photos.map(\.id).sorted(by: Self.natural))
            #expect(step.photos.allSatisfy { $0.size == PixelSize(width: 2, height: 2) })
        }
        #expect(await feed.totalCount == nil)
        // And the page is the real first page of the whole folder
        #expect(page?.map(\.id) == ["p0.png", "p1.png", "p2.png", "p3.png", "p4.png"])
        #expect(await feed.summary.hasSuffix("(40 files)"))
        // And later steps are pages
        guard case .page(let second) = try await feed.nextStep() else {
            Issue.record("a listed folder gives pages")
            return
        }
        #expect(second.map(\.id) == (5..<15).map { "p\($0).png" }, "pages double")
    }

    @Test func aPageAskedForDirectlyReadsTheRestOfTheListingFirst() async throws {
        // Given a folder part-listed by one step
        let folder = try folder(of: 30)
        defer { folder.remove() }
        let feed = try DirectoryFeed(directory: folder.url, pageSize: 3, listingBatch: 8)
        guard case .listing = try await feed.nextStep() else {
            Issue.record("30 names need more than one step of 8")
            return
        }
        // When a page is asked for
        let page = try await feed.loadNextPage()
        // Then it is the real first page
        #expect(page.map(\.id) == ["p0.png", "p1.png", "p2.png"])
    }

    @Test func aSmallFolderGivesItsPageAtTheFirstStep() async throws {
        let folder = try folder(of: 3)
        defer { folder.remove() }
        let feed = try DirectoryFeed(directory: folder.url)
        guard case .page(let photos) = try await feed.nextStep() else {
            Issue.record("a folder read in one batch needs no listing step")
            return
        }
        #expect(photos.map(\.id) == ["p0.png", "p1.png", "p2.png"])
    }

    @Test func aFolderThatGoesAwayMidListingIsAnErrorAndTheNextStepStartsAgain() async throws {
        let folder = try folder(of: 20)
        let feed = try DirectoryFeed(directory: folder.url, pageSize: 3, listingBatch: 4)
        guard case .listing = try await feed.nextStep() else {
            Issue.record("20 names need more than one step of 4")
            return
        }
        folder.remove()
        // readdir on an open, removed folder ends (no error on Linux); the listing ends with what it read
        // or, reopened, fails: either way no crash and no hang
        do {
            while case .listing = try await feed.nextStep() {}
        } catch {
            #expect(String(describing: error).contains("cannot list"))
        }
    }

    private static func natural(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive]) == .orderedAscending
    }
}
