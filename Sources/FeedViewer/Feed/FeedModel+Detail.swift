import FeedSources
import ImageLoading
import TerminalGraphics
import Vocabulary

/// The detail view (Enter): one photo at the size of the screen, with its own load.
extension FeedModel {
    /// The cell box the detail view's picture fills on the current screen.
    var detailBox: CellSize {
        DetailFrame.layout(in: screenSize)?.thumbnail.size ?? CellSize(columns: 1, rows: 1)
    }

    /// Opens (or re-opens, after a move, resize or picture change) the detail view of the focused
    /// photo; `keepingZoom`: the same photo again (a resize, another backend) keeps its zoom.
    mutating func openDetail(keepingZoom: Bool = false) -> [FeedEffect] {
        guard let key = focusedKey, let photo = items[key]?.photo else { return [] }
        let previous = detail?.key == key ? detail : nil
        // Ahead goes the way the view moved: back after `k`, on otherwise.
        let forward = detail.flatMap { positions[$0.key] }.map { $0 <= (positions[key] ?? 0) } ?? true
        var effects = closeDetailLoad()
        let token = makeToken()
        var opened = DetailModel(key: key, token: token)
        opened.originalSize = previous?.originalSize
        if keepingZoom, let previous, !previous.zoom.isFitted {
            opened.zoom = previous.zoom
            opened.shown = previous.shown
            detail = opened
            return effects + loadZoomedView()
        }
        let pixels = pictures.pixelSize(forImage: photo.size, in: detailBox)
        // The row's thumbnail is in memory already: show it scaled up at once, until the
        // larger image (or a preview of it) arrives.
        if let thumbnail = items[key]?.bitmap {
            opened.picture = pictures.picture(for: thumbnail.fit(into: pixels), in: detailBox)
            opened.showsThumbnail = true
            if let size = photo.size { opened.shown = (thumbnail, PixelRect(x: 0, y: 0, width: size.width, height: size.height)) }
        }
        opened.requested = (photo.size ?? opened.originalSize).map { PixelRect(x: 0, y: 0, width: $0.width, height: $0.height) }
        detail = opened
        log(.note("detail \(pixels.width)×\(pixels.height)"), for: key)
        effects.append(.load(.detail, token, photo.imageRequest(for: pixels, priority: .veryHigh), lowData: lowData))
        return effects + loadAhead(of: key, forward: forward)
    }

    /// Closes the detail view and cancels its loads.
    mutating func closeDetail() -> [FeedEffect] {
        closeDetailLoad() + cancelAhead()
    }

    /// Drops the detail view and cancels its load (the photo ahead keeps loading).
    private mutating func closeDetailLoad() -> [FeedEffect] {
        guard detail != nil else { return [] }
        detail = nil
        return [.cancel(.detail)]
    }

    /// Loads the photo after `key` (before it, going back) at the detail view's size and a low
    /// priority, like the list's prefetch: stepping to it (`j`, `k`, the slideshow) then asks
    /// for the same image, which the pipeline's memory cache holds or the download in flight
    /// serves, so it shows sharp at once. One at a time: the previous one is cancelled (a
    /// detail load that joined its download keeps it going).
    private mutating func loadAhead(of key: PhotoKey, forward: Bool) -> [FeedEffect] {
        guard let position = positions[key] else { return cancelAhead() }
        let index = position + (forward ? 1 : -1)
        guard keys.indices.contains(index), let photo = items[keys[index]]?.photo else { return cancelAhead() }
        let target = keys[index]
        guard target != aheadKey else { return [] }
        let effects = cancelAhead()
        loading.loadAhead(target)
        let pixels = pictures.pixelSize(forImage: photo.size, in: detailBox)
        log(.note("ahead of the detail view \(pixels.width)×\(pixels.height)"), for: target)
        return effects + [.load(.ahead, makeToken(), photo.imageRequest(for: pixels, priority: .low), lowData: lowData)]
    }

    /// Cancels the load ahead, if one runs.
    private mutating func cancelAhead() -> [FeedEffect] {
        guard aheadKey != nil else { return [] }
        loading.loadAhead(nil)
        return [.cancel(.ahead)]
    }

    /// A phase of the detail view's load `token`.
    mutating func receiveDetail(_ phase: ImagePhase, token: LoadToken) -> [FeedEffect] {
        guard var detail, detail.token == token else { return [] }
        switch phase {
        case .success(let response):
            detail.picture = pictures.picture(for: response.bitmap, in: detailBox)
            detail.showsThumbnail = false
            detail.originalSize = response.originalSize
            let region = detail.requested
                ?? PixelRect(x: 0, y: 0, width: response.originalSize.width, height: response.originalSize.height)
            detail.shown = (response.bitmap, region)
        case .preview(let preview) where preview.isCoarse && detail.showsThumbnail:
            // Block averages only: the thumbnail on screen is as sharp; keep it, still loading.
            detail.state = detail.state.updatingProgress(to: RowDisplayState(phase: .loading(preview.progress)))
            self.detail = detail
            return []
        case .preview(let preview):
            detail.picture = pictures.picture(for: preview.bitmap, in: detailBox)
            detail.showsThumbnail = false
        case .idle, .loading, .failure:
            break
        }
        detail.state = detail.state.updatingProgress(to: RowDisplayState(phase: phase))
        if photo(detail.key)?.isLocalFile == true { detail.state = detail.state.readFromFile }
        self.detail = detail
        return []
    }
}
