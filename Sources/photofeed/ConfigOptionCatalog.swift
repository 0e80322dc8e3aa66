import ArgumentParser
import FeedSources
import FoundationEssentials

/// The viewer's options as a config file may name them, read from their real definitions
/// (``ViewerOptions``' ArgumentParser description), so a new flag is allowed in the file the
/// moment it exists, with no list to keep in step.
///
/// ```swift
/// let catalog = ConfigOptionCatalog.viewer
/// let settings = try catalog.check(file.entries, in: path)   // throws: ~/.config/photofeed/config:3: unknown option "colour" (did you mean "colors"?)
/// ```
struct ConfigOptionCatalog {
    /// Whether a name takes a value (`--sort taken`) or stands alone (`--no-disk-cache`).
    enum Kind: Equatable {
        case flag
        case option
    }

    /// Every long name, without its dashes.
    var kinds: [String: Kind]
    /// The names of options that take every value given (`--header`), not the last.
    var repeating: Set<String> = []
    /// The names the command line gives too: the file's value is not the one used, so what it
    /// names (`feed`'s folder) is not looked for, though its form is still checked.
    var overridden: Set<String> = []

    /// ``ViewerOptions``' names: the flags the viewer and `snapshot` share.
    static var viewer: ConfigOptionCatalog { ConfigOptionCatalog(dumpedHelp: ViewerOptions._dumpHelp()) }

    /// ``viewer``, knowing which options `commandLine` (before `--`) gives itself.
    ///
    /// ```swift
    /// ConfigOptionCatalog.viewer(commandLine: ["--feed", "~/Pictures"]).overridden   // ["feed"]
    /// ```
    static func viewer(commandLine: [String]) -> ConfigOptionCatalog {
        var catalog = viewer
        for argument in commandLine.prefix(while: { $0 != "--" }) where argument.hasPrefix("--") {
            let name = argument.dropFirst(2).prefix { $0 != "=" }
            if catalog.kinds[String(name)] != nil { catalog.overridden.insert(String(name)) }
        }
        return catalog
    }

    /// From ArgumentParser's `--experimental-dump-help` JSON of one command or argument group.
    init(dumpedHelp json: String) {
        let dump = try? JSONDecoder().decode(Dump.self, from: Data(json.utf8))
        var kinds: [String: Kind] = [:]
        var repeating: Set<String> = []
        for argument in dump?.command.arguments ?? [] {
            let kind: Kind
            switch argument.kind {
            case "flag": kind = .flag
            case "option": kind = .option
            default: continue
            }
            for name in argument.names ?? [] where name.kind == "long" && name.name != "help" {
                kinds[name.name] = kind
                if argument.isRepeating == true { repeating.insert(name.name) }
            }
        }
        self.kinds = kinds
        self.repeating = repeating
    }

    init(kinds: [String: Kind]) {
        self.kinds = kinds
    }

    /// Checks a whole file's settings and returns the ones that take effect, as the command line
    /// would take them: each option's last value (an earlier one is overridden, unchecked, as
    /// `--sort a --sort b` is), in the order of those last values, and every distinct value of
    /// an option that repeats (`header`). Throws for the first misnamed line, or for the first
    /// effective line whose value is refused.
    ///
    /// Linear in the file's length: the effective settings are checked by one parse (searched by
    /// halves for the bad line when it fails), and the command line gets nothing else, since
    /// ArgumentParser's cost grows with the square of an option's occurrences. `accepts` is the
    /// parse (``ViewerOptions``' by default; tests count its calls).
    func check(
        _ entries: [ConfigFile.Entry], in path: String,
        accepts: ([String]) -> Bool = { (try? ViewerOptions.parse($0)) != nil }
    ) throws(ConfigFileError) -> [ConfigFile.Entry] {
        // Names are checked up to the first misnamed entry, and values before it: the first
        // bad line wins.
        var misnamed: (index: Int, error: ConfigFileError)?
        for (index, entry) in entries.enumerated() {
            do throws(ConfigFileError) { try checkName(entry, in: path) } catch {
                misnamed = (index, error)
                break
            }
        }
        let settings = effective(Array(entries.prefix(misnamed?.index ?? entries.count)))
        func parses(_ count: Int) -> Bool { accepts(ConfigFile(path: path, entries: Array(settings.prefix(count))).arguments) }
        if !parses(settings.count) {
            // The shortest failing prefix: its last entry is the line to name.
            var good = 0
            var bad = settings.count
            while bad - good > 1 {
                let middle = (good + bad) / 2
                if parses(middle) { good = middle } else { bad = middle }
            }
            var message = "this setting is not accepted"
            do {
                _ = try ViewerOptions.parse(ConfigFile(path: path, entries: Array(settings.prefix(bad))).arguments)
            } catch {
                message = Self.sentence(for: error)
            }
            throw ConfigFileError(path: path, line: settings[bad - 1].line, message: message)
        }
        // The first bad line wins, between a misnamed one and a feed that names nothing.
        let failures = [checkFeed(settings, in: path), misnamed?.error].compactMap { $0 }
        if let first = failures.min(by: { ($0.line ?? 0) < ($1.line ?? 0) }) { throw first }
        return settings
    }

