import FoundationExtras

/// A config file's lines: defaults for the viewer's flags by their long names.
///
/// One setting a line: `name = value` for an option, the name alone for a flag; blank lines and
/// lines starting with `#` are skipped. Whitespace around the name and the value goes; a value in
/// double or single quotes keeps its spaces and `#`s (`feed = "/photos/My trip"` needs none: only
/// the ends are trimmed). A `#` after a value is part of it (URLs have them). `--name` is read as
/// `name`.
///
/// ```swift
/// let file = try ConfigFile.parse("# mine\nsort = taken\nno-disk-cache\n", path: "~/.config/photofeed/config")
/// file.entries   // [sort = "taken" (line 2), no-disk-cache (line 3)]
/// ```
struct ConfigFile: Equatable {
    /// One setting and the line it was on (1-based).
    struct Entry: Equatable {
        var line: Int
        var name: String
        /// nil for a name alone (a flag).
        var value: String?
    }

    /// The file as its errors name it.
    var path: String
    var entries: [Entry]

    /// Reads a file's bytes; throws for a line that is not UTF-8 text, naming its number, and for
    /// what ``parse(_:path:)`` refuses.
    static func parse(bytes: [UInt8], path: String) throws(ConfigFileError) -> ConfigFile {
        if let text = String(validating: bytes, as: UTF8.self) { return try parse(text, path: path) }
        var number = 1
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if String(validating: line, as: UTF8.self) == nil {
                throw ConfigFileError(path: path, line: number, message: "this line is not UTF-8 text")
            }
            number += 1
        }
        throw ConfigFileError(path: path, line: nil, message: "is not UTF-8 text")
    }

    /// Reads `text`; throws for a line that is neither a setting nor a comment (an empty name, an
    /// unclosed quote), naming `path` and the line.
    static func parse(_ text: String, path: String) throws(ConfigFileError) -> ConfigFile {
        var entries: [Entry] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = index + 1
            let line = rawLine.trimmingWhitespace(includingNewlines: true)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let namePart: Substring
            var value: String?
            if let equals = line.firstIndex(of: "=") {
                namePart = line[..<equals]
                value = try unquoted(line[line.index(after: equals)...].trimmingWhitespace(includingNewlines: true), path: path, line: number)
            } else {
                namePart = line[...]
            }
            var name = namePart.trimmingWhitespace(includingNewlines: true)
            if name.hasPrefix("--") { name = String(name.dropFirst(2)) }
            guard !name.isEmpty else {
                throw ConfigFileError(path: path, line: number, message: "a setting needs a name before \"=\"")
            }
            guard !name.contains(where: \.isWhitespace) else {
                throw ConfigFileError(
                    path: path, line: number,
                    message: "expected \"name = value\" or a flag's name alone (got \"\(line)\")")
            }
            entries.append(Entry(line: number, name: name, value: value))
        }
        return ConfigFile(path: path, entries: entries)
    }

    /// The settings as command-line arguments, in the file's order: `--name=value`, or `--name`
    /// for a flag (the `=` form keeps a value that starts with `-` a value).
    var arguments: [String] {
        entries.map { entry in entry.value.map { "--\(entry.name)=\($0)" } ?? "--\(entry.name)" }
    }

    /// `"a b"` or `'a b'` without its quotes; anything else as it is.
    private static func unquoted(_ value: String, path: String, line: Int) throws(ConfigFileError) -> String {
        guard let quote = value.first, quote == "\"" || quote == "'" else { return value }
        guard value.count >= 2, value.last == quote else {
            throw ConfigFileError(path: path, line: line, message: "the value's \(quote) is not closed")
        }
        return String(value.dropFirst().dropLast())
    }
}
