import ImageLoading

/// One `Name: value` header as the user wrote it (`--header`, a line of `--header-file`), with
/// `${VAR}` read from the environment by photofeed (not the shell, so the secret is never in
/// the command line or the shell's history) and `$$` for a dollar sign.
///
/// Errors name the header and the variable, never a value.
///
/// ```swift
/// let (name, value) = try HeaderLine.parse("Authorization: Bearer ${PHOTO_TOKEN}", environment: ["PHOTO_TOKEN": "s3cret"])
/// // ("Authorization", "Bearer s3cret")
/// ```
enum HeaderLine {
    /// Why a header was refused: one line, naming it.
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    /// The name and the expanded value of `text` (spaces around the name and value trimmed).
    static func parse(_ text: String, environment: [String: String]) throws(Invalid) -> (name: String, value: String) {
        guard let colon = text.firstIndex(of: ":") else {
            // Not quoted: a value given without its name may be the secret itself.
            throw Invalid(description: "a header is written 'Name: value', and this one has no colon")
        }
        let name = String(text[..<colon]).trimmingSpaces
        let written = String(text[text.index(after: colon)...]).trimmingSpaces
        // The name and the written value first: a line break in either is refused before expansion.
        do {
            try RequestHeaders.validate(name: name, value: written)
            let value = try expand(written, header: name, environment: environment)
            try RequestHeaders.validate(name: name, value: value)
            return (name, value)
        } catch let error as RequestHeaders.Invalid {
            throw Invalid(description: error.description)
        } catch let error as Invalid {
            throw error
        } catch {
            throw Invalid(description: "header \(name): \(error)")
        }
    }

    /// `${VAR}` replaced by the variable's value, `$$` by `$`; any other `$` stays.
    static func expand(_ value: String, header: String, environment: [String: String]) throws(Invalid) -> String {
        var result = ""
        var rest = Substring(value)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            if after.hasPrefix("$") {
                result += "$"
                rest = after.dropFirst()
            } else if after.hasPrefix("{") {
                guard let close = after.firstIndex(of: "}") else {
                    throw Invalid(description: "header \(header): '${' without its '}'")
                }
                let variable = String(after[after.index(after: after.startIndex)..<close])
                guard isVariableName(variable) else {
                    throw Invalid(description: "header \(header): '${\(shown(variable))}' is not a variable name (letters, digits and _)")
                }
                guard let replacement = environment[variable], !replacement.isEmpty else {
                    throw Invalid(description: "header \(header): the environment variable \(variable) is not set")
                }
                result += replacement
                rest = after[after.index(after: close)...]
            } else {
                result += "$"
                rest = after
            }
        }
        return result + rest
    }

    static func isVariableName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || ("A"..."Z").contains(first) || ("a"..."z").contains(first)
        else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    /// A variable name as it may be shown: at most 40 characters, control characters as `?`.
    static func shown(_ text: String) -> String {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
        return clean.count > 40 ? String(clean.prefix(40)) + "…" : clean
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
