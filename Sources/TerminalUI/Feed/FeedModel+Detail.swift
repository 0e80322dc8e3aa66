import FeedSources
import ImageLoading

/// The detail view (Enter): one photo at the size of the screen, with its own load.
extension FeedModel {
    /// The cell box the detail view's picture fills on the current screen.
    var detailBox: TerminalSize {
        DetailFrame.layout(in: screenSize)?.thumbnail.size ?? TerminalSize(rows: 1, columns: 1)
    }

    /// Opens (or re-opens, after a move, resize or picture change) the detail view of the focused photo.
    mutating func openDetail() -> [FeedEffect] {
        guard let key = focusedKey, let photo = items[key]?.photo else { return [] }
        var effects = closeDetail()
        let token = makeToken()
        detail = DetailModel(key: key, token: token)
        let pixels = pictures.pixelSize(forImage: photo.size, in: detailBox)
        log(.note("detail \(pixels.width)×\(pixels.height)"), for: key)
        effects.append(.load(.detail, token, photo.imageRequest(for: pixels, priority: .veryHigh), lowData: lowData))
        return effects
    }

    /// Closes the detail view and cancels its load.
    mutating func closeDetail() -> [FeedEffect] {
        guard detail != nil else { return [] }
        detail = nil
        return [.cancel(.detail)]
    }

    /// A phase of the detail view's load `token`.
    mutating func receiveDetail(_ phase: ImagePhase, token: LoadToken) -> [FeedEffect] {
        guard var detail, detail.token == token else { return [] }
        detail.state = RowDisplayState(phase: phase)
        if case .success(let response) = phase {
            detail.picture = pictures.picture(for: response.bitmap, in: detailBox)
        }
        self.detail = detail
        return []
    }
}
