import Foundation
import TestSupport
import Testing
import ImageCodecs

/// The viewer end to end: the real binary in a private tmux server, against its embedded server.
@Suite("Viewer in tmux", .serialized, .timeLimit(.minutes(3)), .tags(.realTime))
struct TmuxViewerTests {
    /// A fresh cache directory and server-log path for one run.
    static func scratch() throws -> (cache: String, log: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-tmux-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory.appendingPathComponent("cache").path, directory.appendingPathComponent("server.log").path)
    }

    /// A scratch folder (``scratch()``) with a `photos` folder beside its cache holding a copy of
    /// `coffee.jpg` under each of `names`; `root` is the folder holding both.
    static func scratchPhotos(_ names: [String]) throws -> (cache: String, log: String, root: URL, folder: URL) {
        let (cache, log) = try scratch()
        let root = URL(fileURLWithPath: cache).deletingLastPathComponent()
        let folder = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let coffee = BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg")
        for name in names { try FileManager.default.copyItem(at: coffee, to: folder.appendingPathComponent(name)) }
        return (cache, log, root, folder)
    }

    /// The shell command: the viewer with `flags`, then a marker line with its exit status.
    static func command(_ flags: String, cache: String, log: String, environment: String = "") throws -> String {
        "TERM=xterm-256color LANG=C.UTF-8 LC_ALL= LC_CTYPE= NO_COLOR= \(environment) \(try BuiltBinary.photofeed.path) --cache-dir \(cache) --server-log \(log) --trace \(TraceAudit.path(nextTo: log)) \(flags);"
            + " echo VIEWER-EXITED $?; sleep 20"
    }

    /// The image ids (foreground colours) of the kitty placeholder cells on screen, top to bottom.
    private static func placeholderImages(_ escaped: String) -> [String] {
        var ids: [String] = []
        for line in escaped.split(separator: "\n") where hasPlaceholder(line) {
            // A 24-bit colour names the image, or (tmux without RGB) a 256-colour index.
            let direct = line.range(of: "38;2;")
            guard let range = direct ?? line.range(of: "38;5;") else { continue }
            let rest = line[range.upperBound...].prefix { $0.isNumber || $0 == ";" }
            let id = (direct == nil ? "5;" : "") + rest.split(separator: ";").prefix(direct == nil ? 1 : 3).joined(separator: ";")
            if ids.last != id { ids.append(id) }
        }
        return ids
    }

    /// Whether text holds a kitty placeholder (U+10EEEE starts a grapheme with its marks, so
    /// look at the scalars).
    private static func hasPlaceholder(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { $0.value == 0x10EEEE }
    }

    private static func serverLog(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test func placeholdersThenThumbnailsThenQuitRestoresTheTerminal() async throws {
        // Given the viewer on a slow embedded server (each image takes 2 s before its head, so the
        // loading frame lasts long enough to be seen on a loaded machine)
        let (cache, log) = try Self.scratch()
        let session = try TmuxSession(
            command: try Self.command("--latency 2000 --placeholder spinner", cache: cache, log: log), columns: 100, rows: 40)

        // Then the first frame shows rows still loading, with their state line
        let loading = try await session.waitForScreen(within: .seconds(15)) { text in
            text.contains("#0 ") && (text.contains("queued") || text.contains("loading"))
        }
        #expect(loading != nil, "no loading rows in the first frame")
        #expect(try session.display("#{alternate_on}") == "1")

        // And thumbnails replace the placeholders
        let loaded = try await session.waitForScreen(within: .seconds(15)) { text in
            text.components(separatedBy: "network ").count - 1 >= 2
        }
        #expect(loaded != nil, "thumbnails never replaced the placeholders")

        // When the user presses q
        try session.send("q")

        // Then the viewer exits 0 and the terminal has left the alternate screen
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        let last = try session.capture()
        #expect(exited?.contains("VIEWER-EXITED 0") == true, "screen after q:\n\(last)")
        #expect(try session.display("#{alternate_on}") == "0")
        // And the semantics audit, read from the trace, found nothing wrong
        #expect(TraceAudit.problems(nextTo: log).isEmpty, "\(TraceAudit.problems(nextTo: log))")
    }

    @Test func aCLocaleAndNoColorGiveASCIIWithoutColours() async throws {
        // Given the viewer under LANG=C and NO_COLOR=1
        let (cache, log) = try Self.scratch()
        let session = try TmuxSession(
            command: try Self.command("--latency 0", cache: cache, log: log, environment: "LANG=C NO_COLOR=1"),
            columns: 100, rows: 40)

        // When two thumbnails have loaded
        let loaded = try await session.waitForScreen(within: .seconds(15)) { text in
            text.components(separatedBy: "network ").count - 1 >= 2
        }
        #expect(loaded != nil, "thumbnails never loaded")

        // Then no colour is set anywhere, and the pictures and glyphs are ASCII (no block or
        // sextant characters, no box drawing)
        let escaped = try session.capture(escapes: true)
        #expect(!escaped.contains("[38;") && !escaped.contains("[48;") && !escaped.contains(";38;") && !escaped.contains(";48;"))
        let drawn = try session.capture()
        #expect(!drawn.unicodeScalars.contains { $0.value >= 0x2500 }, "non-ASCII art:\n\(drawn)")
        try session.send("q")
        // And the semantics audit, read from the trace, found nothing wrong
        #expect(TraceAudit.problems(nextTo: log).isEmpty, "\(TraceAudit.problems(nextTo: log))")
    }

    @Test func kittyPlaceholdersSitWhereThumbnailsAreMoveWithTheRowsAndGoOnQuit() async throws {
        // Given the viewer with kitty Unicode placeholders on a 24-bit terminal type, in 32×16
        // boxes (two rows and a bit on screen, so two steps down scroll by one row)
        let (cache, log) = try Self.scratch()
        let command = try Self.command("--latency 0 --graphics kitty-placeholders --thumb 32x16", cache: cache, log: log)
            .replacingOccurrences(of: "TERM=xterm-256color", with: "TERM=kitty-direct")
        let session = try TmuxSession(command: command, columns: 100, rows: 40)

        // Then the thumbnails' boxes hold placeholder cells naming the images of the three
        // visible rows (the third cut off by the status bar), top to bottom
        // (once every visible row has its final picture: a progressive preview is another image,
        // with another id, that the final one replaces)
        let shown = try await poll(within: .seconds(15)) { () -> [String]? in
            let text = try session.capture()
            guard !text.contains("loading"), !text.contains("queued"), !text.contains("preview") else { return nil }
            let images = Self.placeholderImages(try session.capture(escapes: true))
            return images.count >= 3 ? images : nil
        }
        let screen = try session.capture()
        let before = try #require(shown, "no placeholder cells:\n\(screen)")
        // And tmux passes no 24-bit colour here (no RGB feature): the images are named by
        // 256-colour indices (small ids), which tmux passes through unchanged
        #expect(before.allSatisfy { $0.hasPrefix("5;") }, "\(before)")
        // And the viewer let its pixels out of tmux: passthrough is on for its pane while it runs
        #expect(try session.paneOption("allow-passthrough") == "on")

        // When the focus moves two rows down (the list scrolls by one row)
        try session.send("j", "j")

        // Then the placeholders moved with their rows: the top picture is now the second one
        let after = try await poll(within: .seconds(10)) { () -> [String]? in
            let images = Self.placeholderImages(try session.capture(escapes: true))
            return images.first == before[1] ? images : nil
        }
        let moved = try session.capture()
        #expect(after != nil, "placeholders did not move:\n\(moved)")

        // When the user quits, no placeholder is left on the terminal
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
        let afterQuit = try session.capture()
        #expect(!Self.hasPlaceholder(afterQuit))
        // And the pane's passthrough setting is back as it was
        #expect(try session.paneOption("allow-passthrough") == "off")
        // And the semantics audit, read from the trace, found nothing wrong
        #expect(TraceAudit.problems(nextTo: log).isEmpty, "\(TraceAudit.problems(nextTo: log))")
    }

    @Test func fastScrollingCancelsAndScrollingBackResumes() async throws {
        // Given downloads slow enough to be cut off part-way even on a loaded machine
        // (300 B/s: a ~1 KB thumbnail takes seconds)
        let (cache, log) = try Self.scratch()
        let session = try TmuxSession(
            command: try Self.command("--latency 0 --bandwidth 300 --prefetch 0", cache: cache, log: log),
            columns: 100, rows: 40)
        // (a row past 0%, so body bytes have arrived and will be kept when it is cancelled)
        let partial = try await session.waitForScreen(within: .seconds(15)) { screen in
            screen.range(of: "loading [1-9][0-9]?%", options: .regularExpression) != nil
        }
        #expect(partial != nil, "no row showed download progress past 0%")

        // When the user scrolls away fast, then back to the top
        try session.send("PageDown", "PageDown", "PageDown", "PageDown")
        let cancelled = try await poll(within: .seconds(10)) {
            Self.serverLog(log).contains("client went away") ? true : nil
        }
        #expect(cancelled == true, "the server never saw an early close:\n\(Self.serverLog(log))")
        try session.send("g")

        // Then the server sees Range requests for the kept bytes, and a row says it resumed
        let ranged = try await poll(within: .seconds(15)) {
            Self.serverLog(log).contains("range=bytes=") ? true : nil
        }
        #expect(ranged == true, "no Range request after scrolling back:\n\(Self.serverLog(log))")
        try session.send("q")
        _ = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        // And the semantics audit, read from the trace, found nothing wrong
        #expect(TraceAudit.problems(nextTo: log).isEmpty, "\(TraceAudit.problems(nextTo: log))")
    }

    @Test func onThreeGPagingAwayCancelsMidBodyAndComingBackResumesAsTheTimelineAndTheTraceShow() async throws {
        // Given the viewer on the 3g preset, with the audit on
        let (cache, log) = try Self.scratch()
        let session = try TmuxSession(
            command: try Self.command("--network 3g --audit", cache: cache, log: log), columns: 100, rows: 40)
        let bytesArriving = { (screen: String) in screen.range(of: "loading [1-9][0-9]?%", options: .regularExpression) != nil }
        // Then the status bar names the preset and the audit, and rows download
        let first = try await session.waitForScreen(within: .seconds(20)) { $0.contains("net 3g") && $0.contains("audit ok") && bytesArriving($0) }
        #expect(first != nil, "no status bar with net 3g and audit ok, or no download under way")

        // When the user pages down five times, each time once a row there has received bytes
        for _ in 0..<5 {
            try session.send("PageDown")
            _ = try await session.waitForScreen(within: .seconds(10), bytesArriving)
        }
        // And pages back until a row says it resumed
        var resumed: String?
        for _ in 0..<5 where resumed == nil {
            try session.send("PageUp")
            resumed = try await session.waitForScreen(within: .seconds(8)) { $0.contains("resumed at") }
        }
        let afterPaging = try session.capture()
        #expect(resumed != nil, "no row resumed after paging back:\n\(afterPaging)")

        // And the event log's timeline shows the cut and the resume
        try session.send("l", "t")
        let timeline = try await session.waitForScreen(within: .seconds(5)) {
            $0.contains("timeline") && $0.contains("✕") && $0.contains("↻")
        }
        let panel = try session.capture()
        #expect(timeline != nil, "no cancel and resume in the timeline:\n\(panel)")

        // When the user closes the panel and quits
        try session.send("q", "q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)

        // Then the trace is complete and tells the story: cancels, resumes from kept bytes
        let check = try TraceAudit.check(nextTo: log)
        #expect(check.isTerminated)
        #expect(!check.events(named: "cancel").isEmpty)
        #expect(!check.events(named: "kept").isEmpty)
        #expect(check.events(named: "resume").contains { Int($0.arguments["from"] ?? "") ?? 0 > 0 })
        #expect(!check.events(named: "downloading").isEmpty)
        // And the semantics audit, read from the trace, found nothing wrong
        #expect(TraceAudit.problems(nextTo: log).isEmpty, "\(TraceAudit.problems(nextTo: log))")
    }

    @Test func failuresShowTheErrorGlyphAndResizingRelaysOut() async throws {
        // Given a server where every image request fails
        let (cache, log) = try Self.scratch()
        let session = try TmuxSession(
            command: try Self.command("--latency 0 --failure-rate 1", cache: cache, log: log), columns: 100, rows: 40)

        // Then the rows show the failure glyph and the reason
        let failed = try await session.waitForScreen(within: .seconds(15)) { $0.contains("✗") && $0.contains("HTTP 503") }
        #expect(failed != nil, "no failure glyph")

        // When the window shrinks
        try session.resize(columns: 70, rows: 24)

        // Then the viewer lays out for 70×24: the status bar is on the new last line
        let relaid = try await session.waitForScreen(within: .seconds(10)) { text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 24 && lines[23].contains("row 1/")
        }
        let screen = try session.capture()
        #expect(relaid != nil, "no status bar on line 24 after the resize:\n\(screen)")

        // And q still restores the terminal
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
        #expect(try session.display("#{alternate_on}") == "0")
        // And the semantics audit, read from the trace, found nothing wrong
        #expect(TraceAudit.problems(nextTo: log).isEmpty, "\(TraceAudit.problems(nextTo: log))")
    }

    @Test func whatALibraryPrintsToStderrGoesToALogNotTheScreen() async throws {
        // Given a folder holding a JPEG XL whose AC data is damaged (libjxl prints its failure
        // trace to stderr while decoding it) and a good photo, and a private cache folder
        let (cache, log) = try Self.scratch()
        let root = URL(fileURLWithPath: cache).deletingLastPathComponent()
        let folder = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let formats = BuiltBinary.packageRoot.appendingPathComponent("Assets/formats")
        try FileManager.default.copyItem(at: formats.appendingPathComponent("corrupt-ac.jxl"), to: folder.appendingPathComponent("a.jxl"))
        try FileManager.default.copyItem(
            at: BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg"), to: folder.appendingPathComponent("b.jpg"))
        let xdg = root.appendingPathComponent("xdg").path
        let session = try TmuxSession(
            command: try Self.command(
                "--feed \(folder.path) --no-thumbnail-cache", cache: cache, log: log, environment: "XDG_CACHE_HOME=\(xdg)"),
            columns: 100, rows: 30)

        // When the damaged file has failed in its row and the photo loaded
        let settled = try await session.waitForScreen(within: .seconds(15)) { $0.contains("✗") && $0.contains("b.jpg") }
        let screen = try session.capture()
        #expect(settled != nil, "the damaged row never failed:\n\(screen)")

        // Then nothing the library printed is on the screen
        #expect(!screen.contains("JXL_"), "library output on the screen:\n\(screen)")
        #expect(!screen.contains("dec_group"), "library output on the screen:\n\(screen)")

        // When the user quits
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }

        // Then the terminal gets one line naming the log, which holds what the library printed
        let logPath = xdg + "/photofeed/viewer-stderr.log"
        #expect(exited?.contains("VIEWER-EXITED 0") == true, "\(exited ?? "")")
        // (the line may wrap at the pane's width)
        let unwrapped = (exited ?? "").replacingOccurrences(of: "\n", with: "")
        #expect(unwrapped.contains("to stderr while the viewer ran: \(logPath)"), "\(exited ?? "")")
        let logged = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        #expect(logged.contains("JXL_FAILURE"), "log: \(logged.prefix(300))")
    }

    @Test func gOnAFolderOfSeveralPagesReachesItsLastPhoto() async throws {
        // Given a folder of 300 small photos (several pages)
        let (cache, log) = try Self.scratch()
        let folder = URL(fileURLWithPath: cache).deletingLastPathComponent().appendingPathComponent("many")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let photo = BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg")
        for index in 0..<300 {
            try FileManager.default.copyItem(at: photo, to: folder.appendingPathComponent("p\(index).jpg"))
        }
        let session = try TmuxSession(
            command: try Self.command("--feed \(folder.path) --no-thumbnail-cache", cache: cache, log: log),
            columns: 100, rows: 30)
        let first = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/") }
        #expect(first != nil)

        // When G is pressed
        try session.send("G")

        // Then the last photo is focused, at the end of the feed
        let end = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 300/300") }
        let screen = try session.capture()
        #expect(end != nil, "G did not reach the last photo:\n\(screen)")
        #expect(screen.contains("p299.jpg"))
        #expect(screen.contains("end of feed"))
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
    }

    @Test func animationsPlayWhileOnScreenPauseWithAAndDecodeNothingOffScreen() async throws {
        // Given a folder: an animated GIF and an animated WebP, then twelve photos
        let (cache, log) = try Self.scratch()
        let folder = URL(fileURLWithPath: cache).deletingLastPathComponent().appendingPathComponent("animated")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let formats = BuiltBinary.packageRoot.appendingPathComponent("Assets/formats")
        try FileManager.default.copyItem(at: formats.appendingPathComponent("animated.gif"), to: folder.appendingPathComponent("a1.gif"))
        try FileManager.default.copyItem(at: formats.appendingPathComponent("animated.webp"), to: folder.appendingPathComponent("a2.webp"))
        for index in 0..<12 {
            try FileManager.default.copyItem(
                at: BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg"), to: folder.appendingPathComponent("p\(index).jpg"))
        }
        let session = try TmuxSession(
            command: try Self.command("--feed \(folder.path) --no-thumbnail-cache --audit", cache: cache, log: log),
            columns: 100, rows: 30)
        let shown = try await session.waitForScreen(within: .seconds(15)) { $0.contains("a2.webp") && $0.contains("audit ok") }
        #expect(shown != nil, "the animated rows never showed:\n\((try? session.capture()) ?? "")")

        // Then the animated rows change on their own (the frames differ in colour)
        let first = try session.capture(escapes: true)
        let moved = try await poll(within: .seconds(5)) { () throws -> String? in
            let now = try session.capture(escapes: true)
            return now != first ? now : nil
        }
        #expect(moved != nil, "nothing moved on screen")

        // When a is pressed, the status bar says they paused
        try session.send("a")
        let paused = try await session.waitForScreen(within: .seconds(5)) { $0.contains("animations paused") }
        #expect(paused != nil)
        try session.send("a")

        // When the list goes to its end and back, and the user quits
        try session.send("G")
        _ = try await session.waitForScreen(within: .seconds(10)) { $0.contains("end of feed") }
        try session.send("g")
        _ = try await session.waitForScreen(within: .seconds(10)) { $0.contains("a1.gif") }
        let again = try session.capture(escapes: true)
        let movesAgain = try await poll(within: .seconds(5)) { () throws -> String? in
            let now = try session.capture(escapes: true)
            return now != again ? now : nil
        }
        #expect(movesAgain != nil, "the animations did not play again after coming back")
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)

        // Then the trace shows frames asked for, and the audit (rule 8: no frame decoded off
        // screen, with every other rule) found nothing
        #expect(TraceAudit.problems(nextTo: log).isEmpty, "\(TraceAudit.problems(nextTo: log))")
        let frames = try TraceAudit.check(nextTo: log).events(named: "animation frame")
        #expect(frames.count >= 4, "\(frames.count) animation frames in the trace")
    }

    @Test func theInfoPanelShowsTheFocusedPhotosEXIFAndFollowsTheFocus() async throws {
        // Given a folder: a photo without EXIF, then one whose EXIF names a camera and a place
        let (cache, log) = try Self.scratch()
        let folder = URL(fileURLWithPath: cache).deletingLastPathComponent().appendingPathComponent("exif")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg"), to: folder.appendingPathComponent("a.jpg"))
        try FileManager.default.copyItem(
            at: BuiltBinary.packageRoot.appendingPathComponent("Assets/formats/exif-camera.jpg"),
            to: folder.appendingPathComponent("b.jpg"))
        let session = try TmuxSession(
            command: try Self.command("--feed \(folder.path) --no-thumbnail-cache", cache: cache, log: log),
            columns: 110, rows: 40)
        _ = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/2") }

        // When I opens the info panel on the first photo
        try session.send("I")
        let first = try await session.waitForScreen(within: .seconds(10)) { $0.contains("JPEG · 600×400") }
        // Then it gives the file's format and size, and no camera (it has no EXIF)
        let shown = try session.capture()
        #expect(first?.contains("JPEG · 600×400") == true, "\(shown)")
        #expect(first?.contains("camera") == false)

        // When the focus moves to the second photo, the panel follows it
        try session.send("j")
        let second = try await session.waitForScreen(within: .seconds(10)) { $0.contains("FUJIFILM X-T3") }
        let screen = try session.capture()
        #expect(second != nil, "the panel did not follow the focus:\n\(screen)")
        #expect(screen.contains("1/500 s · f/4 · ISO 200 · 35 mm (53 mm in 35 mm)"))
        #expect(screen.contains("2024-09-14 18:42:05 +01:00"))
        #expect(screen.contains("51.50733° N, 0.12767° W"))

        // When I closes it and the user quits
        try session.send("I")
        _ = try await session.waitForScreen(within: .seconds(5)) { !$0.contains("FUJIFILM") }
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
    }

    @Test func dMovesThePhotoToTheTrashAfterAskingAndZPutsItBack() async throws {
        // Given a folder of three photos and a private XDG_DATA_HOME (its Trash)
        let (cache, log, root, folder) = try Self.scratchPhotos(["a.jpg", "b.jpg", "c.jpg"])
        let data = root.appendingPathComponent("data")
        let session = try TmuxSession(
            command: try Self.command(
                "--feed \(folder.path) --no-thumbnail-cache", cache: cache, log: log, environment: "XDG_DATA_HOME=\(data.path)"),
            columns: 100, rows: 40)
        _ = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/3") }

        // When b.jpg is focused and D is pressed, the status bar asks, naming it
        try session.send("j")
        try session.send("D")
        let asked = try await session.waitForScreen(within: .seconds(5)) { $0.contains("Move b.jpg to the Trash?") }
        #expect(asked != nil, "\((try? session.capture()) ?? "")")
        // When y answers, the file is in the Trash with its info, and its row is gone
        try session.send("y")
        let moved = try await session.waitForScreen(within: .seconds(10)) { $0.contains("moved b.jpg to the Trash") }
        #expect(moved != nil, "\((try? session.capture()) ?? "")")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.jpg").path))
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("Trash/files/b.jpg").path))
        let info = try String(contentsOf: data.appendingPathComponent("Trash/info/b.jpg.trashinfo"), encoding: .utf8)
        #expect(info.contains("Path=\(folder.appendingPathComponent("b.jpg").path)"))
        let afterMove = try session.capture()
        #expect(afterMove.contains("row 2/2"))

        // When z is pressed, it is back in its folder and its row in the list
        try session.send("z")
        let back = try await session.waitForScreen(within: .seconds(10)) { $0.contains("put back b.jpg") }
        #expect(back != nil, "\((try? session.capture()) ?? "")")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.jpg").path))
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("Trash/info/b.jpg.trashinfo").path))
        let afterUndo = try session.capture()
        #expect(afterUndo.contains("row 2/3"))
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
    }

    @Test func aFolderFollowsItsChangesAndSlashFindsAPhotoByName() async throws {
        // Given a folder of a.jpg and c.jpg, followed (inotify) by the viewer
        let (cache, log) = try Self.scratch()
        let root = URL(fileURLWithPath: cache).deletingLastPathComponent()
        let folder = root.appendingPathComponent("live")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let coffee = BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg")
        for name in ["a.jpg", "c.jpg"] { try FileManager.default.copyItem(at: coffee, to: folder.appendingPathComponent(name)) }
        let session = try TmuxSession(
            command: try Self.command("--feed \(folder.path) --no-thumbnail-cache", cache: cache, log: log), columns: 100, rows: 40)
        _ = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/2") }

        // When b.jpg is copied into the folder, it appears between them (the folder is not listed again)
        try FileManager.default.copyItem(at: coffee, to: folder.appendingPathComponent("b.jpg"))
        let added = try await session.waitForScreen(within: .seconds(10)) { $0.contains("folder: 1 added") && $0.contains("row 1/3") }
        #expect(added != nil, "\((try? session.capture()) ?? "")")
        if let added, let a = added.range(of: "a.jpg"), let b = added.range(of: "b.jpg"), let c = added.range(of: "c.jpg") {
            #expect(a.lowerBound < b.lowerBound && b.lowerBound < c.lowerBound, "\(added)")
        } else {
            Issue.record("the three names are not all on screen: \((try? session.capture()) ?? "")")
        }
        // When c.jpg is removed, its row goes
        try FileManager.default.removeItem(at: folder.appendingPathComponent("c.jpg"))
        let removed = try await session.waitForScreen(within: .seconds(10)) { $0.contains("folder: 1 removed") && $0.contains("row 1/2") }
        #expect(removed != nil, "\((try? session.capture()) ?? "")")
        #expect(removed?.contains("c.jpg") == false)

        // When / b is typed, the list narrows to b.jpg as it is typed; Enter keeps it; Esc shows
        // every photo again with b.jpg still focused
        try session.send("/")
        try session.send("b")
        let narrowed = try await session.waitForScreen(within: .seconds(5)) { $0.contains("1 of 2") }
        #expect(narrowed != nil, "\((try? session.capture()) ?? "")")
        #expect(narrowed?.contains("a.jpg") == false)
        try session.send("Enter")
        _ = try await session.waitForScreen(within: .seconds(5)) { $0.contains("1 match /b") }
        try session.send("Escape")
        let all = try await session.waitForScreen(within: .seconds(5)) { $0.contains("row 2/2") }
        #expect(all != nil, "\((try? session.capture()) ?? "")")
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
    }

    @Test func sSavesTheFullSizeOriginalOfAWebPhotoUnderAFreeName() async throws {
        // Given the embedded feed and an empty save folder
        let (cache, log) = try Self.scratch()
        let saves = URL(fileURLWithPath: cache).deletingLastPathComponent().appendingPathComponent("saved")
        let session = try TmuxSession(
            command: try Self.command("--latency 0 --bandwidth 0 --save-dir \(saves.path)", cache: cache, log: log),
            columns: 100, rows: 30)
        _ = try await session.waitForScreen(within: .seconds(20)) { $0.contains("row 1/") }

        // When s is pressed twice on the first photo
        try session.send("s")
        let first = try await session.waitForScreen(within: .seconds(20)) { $0.contains("saved \(saves.path)") }
        #expect(first != nil, "\((try? session.capture()) ?? "")")
        try session.send("s")
        // (the second save is done once its temporary ".part" has been renamed: two names, no dot)
        _ = try await poll(within: .seconds(20)) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: saves.path)) ?? []
            return names.count == 2 && !names.contains { $0.hasPrefix(".") } ? true : nil
        }

        // Then two whole JPEGs of the photo's full size are there, the second under a new name
        let names = try FileManager.default.contentsOfDirectory(atPath: saves.path).sorted()
        #expect(names.count == 2 && names.allSatisfy { $0.hasPrefix("photo-0-") && $0.hasSuffix(".jpg") }, "\(names)")
        #expect(names.contains { $0.contains(" (2).jpg") }, "\(names)")
        let bytes = [UInt8](try Data(contentsOf: saves.appendingPathComponent(names[0])))
        let header = try ImageDecoder.probe(bytes)
        let size = names[0].dropFirst("photo-0-".count).prefix { $0 != "." && $0 != " " }.split(separator: "x").compactMap { Int($0) }
        #expect(header.format == .jpeg && [header.size.width, header.size.height] == size, "\(header) \(names[0])")
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
    }

    @Test func yInsideTmuxPutsThePathInTmuxsBufferForTheClipboard() async throws {
        // Given a folder of two photos, the viewer inside tmux (which ignores an application's own
        // OSC 52 under its default set-clipboard)
        let (cache, log) = try Self.scratch()
        let folder = URL(fileURLWithPath: cache).deletingLastPathComponent().appendingPathComponent("copy")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["a.jpg", "b.jpg"] {
            try FileManager.default.copyItem(
                at: BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg"), to: folder.appendingPathComponent(name))
        }
        let session = try TmuxSession(
            command: try Self.command("--feed \(folder.path) --no-thumbnail-cache", cache: cache, log: log),
            columns: 100, rows: 30)
        _ = try await session.waitForScreen(within: .seconds(15)) { $0.contains("row 1/2") }
        // When the second photo is focused and y pressed
        try session.send("j")
        try session.send("y")
        // Then tmux holds its path (and has sent it on to the outer terminal's clipboard)
        let copied = try await poll(within: .seconds(10)) { () throws -> String? in
            let buffer = try session.pasteBuffer()
            return buffer.contains("b.jpg") ? buffer : nil
        }
        #expect(copied == folder.appendingPathComponent("b.jpg").path, "\(copied ?? "nothing")")
        try session.send("q")
        let exited = try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED") }
        #expect(exited?.contains("VIEWER-EXITED 0") == true)
    }

    /// The viewer's resident memory in KiB, read from /proc (the pane's shell's child).
    private static func viewerRSS(_ session: TmuxSession) throws -> Int? {
        let shell = try session.display("#{pane_pid}")
        guard let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8),
            let viewer = children.split(separator: " ").first,
            let status = try? String(contentsOfFile: "/proc/\(viewer)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(whereSeparator: \.isWhitespace)[1])
    }

    @Test func memoryGoesBackDownAfterScrollingDownAndBack() async throws {
        // Given the viewer on the 25 photos of Assets/photos (several large, progressive JPEGs),
        // its first screen loaded
        let (cache, log) = try Self.scratch()
        let xdg = URL(fileURLWithPath: cache).deletingLastPathComponent().appendingPathComponent("xdg").path
        let session = try TmuxSession(
            command: try Self.command(
                "--feed \(BuiltBinary.assetsDirectory.path)", cache: cache, log: log, environment: "XDG_CACHE_HOME=\(xdg)"),
            columns: 120, rows: 40)
        let settled = { (text: String) in text.contains("fly 0 q 0") && !text.contains("loading") && !text.contains("queued") }
        #expect(try await session.waitForScreen(within: .seconds(20)) { $0.contains("row 1/") && settled($0) } != nil)
        let first = try #require(try Self.viewerRSS(session))

        // When the list is scrolled to its end and back six times (288 moves), every photo decoded
        for _ in 0..<6 {
            for _ in 0..<24 { try session.send("j") }
            #expect(try await session.waitForScreen(within: .seconds(20)) { $0.contains("row 25/") && settled($0) } != nil)
            for _ in 0..<24 { try session.send("k") }
            #expect(try await session.waitForScreen(within: .seconds(20)) { $0.contains("row 1/") && settled($0) } != nil)
        }
        let after = try #require(try Self.viewerRSS(session))

        // Then it holds at most 1.5× what it held after the first screen (glibc kept the large
        // decode buffers before: 42 MB, then 110 MB)
        #expect(Double(after) <= 1.5 * Double(first), "RSS \(first) KiB after the first screen, \(after) KiB after scrolling")
        try session.send("q")
        #expect(try await session.waitForScreen(within: .seconds(10)) { $0.contains("VIEWER-EXITED 0") } != nil)
    }
}
