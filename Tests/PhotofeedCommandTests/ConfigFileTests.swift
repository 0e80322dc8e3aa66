import Foundation
import Testing

@testable import photofeed

#if canImport(Glibc)
import Glibc
#endif

@Suite("The config file's lines")
struct ConfigFileTests {
    @Test("settings by name, flags alone, comments and blank lines skipped")
    func settingsFlagsAndComments() throws {
        // Given a file with a comment, blank lines, an option, a flag and indentation
        let text = """
            # photofeed defaults

            sort = taken
              graphics=kitty
            no-disk-cache
            \t# indented comment
            """
        // When it is parsed
        let file = try ConfigFile.parse(text, path: "config")
        // Then the settings keep their line numbers, and become arguments in order
        #expect(file.entries == [
            .init(line: 3, name: "sort", value: "taken"),
            .init(line: 4, name: "graphics", value: "kitty"),
            .init(line: 5, name: "no-disk-cache", value: nil),
        ])
        #expect(file.arguments == ["--sort=taken", "--graphics=kitty", "--no-disk-cache"])
    }

    @Test("values keep inner spaces, quotes keep outer ones and a #, a leading -- is allowed")
    func valuesAndQuotes() throws {
        // Given values with spaces, quotes, a # and a negative number
        let text = """
            feed = /photos/My trip 2024
            cache-dir = "  padded  "
            save-dir = 'a # b'
            --trace = run#1.json
            latency = -5
            """
        // When it is parsed
        let file = try ConfigFile.parse(text, path: "config")
        // Then each value is as written, less its quotes, and "-5" stays a value
        #expect(file.entries.map(\.value) == ["/photos/My trip 2024", "  padded  ", "a # b", "run#1.json", "-5"])
        #expect(file.entries[3].name == "trace")
        #expect(file.arguments.last == "--latency=-5")
    }

    @Test("a # after whitespace starts a comment; a # inside a value or in quotes stays")
    func trailingComments() throws {
        // Given values and a flag with comments after them, and #s that are the values'
        let text = """
            sort = taken   # newest last
            no-disk-cache # the disk is shared
            feed = https://example.com/list#top
            trace = run#1.json\t# numbered
            save-dir = "/photos/My #1 trip"  # quoted
            cache-dir = 'a # b'
            latency = # none
            """
        // When it is parsed
        let file = try ConfigFile.parse(text, path: "config")
        // Then each comment is gone, and each # of a value kept
        #expect(file.entries == [
            .init(line: 1, name: "sort", value: "taken"),
            .init(line: 2, name: "no-disk-cache", value: nil),
            .init(line: 3, name: "feed", value: "https://example.com/list#top"),
            .init(line: 4, name: "trace", value: "run#1.json"),
            .init(line: 5, name: "save-dir", value: "/photos/My #1 trip"),
            .init(line: 6, name: "cache-dir", value: "a # b"),
            .init(line: 7, name: "latency", value: ""),
        ])
    }

    @Test func aNULByteIsSaidAsOneNotAsABadValue() throws {
        // Given a value with a NUL byte in it
        let bytes = Array("sort = taken\ncolors = 2".utf8) + [0] + Array("56\n".utf8)
        // When it is parsed, Then the line is named for its NUL byte, not for "(got 2)"
        #expect(throws: ConfigFileError(path: "config", line: 2, message: "this line holds a NUL byte (a config file is text)")) {
            try ConfigFile.parse(bytes: bytes, path: "config")
        }
    }

    @Test func aFIFOADeviceOrAFolderIsNotARegularFileAndIsNeverWaitedFor() throws {
        // Given a FIFO nobody writes to (opening it for reading without O_NONBLOCK would wait forever)
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("pf-config-fifo-\(UUID().uuidString)").path
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // When each is read, Then it is refused at once by its kind
        #expect(throws: ConfigFile.ReadFailure.notARegularFile(kind: "a FIFO")) { try ConfigFile.contents(of: fifo) }
        #expect(throws: ConfigFile.ReadFailure.notARegularFile(kind: "a character device")) { try ConfigFile.contents(of: "/dev/null") }
        #expect(throws: ConfigFile.ReadFailure.notARegularFile(kind: "a directory")) { try ConfigFile.contents(of: "/tmp") }
        #expect(throws: ConfigFile.ReadFailure.missing) { try ConfigFile.contents(of: fifo + "-missing") }
        // And the message says what it is and what to do
        #expect(
            ConfigFile.ReadFailure.notARegularFile(kind: "a FIFO").message
                == "is not a regular file (a FIFO): a config file is text (--no-config reads none)")
    }

    @Test("a line that is not a setting is an error naming the file and line", arguments: [
        ("sort = taken\n= name", 2, "a setting needs a name before \"=\""),
        ("\n\nsort taken", 3, "expected \"name = value\" or a flag's name alone (got \"sort taken\")"),
        ("feed = \"unclosed", 1, "the value's \" is not closed"),
    ])
    func badLines(text: String, line: Int, message: String) {
        // Given a file with a malformed line
        // When it is parsed / Then the error names the file, the line and what is wrong
        #expect(throws: ConfigFileError(path: "~/.config/photofeed/config", line: line, message: message)) {
            try ConfigFile.parse(text, path: "~/.config/photofeed/config")
        }
        let error = ConfigFileError(path: "~/.config/photofeed/config", line: line, message: message)
        #expect(error.description == "~/.config/photofeed/config:\(line): \(message)")
    }
}
