import Testing

@testable import photofeed

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
