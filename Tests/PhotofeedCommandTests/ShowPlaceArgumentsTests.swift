import ArgumentParser
import Testing

@testable import PhotoShow
@testable import photofeed

/// `--place` and `--clear` read by the start-up fast path exactly as ArgumentParser reads them,
/// and every list it cannot fully read handed to ArgumentParser, which says what is wrong.
@Suite("show --place and --clear on the command line")
struct ShowPlaceArgumentsTests {
    static let accepted: [[String]] = [
        ["a.jpg", "--place", "40x20@60x1"],
        ["--place=80X24@0X0", "a.jpg", "--graphics", "kitty"],
        ["--clear"],
        ["--clear", "--place", "40x20@60x1"],
        ["--clear", "--graphics", "sixel", "--place=1x1@9999x9999"],
    ]

    static let declined: [[String]] = [
        ["a.jpg", "--place", "40x20"],
        ["a.jpg", "--place"],
        ["a.jpg", "--place", "0x20@0x0"],
        ["a.jpg", "b.jpg", "--place", "40x20@0x0"],
        ["a.jpg", "--place", "40x20@0x0", "--width", "10"],
        ["a.jpg", "--place", "40x20@0x0", "--grid", "2x2"],
        ["a.jpg", "--clear"],
        ["--clear=yes"],
    ]

    @Test("accepted lists give what ArgumentParser gives", arguments: accepted)
    func matchesArgumentParser(_ arguments: [String]) throws {
        let fast = ShowArgumentScanner.scan(arguments)
        let parsed = try ShowCommand.parse(arguments)
        #expect(fast != nil)
        #expect(fast == parsed.settings)
    }

    @Test("other lists go to ArgumentParser, which refuses them", arguments: declined)
    func declinesAndArgumentParserRefuses(_ arguments: [String]) {
        #expect(ShowArgumentScanner.scan(arguments) == nil)
        #expect(throws: (any Error).self) {
            let command = try ShowCommand.parse(arguments)
            try command.validate()
        }
    }

    @Test func aRepeatedClearIsLeftToArgumentParser() throws {
        #expect(ShowArgumentScanner.scan(["--clear", "--clear"]) == nil)
        #expect(try ShowCommand.parse(["--clear", "--clear"]).settings.clear)
    }

    @Test func aBadBoxIsTheSentenceThatNamesTheSyntax() {
        do {
            _ = try ShowCommand.parse(["a.jpg", "--place", "40x20"])
            Issue.record("parsed")
        } catch {
            #expect(ShowCommand.message(for: error).contains("--place must be COLSxROWS@LEFTxTOP in cells from 0, e.g. 40x20@60x1 (got 40x20)"))
        }
    }
}
