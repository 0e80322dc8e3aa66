public import TerminalGraphics
public import Vocabulary

extension CellBlock {
    /// Writes styled text from `point`; returns the columns written.
    @discardableResult
    public mutating func write(_ text: StyledText, at point: CellPoint, maxWidth: Int? = nil) -> Int {
        var used = 0
        let limit = maxWidth ?? (size.columns - point.column)
        for run in text.runs {
            used += write(
                run.text, at: CellPoint(row: point.row, column: point.column + used),
                style: run.style, maxWidth: limit - used)
        }
        return used
    }
}
