/// A scenario's result: a titled table plus notes (the command and conditions).
struct BenchReport: Sendable, Encodable {
    var title: String
    var columns: [String]
    var rows: [[String]]
    var notes: [String] = []

    /// A plain-text table, columns padded to their widest cell.
    func renderedTable() -> String {
        let all = [columns] + rows
        let widths = columns.indices.map { column in
            all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: max(0, widths[index] - cell.count))
                return index == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        var text = "== \(title)\n" + line(columns) + "\n"
        text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        text += rows.map(line).joined(separator: "\n")
        for note in notes { text += "\n  " + note }
        return text
    }
}
