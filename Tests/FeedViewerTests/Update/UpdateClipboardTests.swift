import FeedSources
import Foundation
import SystemPackage
import Testing
import TerminalGraphics
@testable import FeedViewer
import Vocabulary

/// `y` copies what it says: whole paths, as many as the clipboard takes, the count said when
/// not all; each path one shell word, so a pasted list runs nothing.
@Suite("Update: the clipboard")
struct UpdateClipboardTests {
    private static func files(_ names: [String], in directory: String = "/photos") -> [FeedPhoto] {
        names.enumerated().map { index, name in
            FeedPhoto(
                id: String(index), author: "A\(index)", size: PixelSize(width: 400, height: 300),
                origin: .file(directory: URL(fileURLWithPath: directory), name: FilePath(name)))
        }
    }

    private static func copied(_ effects: [FeedEffect]) -> String? {
        effects.compactMap { if case .copyToClipboard(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }.first
    }

    @Test func twentyThousandMarkedPathsAreCutAtAWholePathWithTheCountSaid() {
        // Given: 20,010 photos in a folder with a long name, all marked
        let directory = "/home/someone/Pictures/a-folder-with-a-rather-long-name"
        let names = (0..<20_010).map { String(format: "photo-%06d.jpg", $0) }
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(Self.files(names, in: directory))
        harness.press("T")
        #expect(harness.model.marks.count == 20_010)
        // When: y is pressed
        let text = Self.copied(harness.press("y")) ?? ""
        // Then: the text fits the clipboard, and holds whole paths only, the first ones in order
        #expect(text.utf8.count <= Clipboard.maxBytes)
        let paths = text.split(separator: " ").map(String.init)
        let fitting = (Clipboard.maxBytes + 1) / (directory.utf8.count + 1 + names[0].utf8.count + 1)
        #expect(paths.count == fitting)
        #expect(paths == names.prefix(fitting).map { directory + "/" + $0 })
        // And: the status bar says how many of how many, and why
        #expect(fitting == 6_164)
        #expect(harness.model.message == "copied 6,164 of 20,010 paths: the clipboard's limit")
    }

    @Test func hostileNamesAreCopiedShellQuotedSpaceSeparated() {
        // Given: a name that clears the screen, one with newlines around a command, one with a
        // space, and a plain one, all marked
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(Self.files(["\u{1B}[2J\u{1B}[H", "line\n; touch PWNED\n.jpg", "a b.jpg", "c.jpg"]))
        harness.press("T")
        // When: y is pressed
        let text = Self.copied(harness.press("y"))
        // Then: one word each, no control byte and no newline in the text
        #expect(text == "$'/photos/\\033[2J\\033[H' $'/photos/line\\n; touch PWNED\\n.jpg' '/photos/a b.jpg' /photos/c.jpg")
        #expect(harness.model.message == "copied 4 paths (if the terminal allows OSC 52)")
    }

    @Test func theLimitIsXtermsDefaultOSCStringLength() {
        // 600,000 bytes of `52;c;` and base64: the escape sent for the longest text fits it
        #expect(Clipboard.maximumSequenceBody == 600_000)
        let sent = Clipboard.copy(String(repeating: "a", count: Clipboard.maxBytes))
        #expect(sent.count - 4 <= Clipboard.maximumSequenceBody)
        #expect(Clipboard.copy(String(repeating: "a", count: Clipboard.maxBytes + 3)).count == sent.count)
    }

    @Test func fitStopsBeforeTheFirstEntryThatDoesNotFit() {
        // Given: "ab", then an entry that fits the limit alone but not after "ab" and a space
        let long = String(repeating: "x", count: Clipboard.maxBytes - 2)
        let cut = Clipboard.fit(["ab", long, "c"])
        #expect(cut.text == "ab" && cut.count == 1)
        // An entry that exactly fills the limit after the first is taken
        let exact = Clipboard.fit(["ab", String(long.dropFirst())])
        #expect(exact.count == 2 && exact.text.utf8.count == Clipboard.maxBytes)
        #expect(Clipboard.fit(["a", "b"]) == ("a b", 2))
        #expect(Clipboard.fit([long + "xxx"]).count == 0)
    }
}
