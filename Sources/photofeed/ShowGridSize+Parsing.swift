import ArgumentParser
import PhotoShow

extension ShowGridSize {
    /// Parses `6x4` (or `6` for 6×6); throws the message ArgumentParser prints.
    static func parse(_ text: String) throws -> ShowGridSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let numbers = parts.map { Int($0) }
        guard (1...2).contains(parts.count), let columns = numbers[0], let rows = numbers.count == 2 ? numbers[1] : columns,
            range.contains(columns), range.contains(rows)
        else {
            throw ValidationError("--grid must be COLUMNSxROWS, each 1…64, e.g. 6x4 (got \(text))")
        }
        return ShowGridSize(columns: columns, rows: rows)
    }
}
