import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Keys typed while the viewer asks the terminal about itself are the viewer's first input:
/// kept in order among the replies and acted on once it runs. The real binary on a
/// pseudo-terminal whose far end the test plays (``PlayedTerminal``), answering after the keys.
@Suite("Keys typed during the probe", .tags(.realTime))
struct ProbeTypeAheadTests {
    /// A scratch home, and a folder of four photos whose third (by name) needs quoting.
    private static func setUp() throws -> (environment: [String: String], folder: String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("typeahead-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let photo = BuiltBinary.assetsDirectory.appendingPathComponent("coffee.jpg")
        for name in ["a.jpg", "b.jpg", "c d.jpg", "e.jpg"] {
            try FileManager.default.copyItem(at: photo, to: folder.appendingPathComponent(name))
        }
        let environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache",
            "TERM": "xterm-256color", "LANG": "C.UTF-8",
        ]
        return (environment, folder.path)
    }

    /// The text of the first OSC 52 (clipboard) escape in `output`, decoded; nil before it is whole.
    static func clipboardText(in output: [UInt8]) -> String? {
        let text = String(decoding: output, as: UTF8.self)
        guard let start = text.range(of: "\u{1B}]52;c;"), let end = text[start.upperBound...].range(of: "\u{1B}\\") else {
            return nil
        }
        guard let data = Data(base64Encoded: String(text[start.upperBound..<end.lowerBound])) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: [Duration.milliseconds(100), .milliseconds(400)])
    func jjTypedDuringASlowProbeMoveTheFocusTwice(answerDelay: Duration) throws {
        // Given: the viewer on a folder asking its questions, and a terminal that answers only
        // after the user has typed j j y (within the probe's wait, or after it gave up)
        let (environment, folder) = try Self.setUp()
        let terminal = try PlayedTerminal(BuiltBinary.photofeed, ["--feed", folder], environment: environment)
        #expect(terminal.read(within: .seconds(10), until: PlayedTerminal.askedEverything))
        terminal.write(Array("jjy".utf8))
        #expect(terminal.answer(.text(PlayedTerminal.Answer.kitty, delay: answerDelay), within: .zero))
        // Then: the focus moved twice, and y copied the third photo's path (quoted: it has a space)
        #expect(terminal.read(within: .seconds(10)) { Self.clipboardText(in: $0) != nil }, "nothing was copied")
        #expect(Self.clipboardText(in: terminal.output) == "'\(folder)/c d.jpg'")
        // And: q still quits cleanly, the terminal as it was
        terminal.write(Array("q".utf8))
        #expect(terminal.exitStatus(within: .seconds(10)) == 0)
        #expect(terminal.modesRestored)
    }

    @Test func ctrlCTypedDuringTheProbeEndsTheViewerWithTheTerminalBack() throws {
        // Given: the viewer asking; the user presses Ctrl-C before the terminal answers
        let (environment, folder) = try Self.setUp()
        let terminal = try PlayedTerminal(BuiltBinary.photofeed, ["--feed", folder], environment: environment)
        #expect(terminal.read(within: .seconds(10), until: PlayedTerminal.askedEverything))
        let asked = terminal.output.count
        terminal.write([0x03])
        #expect(terminal.answer(.text(PlayedTerminal.Answer.kitty, delay: .milliseconds(100)), within: .zero))
        // Then: the viewer ends as Ctrl-C ends a program (130), by itself
        #expect(terminal.exitStatus(within: .seconds(10)) == 130)
        // And: what it wrote after the Ctrl-C gives the terminal back: the alternate screen left
        // after it was entered, mouse reporting off after it was on; the line modes as before
        let after = String(decoding: terminal.output[asked...], as: UTF8.self)
        let entered = after.range(of: "\u{1B}[?1049h", options: .backwards)
        let left = after.range(of: "\u{1B}[?1049l", options: .backwards)
        #expect(entered != nil && left != nil && left!.lowerBound > entered!.lowerBound, "\(after.debugDescription.suffix(300))")
        let mouseOn = after.range(of: "\u{1B}[?1002h", options: .backwards)
        let mouseOff = after.range(of: "\u{1B}[?1002l", options: .backwards)
        #expect(mouseOff != nil && (mouseOn == nil || mouseOff!.lowerBound > mouseOn!.lowerBound))
        #expect(terminal.modesRestored)
        #expect(PlayedTerminal.leftoverFiles(of: terminal.process.processIdentifier).isEmpty)
    }
}
