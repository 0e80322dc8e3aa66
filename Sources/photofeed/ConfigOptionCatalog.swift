import ArgumentParser
import FoundationEssentials

/// The viewer's options as a config file may name them, read from their real definitions
/// (``ViewerOptions``' ArgumentParser description), so a new flag is allowed in the file the
/// moment it exists, with no list to keep in step.
///
/// ```swift
/// let catalog = ConfigOptionCatalog.viewer
/// try catalog.check(entry, in: file)   // throws: ~/.config/photofeed/config:3: unknown option "colour" (did you mean "colors"?)
/// ```
struct ConfigOptionCatalog {
    /// Whether a name takes a value (`--sort taken`) or stands alone (`--no-disk-cache`).
    enum Kind: Equatable {
        case flag
        case option
    }

    /// Every long name, without its dashes.
    var kinds: [String: Kind]

    /// ``ViewerOptions``' names: the flags the viewer and `snapshot` share.
    static var viewer: ConfigOptionCatalog { ConfigOptionCatalog(dumpedHelp: ViewerOptions._dumpHelp()) }

    /// From ArgumentParser's `--experimental-dump-help` JSON of one command or argument group.
    init(dumpedHelp json: String) {
        let dump = try? JSONDecoder().decode(Dump.self, from: Data(json.utf8))
        var kinds: [String: Kind] = [:]
        for argument in dump?.command.arguments ?? [] {
            let kind: Kind
            switch argument.kind {
            case "flag": kind = .flag
            case "option": kind = .option
            default: continue
            }
            for name in argument.names ?? [] where name.kind == "long" && name.name != "help" {
                kinds[name.name] = kind
            }
        }
        self.kinds = kinds
    }

    init(kinds: [String: Kind]) {
        self.kinds = kinds
    }

    /// Throws unless `entry` names a known option the right way and its value is one the option
    /// accepts (checked by parsing it alone, with ``ViewerOptions``' own validation).
    func check(_ entry: ConfigFile.Entry, in path: String) throws(ConfigFileError) {
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
        let argument = ConfigFile(path: path, entries: [entry]).arguments
        do {
            _ = try ViewerOptions.parse(argument)
        } catch {
            throw failure(ViewerOptions.message(for: error))
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
            var names: [Name]?
        }
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var command: Command
    }
}
