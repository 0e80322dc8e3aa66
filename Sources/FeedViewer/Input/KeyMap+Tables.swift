extension KeyMap {
    /// The bindings of each group, in the overlay's order, groups in ``KeyGroup``'s order.
    public static var entriesByGroup: [(group: KeyGroup, entries: [HelpEntry])] {
        KeyGroup.allCases.compactMap { group in
            let entries = helpEntries.filter { $0.group == group }
            return entries.isEmpty ? nil : (group, entries)
        }
    }

    /// README's key tables: a `### Title` and a two-column table a group, each key in backticks.
    ///
    /// ```markdown
    /// ### Move
    ///
    /// | key | what it does |
    /// |---|---|
    /// | `j` `↓` | next row |
    /// ```
    public static func markdownTables() -> String {
        entriesByGroup.map { group, entries in
            var lines = ["### \(group.title)", "", "| key | what it does |", "|---|---|"]
            for entry in entries {
                let keys = entry.keys.split(separator: " ").map { "`\($0)`" }.joined(separator: " ")
                lines.append("| \(keys) | \(entry.action.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")) |")
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The bindings as tab-separated lines (group title, keys, action): what `scripts/generate-manual.py`
    /// reads for the manual's KEYS.
    public static func tabSeparatedLines() -> String {
        helpEntries.map { "\($0.group.title)\t\($0.keys)\t\($0.action)\n" }.joined()
    }
}
