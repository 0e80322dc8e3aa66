import ArgumentParser
import Testing

@testable import PhotoShow
@testable import photofeed

/// The `show` fast path must read every argument list it accepts exactly as ArgumentParser does,
/// and hand every other list to ArgumentParser.
@Suite("ShowArgumentScanner")
struct ShowArgumentScannerTests {
    static let accepted: [[String]] = [
        ["a.jpg"],
        ["a.jpg", "b.png", "https://example.com/c.jpg"],
        ["a.jpg", "--width", "40", "--height", "20"],
        ["--width=40", "a.jpg", "--height=20"],
        ["a.jpg", "--symbols", "quad", "--colors", "256", "--dither", "ordered"],
        ["a.jpg", "--symbols", "HALF", "--colors", "full"],
        ["a.jpg", "--colors", "24bit", "--symbols", "ascii", "--dither", "diffusion"],
        ["a.jpg", "--colors", "auto", "--symbols", "block", "--dither", "none"],
        ["a.jpg", "--fill"],
        ["--fit", "a.jpg", "--colors=none"],
        ["a.jpg", "--width", "1000", "--height", "1"],
        ["a.jpg", "--max-bytes", "1048576"],
        ["--max-bytes=1", "a.jpg"],
        ["a.jpg", "b.jpg", "--grid", "6x4", "--title"],
        ["--grid=3x2", "a.jpg", "--no-thumbnail-cache", "--width", "180", "--height", "60"],
        ["a.jpg", "--grid", "5"],
        ["a.jpg", "--graphics", "kitty", "--width", "40", "--height", "20"],
        ["--graphics=sixel", "a.jpg", "--fill", "--no-thumbnail-cache"],
        ["a.jpg", "--graphics", "iterm"],
        ["a.jpg", "--graphics", "blocks"],
        ["a.gif", "--animate", "once", "--loops", "2", "--duration", "1.5"],
        ["a.gif", "--animate=off"],
        ["a.jpg", "--cell-aspect", "8:19"],
        ["--cell-aspect=1:2.2", "a.jpg", "--width", "60"],
        ["IMG_1.CR2", "--raw", "develop"],
        ["--raw=preview", "a.dng", "--width", "60"],
        ["a.nef", "--raw", "DEVELOP"],
    ]

    static let declined: [[String]] = [
        [],
        ["--help"],
        ["-h"],
        ["a.jpg", "--bogus"],
        ["a.jpg", "--cell-aspect", "1:500"],
        ["a.jpg", "--cell-aspect", "8x19"],
        ["a.dng", "--raw", "sensor"],
        ["a.dng", "--raw"],
        ["a.dng", "--raw", "develop", "--raw", "preview"],
        ["a.jpg", "--width"],
        ["a.jpg", "--width", "0"],
        ["a.jpg", "--width", "1001"],
        ["a.jpg", "--width", "forty"],
        ["a.jpg", "--height", "-3"],
        ["a.jpg", "--symbols", "braille"],
        ["a.jpg", "--colors", "8"],
        ["a.jpg", "--dither", "random"],
        ["a.jpg", "--fit", "--fill"],
        ["a.jpg", "--fill", "--fill"],
        ["a.jpg", "--grid", "0x4"],
        ["a.jpg", "--grid", "6x65"],
        ["a.jpg", "--grid", "6by4"],
        ["a.jpg", "--title"],
        ["a.jpg", "--grid", "2x2", "--title", "--title"],
        ["a.jpg", "--width", "10", "--width", "20"],
        ["a.jpg", "--fill=yes"],
        ["a.jpg", "--max-bytes", "0"],
        ["a.jpg", "--max-bytes", "lots"],
        ["a.jpg", "--graphics", "braille"],
        ["a.jpg", "--graphics"],
        ["a.gif", "--animate", "twice"],
        ["a.gif", "--loops", "0"],
        ["a.gif", "--loops", "many"],
        ["a.gif", "--duration", "0"],
        ["a.gif", "--duration", "-1"],
        ["a.gif", "--duration", "nan"],
        ["--", "-a.jpg"],
        ["-a.jpg"],
    ]

    @Test("accepted lists give what ArgumentParser gives", arguments: accepted)
    func matchesArgumentParser(_ arguments: [String]) throws {
        // Given a plain, valid argument list
        // When both parsers read it
        let fast = ShowArgumentScanner.scan(arguments)
        let parsed = try ShowCommand.parse(arguments)
        // Then they agree on every setting
        #expect(fast == parsed.settings)
    }

    @Test("anything else is left to ArgumentParser", arguments: declined)
    func declines(_ arguments: [String]) {
        // Given help, an unknown, missing, repeated or out-of-range flag, `--`, or no image
        // When the fast path reads it
        // Then it declines, so ArgumentParser prints its usual help or error
        #expect(ShowArgumentScanner.scan(arguments) == nil)
    }

    /// Declined lists ArgumentParser accepts: `--`, and repeated flags (it keeps the last).
    static let acceptedByArgumentParserOnly: [[String]] = [
        ["--", "-a.jpg"], ["a.jpg", "--width", "10", "--width", "20"], ["a.jpg", "--fill", "--fill"],
        ["a.jpg", "--grid", "2x2", "--title", "--title"], ["a.dng", "--raw", "develop", "--raw", "preview"],
    ]

    @Test("a declined list is an ArgumentParser error too, except `--` and repeats")
    func declinedListsAreErrors() throws {
        // Given the declined lists ArgumentParser also rejects
        let rejected = Self.declined.filter { !Self.acceptedByArgumentParserOnly.contains($0) }
        // Then parsing each one throws (help counts: it is thrown as a clean exit)
        for arguments in rejected {
            #expect(throws: (any Error).self, "\(arguments)") { try ShowCommand.parse(arguments) }
        }
        // And the others parse (the slow path shows them)
        for arguments in Self.acceptedByArgumentParserOnly {
            _ = try ShowCommand.parse(arguments)
        }
    }
}
