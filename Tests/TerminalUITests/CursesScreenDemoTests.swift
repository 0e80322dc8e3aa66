import Foundation
import Glibc
import Testing
import TerminalUI

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
        let lastEvent = try await CursesScreen.run(configuration: configuration) { screen -> InputEvent? in
            let thumbnail = TerminalSize(rows: 6, columns: 16)
            var list = LazyList(
                rowCount: 3, rowHeight: thumbnail.rows + 1,
                viewportHeight: FeedFrame.viewportHeight(for: screen.size))
            var art = CellBlock(size: thumbnail)
            for row in 0..<thumbnail.rows {
                for column in 0..<thumbnail.columns {
                    let top = TerminalColor.rgb(UInt8(column * 16), UInt8(row * 40), 180)
                    let bottom = TerminalColor.rgb(UInt8(column * 16), UInt8(row * 40 + 20), 120)
                    art.set("▀", at: CellPoint(row: row, column: column),
                            style: CellStyle(foreground: top, background: bottom))
                }
            }
            let rows: [Int: RowViewModel] = [
                0: RowViewModel(author: "高橋 ひろし 👍🏽", id: "10", imageSize: TerminalSize(rows: 600, columns: 800),
                                state: .loaded(source: .network, bytes: 180_000, duration: .milliseconds(240)),
                                thumbnail: art),
                1: RowViewModel(author: "\u{1B}[2J\u{1B}]0;owned\u{07}Eve", id: "11",
                                state: .loading(completed: 120_000, expected: 280_000, resumedFrom: nil)),
                2: RowViewModel(author: "Fay", id: "12", state: .failed(reason: "HTTP 500")),
            ]
            var event: InputEvent?
            func draw() {
                let frame = FeedFrame(
                    list: list, rows: rows,
                    status: StatusMetrics(feedSource: "demo", focusedRow: list.focus, rowCount: 3),
                    thumbnail: thumbnail)
                FeedFrameRenderer.draw(
                    FrameUpdate(fullRedraw: true, rows: [], status: true, animationFrame: 0), of: frame, on: screen)
            }
            draw()
            loop: for await _ in screen.wakeups {
                while let next = screen.readInput(timeout: .zero) {
                    event = next
                    switch KeyMap().command(for: next, in: .list) {
                    case .quit?, .terminate?: break loop
                    case .moveFocus(let delta)?: _ = list.moveFocus(by: delta)
                    case .relayout(let size)?: _ = list.resize(viewportHeight: FeedFrame.viewportHeight(for: size))
                    default: break
                    }
                    draw()
                }
            }
            return event
        }
        #expect(lastEvent != nil)
    }
}
