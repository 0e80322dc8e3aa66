import FeedSources
import Foundation
import ImageLoading
import PicsumServer
import TestSupport
import Testing
import FeedViewer

@testable import photofeed

/// The embedded server starting beside the viewer's screen: the feed waits for it, the network
/// panel's changes before it is up are kept for it, a failed start is the first page's error.
@Suite("Embedded server started beside the screen", .tags(.realTime))
struct EmbeddedServerStartTests {
    private static let photos = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/photos")

    @Test func theFeedWaitsForTheServerAndKnobsSetMeanwhileReachIt() async throws {
        // Given a server starting over the assets, and a knob changed before it is up
        let http = HTTPDataLoader()
        let loader = DataLoader(http: http)
        let start = EmbeddedServerStart { PicsumServer.Configuration(photosDirectory: Self.photos, count: 40) }
        start.attach(feed: { PicsumFeed.embedded(baseURL: $0.baseURL, photoSet: $0.photoSet, dataLoader: loader, pageSize: 10) }, started: { _ in })
        let control = EmbeddedShapingControl(start: start, initial: ShapingKnobs())
        _ = control.update(ShapingKnobs(latency: .milliseconds(40)))
        let source = EmbeddedFeedSource(start: start)

        // When the first page is asked for
        let page = try await source.loadNextPage()

        // Then it comes from the server, which now has the knob set before it started
        #expect(page.count == 10)
        #expect(await source.summary.hasPrefix("embedded · 127.0.0.1:"))
        #expect(control.knobs.latency == .milliseconds(40))
        await start.stop()
        await http.shutdown()
    }

    @Test func theViewersServerDecodesAPhotoWhenARowFirstAsksForIt() async throws {
        // Given the viewer's flags with no feed (the embedded server)
        let options = try ViewerOptions.parse(["--no-disk-cache"])
        // When its feed is set up
        let setup = try await FeedSetup.make(options)
        // Then the server started without decoding its photos: each is checked when first rendered
        #expect(setup.server?.library.decodeCheck == .onFirstRender)
        #expect(setup.server?.library.photos.isEmpty == false)
        await setup.shutDown()
    }

    @Test func aServerThatCannotStartFailsTheFirstPageWithTheReason() async throws {
        // Given a photos folder with nothing in it
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("pf-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let http = HTTPDataLoader()
        let loader = DataLoader(http: http)
        let start = EmbeddedServerStart { PicsumServer.Configuration(photosDirectory: empty) }
        start.attach(feed: { PicsumFeed.embedded(baseURL: $0.baseURL, photoSet: $0.photoSet, dataLoader: loader) }, started: { _ in })

        // Then the first page fails, naming the server's start and why
        await #expect {
            try await EmbeddedFeedSource(start: start).loadNextPage()
        } throws: { error in
            "\(error)".contains("cannot start the embedded server")
        }
        await start.stop()
        await http.shutdown()
    }

    @Test func aServerBegunBeforeTheParseIsTakenOnlyByTheFlagsItWasBegunWith() async throws {
        // Given a server begun early for some flags
        let early = EarlyServerStart()
        let flags = try #require(EmbeddedServerFlags.scan(["--no-disk-cache", "--latency", "0"]))
        early.begin(flags)

        // When the parsed flags differ (another seed)
        var other = flags
        other.seed = 9
        // Then it is not taken (it is stopped), and nothing is left to take
        #expect(early.take(other) == nil)
        #expect(early.take(flags) == nil)

        // When one is begun again and the parsed flags are its own
        early.begin(flags)
        early.begin(other)  // (a second begin changes nothing)
        let start = try #require(early.take(flags))
        // Then it is handed over once, and it serves
        #expect(early.take(flags) == nil)
        let server = try await start.server()
        #expect(server.baseURL.absoluteString.hasPrefix("http://127.0.0.1:"))
        #expect(server.library.decodeCheck == .onFirstRender)
        await start.stop()
    }
}
