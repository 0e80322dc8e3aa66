import Testing

@testable import photofeed

@Suite("The config file's names, checked against the viewer's options")
struct ConfigOptionCatalogTests {
    private let path = "~/.config/photofeed/config"

    private func entry(_ name: String, _ value: String?, line: Int = 3) -> ConfigFile.Entry {
        ConfigFile.Entry(line: line, name: name, value: value)
    }

    @Test("the names come from ViewerOptions' own definitions, flags apart from options")
    func namesFromDefinitions() {
        // Given the catalog read from ViewerOptions
        let catalog = ConfigOptionCatalog.viewer
        // When a few known names are looked up
        // Then options and flags are told apart, and --help and the config options are not names
        #expect(catalog.kinds["sort"] == .option)
        #expect(catalog.kinds["graphics"] == .option)
        #expect(catalog.kinds["no-disk-cache"] == .flag)
        #expect(catalog.kinds["recursive"] == .flag)
        #expect(catalog.kinds["help"] == nil)
        #expect(catalog.kinds["config"] == nil)
        #expect(catalog.kinds.count > 30)
    }

    @Test("an unknown name is an error with the nearest name")
    func unknownName() {
        // Given a misspelt option
        // When it is checked / Then the error names the line and suggests the real one
        #expect(throws: ConfigFileError(path: path, line: 3, message: "unknown option \"colour\" (did you mean \"colors\"?)")) {
            try ConfigOptionCatalog.viewer.check(entry("colour", "none"), in: path)
        }
        // And a name near nothing gets no suggestion
        #expect(throws: ConfigFileError(path: path, line: 3, message: "unknown option \"zzzzzzzzzz\"")) {
            try ConfigOptionCatalog.viewer.check(entry("zzzzzzzzzz", nil), in: path)
        }
    }

    @Test("a value for a flag, and an option without one, are errors")
    func flagAndOptionShapes() {
        // Given a flag with a value and an option alone
        // When each is checked / Then each error says how to write it
        #expect(throws: ConfigFileError(path: path, line: 3, message: "\"no-disk-cache\" is a flag and takes no value: write it alone")) {
            try ConfigOptionCatalog.viewer.check(entry("no-disk-cache", "yes"), in: path)
        }
        #expect(throws: ConfigFileError(path: path, line: 3, message: "\"sort\" needs a value: sort = …")) {
            try ConfigOptionCatalog.viewer.check(entry("sort", nil), in: path)
        }
    }

    @Test("a value the option rejects is an error in the option's own words")
    func rejectedValue() throws {
        // Given a sort order that does not exist and a number that is not one
        // When each is checked
        let sort = #expect(throws: ConfigFileError.self) {
            try ConfigOptionCatalog.viewer.check(entry("sort", "sideways", line: 7), in: path)
        }
        let prefetch = #expect(throws: ConfigFileError.self) {
            try ConfigOptionCatalog.viewer.check(entry("prefetch", "many", line: 8), in: path)
        }
        // Then the errors name their lines and what the option said
        #expect(sort?.line == 7)
        #expect(sort?.message.contains("sideways") == true)
        // (the option's sentence alone, not the parser's "The value … is invalid for …" before it)
        #expect(sort?.message == "--sort must be name, modified, taken, size or random (got sideways)")
        #expect(prefetch?.line == 8)
        #expect(prefetch?.message.contains("many") == true)
        // And good values pass
        try ConfigOptionCatalog.viewer.check(entry("sort", "taken"), in: path)
        try ConfigOptionCatalog.viewer.check(entry("no-disk-cache", nil), in: path)
        try ConfigOptionCatalog.viewer.check(entry("latency", "-0"), in: path)
    }

    @Test("a file is checked by one parse of the settings that take effect, as the command line would take them")
    func fileCheckedInOneParse() throws {
        // Given 100,000 settings of three options (a value overridden line after line, a flag, and headers)
        let good = (1...100_000).map { line -> ConfigFile.Entry in
            switch line % 3 {
            case 0: entry("prefetch", String(line % 101), line: line)
            case 1: entry("no-disk-cache", nil, line: line)
            default: entry("header", "X-N: \(line % 2)", line: line)
            }
        }
        var parses = 0
        let counting: ([String]) -> Bool = { arguments in
            parses += 1
            return (try? ViewerOptions.parse(arguments)) != nil
        }
        // When the file is checked, each parse counted
        let settings = try ConfigOptionCatalog.viewer.check(good, in: path, accepts: counting)
        // Then one parse checked it (a parse a line took 1 ms each, and one parse of all of
        // them grows with the square of an option's occurrences)
        #expect(parses == 1)
        // And the command line gets each option's last value, in their order, and each distinct header
        #expect(settings.map(\.line) == [2, 5, 99_999, 100_000])

        // Given the same file with an overridden bad value, a bad value that stays, and an unknown name after both
        var bad = good
        bad[10_000] = entry("sort", "sideways", line: 10_001)
        bad[20_000] = entry("sort", "taken", line: 20_001)
        bad[70_000] = entry("colors", "ultraviolet", line: 70_001)
        bad[90_000] = entry("colour", "none", line: 90_001)
        parses = 0
        // When it is checked
        let error = #expect(throws: ConfigFileError.self) {
            try ConfigOptionCatalog.viewer.check(bad, in: path, accepts: counting)
        }
        // Then the bad value that stays is named, in the option's words, after a handful of parses
        #expect(error?.line == 70_001)
        #expect(error?.message.contains("ultraviolet") == true, "\(String(describing: error))")
        #expect(parses <= 5, "\(parses) parses")

        // And a misnamed entry with only good values before it is named itself
        let misnamed = #expect(throws: ConfigFileError.self) {
            try ConfigOptionCatalog.viewer.check(Array(good.prefix(10)) + [entry("colour", "none", line: 11)], in: path)
        }
        #expect(misnamed?.line == 11)
        #expect(misnamed?.message.contains("did you mean \"colors\"") == true)
    }

    @Test("ArgumentParser keeps an option's last value, so the command line after the file wins")
    func lastValueWins() throws {
        // Given the file's settings before the command line's, as ConfigArguments places them
        let arguments = ["--sort=size", "--colors=256", "--no-disk-cache", "--sort", "name", "--no-disk-cache"]
        // When ViewerOptions parses them
        let options = try ViewerOptions.parse(arguments)
        // Then the later --sort wins, the file's --colors stays, and a repeated flag is no error
        #expect(options.sort == .name)
        #expect(options.colors.mode == .palette256)
        #expect(options.noDiskCache)
    }

    @Test("a feed that names nothing is blamed on its line, unless the command line gives its own --feed")
    func feedNamingNothing() throws {
        // Given a file whose feed is a folder that does not exist, and one with an ftp URL
        let missing = [entry("sort", "name", line: 1), entry("feed", "/nonexistent-pf-feed", line: 2)]
        let ftp = [entry("feed", "ftp://example.com/photos", line: 4)]
        // When they are checked for the viewer with no --feed on the command line
        // Then the error names the feed's line, in the feed's own words (exit 64 as for any bad line)
        #expect(throws: ConfigFileError(
            path: path, line: 2,
            message: "invalid feed: /nonexistent-pf-feed is neither an http(s) URL, a folder of photos, nor a file of URLs")
        ) {
            try ConfigOptionCatalog.viewer(commandLine: ["snapshot"]).check(missing, in: path)
        }
        #expect(throws: ConfigFileError(path: path, line: 4, message: "invalid feed: ftp://example.com/photos: only http and https feeds are supported")) {
            try ConfigOptionCatalog.viewer(commandLine: []).check(ftp, in: path)
        }
        // And with --feed on the command line the file's folder is not looked for
        let overriding = ConfigOptionCatalog.viewer(commandLine: ["snapshot", "--feed", "/tmp"])
        #expect(overriding.overridden == ["feed"])
        #expect(try overriding.check(missing, in: path).count == 2)
        #expect(ConfigOptionCatalog.viewer(commandLine: ["--feed=/tmp", "--", "--sort"]).overridden == ["feed"])
        // And a feed that exists, or any http(s) URL, passes
        #expect(try ConfigOptionCatalog.viewer.check([entry("feed", "/tmp"), entry("colors", "none", line: 5)], in: path).count == 2)
        #expect(try ConfigOptionCatalog.viewer.check([entry("feed", "https://picsum.photos")], in: path).count == 1)
    }

    @Test("the first bad line wins between a feed that names nothing and a misnamed option")
    func firstBadLineWins() {
        // Given a bad feed on line 2 and a misspelt option on line 5
        let entries = [entry("feed", "/nonexistent-pf-feed", line: 2), entry("colour", "none", line: 5)]
        // When checked / Then line 2 is named
        let error = #expect(throws: ConfigFileError.self) { try ConfigOptionCatalog.viewer.check(entries, in: path) }
        #expect(error?.line == 2)
    }

    @Test("edit distance")
    func distance() {
        #expect(ConfigOptionCatalog.distance("colour", "colors") == 2)
        #expect(ConfigOptionCatalog.distance("", "abc") == 3)
        #expect(ConfigOptionCatalog.distance("sort", "sort") == 0)
    }
}
