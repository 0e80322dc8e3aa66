import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `photofeed show --grid` and the thumbnail cache, run as child processes with their own
/// `$XDG_CACHE_HOME`.
@Suite(.timeLimit(.minutes(2)), .tags(.realTime)) struct ShowGridCommandTests {
    let environment = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": "", "COLORTERM": "", "NO_COLOR": "", "TERM": "xterm-256color"]
    let photos = ["chelsea.jpg", "coffee.jpg", "Wine_by_Jakkub_Mede.jpg", "horse.png", "rocket.jpg"]
        .map { BuiltBinary.assetsDirectory.appendingPathComponent($0).path }

    private func cacheHome() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-grid-\(UUID().uuidString)")
    }

    private func thumbnails(in home: URL) -> [String] {
        let root = home.appendingPathComponent("thumbnails")
        return ["normal", "large", "x-large", "xx-large"].flatMap { size in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(size).path)) ?? []).map { "\(size)/\($0)" }
        }
    }

    /// Waits until the background writer a run started is done: it holds the writer's lock from
    /// before the run ended until its last thumbnail is written.
    private func waitForThumbnailWriter(in home: URL) {
        let descriptor = open(home.appendingPathComponent("photofeed/thumbnail-writer.lock").path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        close(descriptor)
    }

    @Test func fivePhotosInAThreeByTwoGridWithTitlesThenAgainFromTheThumbnails() async throws {
        // Given five photos, a fresh cache home, and a 3x2 grid of 60×20 cells in ASCII art
        let home = cacheHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var env = environment
        env["XDG_CACHE_HOME"] = home.path
        let arguments = ["show", "--grid", "3x2", "--title", "--width", "60", "--height", "20", "--symbols", "ascii", "--colors", "none"] + photos

        // When shown twice
        let first = try await BuiltBinary.run(arguments, environment: env)
        waitForThumbnailWriter(in: home)
        let written = thumbnails(in: home)
        let second = try await BuiltBinary.run(arguments, environment: env)
        waitForThumbnailWriter(in: home)

        // Then both succeed with the same picture: two rows of images, each followed by its titles
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty)
        let lines = first.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        #expect(lines.filter { $0.contains("chelsea.jpg") && $0.contains("coffee.jpg") && $0.contains("Wine_by") }.count == 1)
        #expect(lines.filter { $0.contains("horse.png") && $0.contains("rocket.jpg") }.count == 1)
        #expect(lines.count <= 20)
        // Each photo has a thumbnail once the first run's background writer is done (in the class holding what decoding it
        // for its box gives: a large photo's 1/8 needs more than normal's 128 px), none more
        // after the second
        #expect(written.count == 5, "\(written)")
        #expect(written.allSatisfy { $0.hasSuffix(".png") })
        #expect(thumbnails(in: home) == written)
        #expect(second.status == 0)
        // And the second run, drawn from the thumbnails, has the same layout
        let secondLines = second.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(secondLines.count == lines.count)
        #expect(secondLines.filter { $0.contains("chelsea.jpg") }.count == 1)
    }

    @Test func theGridWritesTheProtocolAskedFor() async throws {
        // Given two photos in a 2x1 grid, as iTerm2 images and as sixels
        let iterm = try await BuiltBinary.run(["show", "--grid", "2x1", "--graphics", "iterm"] + photos.prefix(2), environment: environment)
        let sixel = try await BuiltBinary.run(["show", "--grid", "2x1", "--graphics", "sixel"] + photos.prefix(2), environment: environment)
        // Then: OSC 1337 images and no kitty escape; sixels and no kitty escape either
        #expect(iterm.status == 0 && sixel.status == 0)
        #expect(iterm.stdout.components(separatedBy: "\u{1B}]1337;File=").count - 1 == 2)
        #expect(!iterm.stdout.contains("\u{1B}_G") && !sixel.stdout.contains("\u{1B}_G"))
        #expect(sixel.stdout.components(separatedBy: "\u{1B}P0;1;0q").count - 1 == 2)
    }

    @Test func noThumbnailCacheWritesNothingAndBadFilesLeaveAnEmptyBox() async throws {
        // Given a cache home, a missing file among the photos, and --no-thumbnail-cache
        let home = cacheHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var env = environment
        env["XDG_CACHE_HOME"] = home.path
        let missing = "/nonexistent/\u{1B}[2Jnothing.jpg"
        let result = try await BuiltBinary.run(
            ["show", "--grid", "2x1", "--title", "--no-thumbnail-cache", "--width", "40", "--height", "12",
             "--symbols", "ascii", "--colors", "none", photos[0], missing],
            environment: env)

        // Then it fails with one sanitised line for the missing file, the other photo is shown, and
        // nothing was written to the cache
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 1)
        #expect(errors.first?.contains("nothing.jpg") == true && !result.stderr.contains("\u{1B}"))
        #expect(result.stdout.contains("chelsea.jpg"))
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(thumbnails(in: home).isEmpty)
    }

    @Test func specialFilesGetOneLineEachAndNoWait() async throws {
        // Given a FIFO nobody writes to (before: it held the grid 31.6 s, three attempts of the
        // 10 s pipe timeout) and /dev/zero among two photos
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("grid-fifo-\(UUID().uuidString).jpg").path
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let result = try await BuiltBinary.run(
            ["show", "--grid", "2x2", "--title", "--no-thumbnail-cache", "--width", "40", "--height", "12",
             "--symbols", "ascii", "--colors", "none", photos[0], fifo, "/dev/zero", photos[1]],
            environment: environment)

        // Then each special file gets one line naming what it is (never opened, never retried),
        // and the photos are shown around their empty boxes
        #expect(result.status == 1)
        #expect(result.stderr == """
            photofeed show: \(fifo): not a regular file (a FIFO)
            photofeed show: /dev/zero: not a regular file (a character device)

            """)
        #expect(result.stdout.contains("chelsea.jpg") && result.stdout.contains("coffee.jpg"))
    }

    @Test func plainShowKeepsItsPictureItselfNotAThumbnail() async throws {
        // Given a fresh cache home
        let home = cacheHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var env = environment
        env["XDG_CACHE_HOME"] = home.path
        let arguments = ["show", photos[2], "--width", "30", "--symbols", "half", "--colors", "256"]

        // When a large photo is shown twice at 30 columns
        let first = try await BuiltBinary.run(arguments, environment: env)
        let pictures = home.appendingPathComponent("photofeed/.pictures")
        let kept = ((try? FileManager.default.contentsOfDirectory(atPath: pictures.path)) ?? []).filter { $0.hasSuffix(".png") }
        let second = try await BuiltBinary.run(arguments, environment: env)

        // Then the first run kept its picture itself before it exited (in photofeed's picture
        // cache, at its own size: no freedesktop.org thumbnail, no background writer and its
        // lock), and the second, drawn from it, prints as many rows
        #expect(first.status == 0 && second.status == 0)
        #expect(kept.count == 1)
        #expect(thumbnails(in: home).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("photofeed/thumbnail-writer.lock").path))
        #expect(first.stdout.split(separator: "\n").count == second.stdout.split(separator: "\n").count)
    }
}
