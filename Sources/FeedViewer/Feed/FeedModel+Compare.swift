import TerminalScreen
public import Vocabulary

/// The compare view (`V`): the detail view's photo on the left and another beside it on the
/// right, each at half the screen with its own load (the right one in the `.compared` slot).
/// It compares the focused photo with the next one, or the two marked photos when exactly two
/// are marked. `j`/`k` step the left photo (the right one stays, to hold a candidate against
/// the others), the culling keys decide for the left one, Esc goes back to the list, `V` to
/// the left photo alone.
extension FeedModel {
    /// The photo the compare view shows on the right (nil: no compare view).
    public var comparedKey: PhotoKey? { compared?.key }

    /// The screen one side of the compare view takes: the left half (the right one takes what
    /// is left).
    var compareSide: CellSize { CellSize(columns: screenSize.columns / 2, rows: screenSize.rows) }

    /// How the right side draws: the renderer, the box (the same as the left's), its photo.
    var comparedDrawing: DetailModel.Drawing {
        DetailModel.Drawing(pictures: pictures, box: detailBox, photo: comparedKey.flatMap(photo), lowData: lowData)
    }

    /// `V`: opens the compare view (the two marked photos, else the focused one and the next),
    /// or, open, goes back to the left photo alone.
    mutating func toggleCompare() -> [FeedEffect] {
        if compared != nil { return closeCompare() + openDetail(keepingZoom: true) }
        let pair: (PhotoKey, PhotoKey)
        let marked = keys.filter(marks.contains)
        if marked.count == 2 {
            pair = (marked[0], marked[1])
        } else {
            guard let focus = detailKey ?? focusedKey, let position = positions[focus], keys.indices.contains(position + 1) else {
                note("compare needs two photos: the focused one and one after it, or two marked (t)")
                return []
            }
            pair = (focus, keys[position + 1])
        }
        var effects: [FeedEffect] = []
        if focusedKey != pair.0, let index = positions[pair.0] { effects += update(list: .move(.focusOn(index))) }
        // The right side first, so the left opens at half the screen.
        compared = DetailModel(key: pair.1, token: makeToken())
        effects += openDetail()
        note("comparing \(photo(pair.0)?.id ?? pair.0.id) with \(photo(pair.1)?.id ?? pair.1.id) (j k step the left one, V one photo, Esc back)")
        return effects
    }

    /// Opens (or re-opens at a new size or renderer) the right side on `key`.
    mutating func openCompared(_ key: PhotoKey, previous: DetailModel?) -> [FeedEffect] {
        var effects: [FeedEffect] = compared == nil ? [] : [.cancel(.compared)]
        compared = DetailModel(key: key, token: makeToken())
        effects += update(compared: .open(thumbnail: items[key]?.bitmap, previous: previous, keepingZoom: false, comparedDrawing))
        return effects
    }

    /// Closes the right side and cancels its load.
    mutating func closeCompare() -> [FeedEffect] {
        guard compared != nil else { return [] }
        compared = nil
        return [.cancel(.compared)]
    }

    /// Routes `message` to the right side, when open: each load it asks for gets a new token.
    mutating func update(compared message: DetailModel.Message) -> [FeedEffect] {
        guard var compared else { return [] }
        let reply = compared.update(message)
        self.compared = compared
        // The side's loads and cancels are of its own slot, not the detail view's.
        var effects = reply.effects.map { effect -> FeedEffect in
            switch effect {
            case .cancel(.detail): .cancel(.compared)
            case .load(.detail, let token, let request, let lowData): .load(.compared, token, request, lowData: lowData)
            default: effect
            }
        }
        for step in reply.steps {
            switch step {
            case .saying(let saying): hear(saying)
            case .request(.log(let kind)): log(kind, for: compared.key)
            case .request(.load(let request)):
                let token = makeToken()
                _ = self.compared?.update(.loading(token))
                effects.append(.load(.compared, token, request, lowData: lowData))
            }
        }
        return effects
    }
}
