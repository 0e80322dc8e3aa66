import TerminalScreen
import Vocabulary

extension FeedView {
    /// The compare view (`V`): the detail view's photo in the left half of the screen, the
    /// compared photo in the right half, each in the detail view's own frame (title, size,
    /// decision, picture, state).
    static func drawCompare(_ detail: DetailModel, _ compared: DetailModel, of model: FeedModel, on frame: inout Frame) {
        let size = model.screenSize
        let left = model.compareSide
        drawDetail(detail, of: model, in: CellRect(row: 0, column: 0, rows: size.rows, columns: left.columns), on: &frame)
        drawDetail(
            compared, of: model, in: CellRect(row: 0, column: left.columns, rows: size.rows, columns: size.columns - left.columns),
            pictureKey: "compared", on: &frame)
    }
}