    /// The error for the file's `feed` when it names no feed (no such folder or file, a scheme
    /// other than http(s)), blamed on its line here rather than on `--feed` once the viewer
    /// starts; nil when it is fine or the command line gives its own `--feed`.
    func checkFeed(_ settings: [ConfigFile.Entry], in path: String) -> ConfigFileError? {
        guard !overridden.contains("feed"), let entry = settings.last(where: { $0.name == "feed" }), let value = entry.value
        else { return nil }
        do {
            try FeedSourceFactory.check(value)
            return nil
        } catch {
            return ConfigFileError(path: path, line: entry.line, message: error.description)
        }
    }

    /// The entries that decide the options: each option's last, in their order, and the first of
    /// each distinct value of an option that repeats.
    func effective(_ entries: [ConfigFile.Entry]) -> [ConfigFile.Entry] {
        var last: [String: Int] = [:]
        var values = Set<[String?]>()
        for (index, entry) in entries.enumerated() { last[entry.name] = index }
        return entries.enumerated().filter { index, entry in
            repeating.contains(entry.name) ? values.insert([entry.name, entry.value]).inserted : last[entry.name] == index
        }.map(\.element)
    }

    /// Throws unless `entry` names a known option the right way and its value is one the option
    /// accepts (checked by parsing it alone, with ``ViewerOptions``' own validation).
    func check(_ entry: ConfigFile.Entry, in path: String) throws(ConfigFileError) {
        try checkName(entry, in: path)
        let argument = ConfigFile(path: path, entries: [entry]).arguments
        do {
            _ = try ViewerOptions.parse(argument)
        } catch {
            throw ConfigFileError(path: path, line: entry.line, message: Self.sentence(for: error))
        }
    }

    /// Throws unless `entry` names a known option the right way: a flag alone, an option with a value.
    private func checkName(_ entry: ConfigFile.Entry, in path: String) throws(ConfigFileError) {
        func failure(_ message: String) -> ConfigFileError { ConfigFileError(path: path, line: entry.line, message: message) }
        guard let kind = kinds[entry.name] else {
            let suggestion = closest(to: entry.name).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw failure("unknown option \"\(entry.name)\"\(suggestion)")
        }
        switch (kind, entry.value) {
        case (.flag, .some):
            throw failure("\"\(entry.name)\" is a flag and takes no value: write it alone")
        case (.option, .none), (.option, .some("")):
            throw failure("\"\(entry.name)\" needs a value: \(entry.name) = …")
        case (.flag, .none), (.option, .some):
            break
        }
    }

    /// The known name nearest `name` by edit distance, when it is near enough to be a typo.
    func closest(to name: String) -> String? {
        let scored = kinds.keys.map { ($0, Self.distance($0, name)) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= max(2, name.count / 3) ? best.0 : nil
    }

    /// Levenshtein distance between two names.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The parts of the dump-help JSON read here.
    private struct Dump: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        struct Argument: Decodable {
            var kind: String
            var isRepeating: Bool?
            var names: [Name]?
        }
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var command: Command
    }

    /// What a bad value's error says, as the config file's line reports it: the option's own
    /// sentence (`--sort must be name, … (got sideways)`), without the parser's
    /// `The value 'sideways' is invalid for '--sort <sort>': ` before it.
    static func sentence(for error: any Error) -> String {
        let message = ViewerOptions.message(for: error)
        guard message.hasPrefix("The value '"), let colon = message.firstRange(of: "': ") else { return message }
        let rest = message[colon.upperBound...]
        return rest.isEmpty ? message : String(rest)
    }
}
