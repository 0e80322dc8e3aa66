import FeedSources
import Foundation
import ImageLoading
import Testing

@Suite struct FeedSourceFactoryTests {
    let loader = FakeListLoader([:])

    @Test func urlsDirectoriesAndFilesPickTheirSources() throws {
        // Given a folder and a list file
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let list = try folder.write("urls.txt", "https://example.com/a.jpg\n")
        // When each kind of argument is given, Then the matching source is made
        #expect(try FeedSourceFactory.source(for: "https://picsum.photos", dataLoader: loader) is PicsumFeed)
        #expect(try FeedSourceFactory.source(for: "HTTP://127.0.0.1:8080/", dataLoader: loader) is PicsumFeed)
        #expect(try FeedSourceFactory.source(for: folder.url.path, dataLoader: loader) is DirectoryFeed)
        #expect(try FeedSourceFactory.source(for: list.path, dataLoader: loader) is URLListFeed)
    }

    @Test func aFolderGetsTheFolderOptions() throws {
        // Given a folder and options
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let options = FolderOptions(sort: .taken, seed: 3, recursive: 2, hidden: true)
        // When the folder's source is made with them, Then the folder feed reads by them
        let source = try FeedSourceFactory.source(for: folder.url.path, dataLoader: loader, folderOptions: options)
        #expect((source as? DirectoryFeed)?.options == options)
        #expect((try FeedSourceFactory.source(for: folder.url.path, dataLoader: loader) as? DirectoryFeed)?.options == FolderOptions())
    }

    @Test(arguments: ["", "   ", "/nonexistent/\(UUID().uuidString)", "ftp://example.com", "https://", "banana"])
    func anythingElseIsAnInvalidArgument(argument: String) {
        // When an unusable argument is given, Then the error says so
        let error = #expect(throws: FeedError.self) { try FeedSourceFactory.source(for: argument, dataLoader: loader) }
        #expect(error?.kind == .invalidArgument)
    }

    @Test func picsumSummaryIsTheHost() async throws {
        let feed = try FeedSourceFactory.source(for: "https://picsum.photos", dataLoader: loader)
        #expect(await feed.summary == "picsum.photos")
    }
}
