extension SymbolSet {
    /// The best symbol set the locale in `environment` allows: `sextant` on UTF-8, else `ascii`.
    /// A pure function, so callers inject the environment.
    ///
    /// ```swift
    /// SymbolSet.preferred(environment: ["LANG": "en_GB.UTF-8"])   // .sextant
    /// ```
    public static func preferred(environment: [String: String]) -> SymbolSet {
        localeIsUTF8(environment: environment) ? .sextant : .ascii
    }

    /// Whether the first non-empty of `LC_ALL`, `LC_CTYPE`, `LANG` names UTF-8, so block and
    /// sextant glyphs can be printed.
    public static func localeIsUTF8(environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy
            .compactMap { environment[$0] }
            .first { !$0.isEmpty } ?? ""
        // "UTF-8", "utf8", "UTF8" … in any case, with or without the hyphen.
        let letters = locale.lowercased().utf8.filter { $0 != UInt8(ascii: "-") }
        return contains(letters, "utf8")
    }

    /// Whether `text` holds `word`, by bytes. Not Foundation's string search (which
    /// `replacingOccurrences` and, with Foundation imported, `contains` use): its bridging
    /// cost runtime type lookups at every `photofeed show` start.
    private static func contains(_ text: some Collection<UInt8>, _ word: String) -> Bool {
        let text = Array(text), word = Array(word.utf8)
        guard word.count <= text.count else { return false }
        return (0...(text.count - word.count)).contains { start in
            text[start..<(start + word.count)].elementsEqual(word)
        }
    }
}
