import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `y` on the real binary, the clipboard escape it writes decoded: each path one shell word
/// that a pasted list cannot run, and as many whole paths as the terminals' limit takes.
@Suite("The clipboard on a terminal", .tags(.realTime))
struct ClipboardCopyTests {
    /// A scratch home with a `photos` folder holding `names`, each a link to one small photo.
    private static func setUp(_ names: [String]) throws -> (environment: [String: String], folder: String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("clipboard-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let photo = home.appendingPathComponent("photo.jpg").path
        try FileManager.default.copyItem(atPath: BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg").path, toPath: photo)
        for name in names {
            guard link(photo, folder.appendingPathComponent(name).path) == 0 else {
                throw PlayedTerminalError.noTerminal("link \(name): errno \(errno)")
            }
        }
        let environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache",
            "TERM": "xterm-256color", "LANG": "C.UTF-8",
        ]
        return (environment, folder.path)
    }

    /// Runs the viewer on `folder` on a terminal that answers at once; for each step, waits until
    /// its text is on the screen, then types its keys; returns the text of the clipboard escape
    /// the viewer writes.
    private static func copy(folder: String, environment: [String: String], steps: [(shown: String, keys: String)]) throws
        -> String?
    {
        let terminal = try PlayedTerminal(BuiltBinary.photofeed, ["--feed", folder], environment: environment)
        #expect(terminal.answer(.text(PlayedTerminal.Answer.kitty)))
        for step in steps {
            // A bound, not a measure: listing 20,010 files and walking to the last takes about a
            // minute on a loaded machine.
            let shown = terminal.read(within: .seconds(180)) { String(decoding: $0, as: UTF8.self).contains(step.shown) }
            #expect(shown, "\(step.shown) never shown")
            terminal.write(Array(step.keys.utf8))
        }
        // A bound too: marking and quoting 20,010 paths beside the unit suites took over 30 s.
        #expect(terminal.read(within: .seconds(180)) { ProbeTypeAheadTests.clipboardText(in: $0) != nil }, "nothing was copied")
        let text = ProbeTypeAheadTests.clipboardText(in: terminal.output)
        terminal.write(Array("q".utf8))
        #expect(terminal.exitStatus(within: .seconds(10)) == 0)
        #expect(terminal.modesRestored)
        return text
    }

    @Test func namesThatClearTheScreenOrHoldACommandAreCopiedQuoted() throws {
        // Given: a name that clears the screen, one with newlines around a command, one with a space
        let (environment, folder) = try Self.setUp(["\u{1B}[2J\u{1B}[H.jpg", "line\n; touch PWNED\n.jpg", "a b.jpg"])
        // When: every photo is marked (T) and copied (y)
        let text = try Self.copy(folder: folder, environment: environment, steps: [("a b.jpg", "Ty")]) ?? ""
        // Then: one word each, escapes and newlines written as $'…' escapes, space-separated
        let words = ["$'\(folder)/\\033[2J\\033[H.jpg'", "$'\(folder)/line\\n; touch PWNED\\n.jpg'", "'\(folder)/a b.jpg'"]
        for word in words { #expect(text.contains(word), "\(text.debugDescription)") }
        #expect(text.utf8.count == words.map(\.utf8.count).reduce(0, +) + 2)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 }, "\(text.debugDescription)")
    }

    @Test func twentyThousandMarkedPathsAreCutAtAWholePath() throws {
        // Given: 20,010 photos
        let names = (0..<20_010).map { String(format: "photo-%06d.jpg", $0) }
        let (environment, folder) = try Self.setUp(names)
        // When: the list goes to its end (G: every page read), and all are marked and copied
        let text =
            try Self.copy(folder: folder, environment: environment, steps: [("photo-000000", "G"), ("photo-020009", "Ty")]) ?? ""
        // Then: fewer than all, each one whole, the first ones in order, within the clipboard's limit
        let paths = text.split(separator: " ").map(String.init)
        let fitting = (449_994 + 1) / (folder.utf8.count + 1 + names[0].utf8.count + 1)
        #expect(text.utf8.count <= 449_994)
        #expect(paths.count == min(fitting, 20_010) && paths.count < 20_010, "\(paths.count) of \(fitting)")
        #expect(paths == names.prefix(paths.count).map { folder + "/" + $0 })
    }
}
