import FoundationEssentials

/// A first word that names no subcommand, said before the parser sees it (which would take it
/// for an argument of the viewer, its default subcommand, and suggest nothing): a word close to
/// a subcommand (`shwo`) gets the one it resembles, and `help` followed by a name that is no
/// subcommand is an error, not the root's help. A word that is an existing path is left to the
/// parser, as is one that resembles nothing.
///
/// ```swift
/// UnknownCommand.message(for: ["shwo", "x.jpg"])      // "unknown command 'shwo'; did you mean 'show'?"
/// UnknownCommand.message(for: ["help", "nonsense"])   // "unknown command 'nonsense'; photofeed --help lists the commands"
/// UnknownCommand.message(for: ["show", "x.jpg"])      // nil
/// ```
enum UnknownCommand {
    /// The subcommands' names, and `help`.
    static var names: [String] {
        Photofeed.configuration.subcommands.map { $0._commandName } + ["help"]
    }

    /// The sentence to print (after `photofeed: `) and exit 64 with, or nil to parse as usual.
    /// `exists` says whether a word is a path (a file or folder given on purpose).
    static func message(for arguments: [String], exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) })
        -> String?
    {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = Self.names
        if first == "help" {
            guard arguments.count > 1, !arguments[1].hasPrefix("-"), !names.contains(arguments[1]) else { return nil }
            let word = arguments[1]
            let hint = closest(to: word, in: names).map { "did you mean 'photofeed help \($0)'?" } ?? "photofeed --help lists the commands"
            return "unknown command '\(word)'; \(hint)"
        }
        guard !names.contains(first), !exists(first), let suggestion = closest(to: first, in: names) else { return nil }
        return "unknown command '\(first)'; did you mean '\(suggestion)'?"
    }

    /// The name within two edits of `word` (the nearest; the first in order on a tie), if any.
    static func closest(to word: String, in names: [String]) -> String? {
        let scored = names.map { ($0, ConfigOptionCatalog.distance($0, word)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }
}
