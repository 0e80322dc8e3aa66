import ArgumentParser
import Testing

@testable import photofeed

/// The feed as the last argument, as people type a folder after a viewer's name:
/// `photofeed ~/shoot` is `photofeed --feed ~/shoot`.
@Suite("The feed as an argument")
struct FeedArgumentTests {
    @Test func aFolderAfterTheCommandsNameIsTheViewersFeed() throws {
        // Given `photofeed /media/card/DCIM` and `photofeed view --sort taken /media/card/DCIM`
        let bare = try Photofeed.parseAsRoot(["/media/card/DCIM"])
        let named = try Photofeed.parseAsRoot(["view", "--sort", "taken", "/media/card/DCIM"])
        // Then each is the viewer with that feed, as --feed would give it
        #expect((bare as? ViewCommand)?.options.feedSource == "/media/card/DCIM")
        #expect((named as? ViewCommand)?.options.feedSource == "/media/card/DCIM")
        #expect(try ViewerOptions.parse(["--feed", "/a"]).feedSource == "/a")
        #expect(try ViewerOptions.parse([]).feedSource == nil)
        // And a subcommand's name is still the subcommand
        #expect(try Photofeed.parseAsRoot(["picks", "/media/card"]) is PicksCommand)
    }

    @Test func twoDifferentFeedsAreRefusedInWords() {
        // Given a feed by flag and another by argument
        var message = ""
        do {
            _ = try Photofeed.parseAsRoot(["--feed", "/a", "/b"])
            Issue.record("two feeds should not parse")
        } catch {
            message = Photofeed.message(for: error)
        }
        // Then the sentence names both
        #expect(message.contains("the feed is given twice (--feed /a and /b)"), "\(message)")
    }
}
