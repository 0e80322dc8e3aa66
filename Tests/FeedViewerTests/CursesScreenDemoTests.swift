import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// A manual check on a real terminal emulator, off by default.
///
/// Run inside tmux (or any terminal): `PHOTOFEED_TTY_DEMO=1 swift test --skip-build --filter ttyDemo`.
/// It draws a feed frame on `/dev/tty`, animates nothing, and waits for `q` (or Ctrl-C);
/// afterwards the shell prompt must be back and the alternate screen gone.
@Suite("CursesScreen on the controlling terminal")
struct CursesScreenDemoTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PHOTOFEED_TTY_DEMO"] == "1"))
    func ttyDemo() async throws {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        try #require(tty >= 0)
        defer { close(tty) }
        let configuration = CursesScreenConfiguration(inputDescriptor: tty, outputDescriptor: tty)
        let exit = try await CursesScreen.run(configuration: configuration) { screen -> FeedExit in
            let runtime = FeedRuntime(
                screen: screen, feed: FakeFeed(count: 30, author: { ["高橋 ひろし 👍🏽", "\u{1B}[2J\u{1B}]0;owned\u{07}Eve", "Fay"][$0 % 3] }),
                feedName: "demo", pipeline: FakePipeline { _ in FakeImages.success() },
                options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
            return await runtime.run()
        }
        #expect(exit == .quit)
    }
}
