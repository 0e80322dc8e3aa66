import FoundationExtras

/// A config file's lines: defaults for the viewer's flags by their long names.
///
/// One setting a line: `name = value` for an option, the name alone for a flag; blank lines and
/// lines starting with `#` are skipped. A `#` after whitespace starts a comment to the end of the
/// line (`sort = taken  # newest last`, `no-disk-cache # a shared disk`); a `#` inside a value is
/// part of it (`feed = https://host/list#top`, `a#b`), and so is every `#` in quotes.
/// Whitespace around the name and the value goes; a value in double or single quotes keeps its
/// spaces and `#`s (`feed = "/photos/My #1 trip"`; `feed = /photos/My trip` needs none: only
/// the ends are trimmed). `--name` is read as `name`. A NUL byte is refused with its line.
///
/// ```swift
/// let file = try ConfigFile.parse("# mine\nsort = taken  # by date\nno-disk-cache\n", path: "~/.config/photofeed/config")
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
            guard !line.contains("\0") else {
                // Said as what it is, not as a value refused for a reason it does not have.
                throw ConfigFileError(path: path, line: number, message: "this line holds a NUL byte (a config file is text)")
            }
            let namePart: Substring
            var value: String?
            let equals = line.firstIndex(of: "=")
            let comment = commentStart(in: line[..<(equals ?? line.endIndex)])
            if let equals, comment == nil {
                namePart = line[..<equals]
                value = try unquoted(line[line.index(after: equals)...], path: path, line: number)
            } else {
                namePart = line[..<(comment ?? line.endIndex)]
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

    /// The value after `=`, trimmed, without a trailing comment: `"a b"` or `'a b'` without its
    /// quotes (a `#` inside them stays); anything else up to a `#` after whitespace.
    private static func unquoted(_ text: Substring, path: String, line: Int) throws(ConfigFileError) -> String {
        let value = text.drop { $0.isWhitespace }
        guard let quote = value.first, quote == "\"" || quote == "'" else {
            // The whitespace before the value counts (`sort = # none` is an empty value); a `#`
            // right after `=` is the value's.
            return String(text[..<(commentStart(in: text, after: "=") ?? text.endIndex)]).trimmingWhitespace(includingNewlines: true)
        }
        // The closing quote is the one followed by nothing or by a comment.
        var index = value.index(after: value.startIndex)
        while index < value.endIndex {
            let after = value[value.index(after: index)...]
            if value[index] == quote, after.allSatisfy(\.isWhitespace) || after.first?.isWhitespace == true
                && commentStart(in: after) == after.drop(while: \.isWhitespace).startIndex
            {
                return String(value[value.index(after: value.startIndex)..<index])
            }
            index = value.index(after: index)
        }
        throw ConfigFileError(path: path, line: line, message: "the value's \(quote) is not closed")
    }

    /// Where a comment starts in `text`: the first `#` after whitespace, or at its start when
    /// `previous` (the character before `text`; nil: the line's start) is whitespace too.
    static func commentStart(in text: Substring, after previous: Character? = nil) -> Substring.Index? {
        var previous = previous
        for index in text.indices {
            if text[index] == "#", previous == nil || previous?.isWhitespace == true { return index }
            previous = text[index]
        }
        return nil
    }
}
