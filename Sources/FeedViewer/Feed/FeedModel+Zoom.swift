import FeedSources
import ImageCodecs
import TerminalGraphics
import Vocabulary

/// Zoom and pan in the photo view: `+` `-` `=` `w` `W` and Ctrl + wheel zoom, h j k l (a quarter
/// view), H J K L (a whole view), the wheel and a drag pan. Each change asks for just the part
/// of the original the view shows, at the size it is drawn; until it arrives, the part is cut
/// from the picture on screen, so the view answers at once.
extension FeedModel {
    /// The sizes the photo view zooms in; nil with no photo view, or a photo of unknown size.
    var zoomSpace: DetailZoom.Space? {
        guard let detail, let photo = photo(detail.key), let image = photo.size ?? detail.originalSize, !image.isEmpty
        else { return nil }
        let box = detailBox
        return DetailZoom.Space(
            image: image, fit: pictures.pixelSize(forImage: image, in: box), view: pictures.pixelSize(forImage: nil, in: box))
    }

    /// A zoom step.
    mutating func zoom(_ step: DetailZoom.Step) -> [FeedEffect] {
        guard var detail, let space = zoomSpace else {
            if self.detail != nil { note("zoom needs the photo's size: wait until it has loaded") }
            return []
        }
        let before = detail.zoom
        detail.zoom.step(step, in: space)
        guard detail.zoom != before else {
            note(step == .zoomIn ? "zoomed in as far as it goes" : "zoom: \(detail.zoom.label(in: space))")
            return []
        }
        self.detail = detail
        note("zoom: \(detail.zoom.label(in: space))")
        return loadZoomedView()
    }

    /// Moves a zoomed view by `dx`, `dy` views.
    mutating func pan(dx: Double, dy: Double) -> [FeedEffect] {
        guard var detail, let space = zoomSpace, !detail.zoom.isFitted else { return [] }
        let before = detail.zoom
        detail.zoom.pan(dx: dx, dy: dy, in: space)
        guard detail.zoom != before else { return [] }
        self.detail = detail
        return loadZoomedView()
    }

    /// A press in the photo view starts a drag.
    mutating func startDrag(at point: CellPoint) {
        detail?.dragAnchor = point
    }

    /// The mouse moved with the button held: the photo follows it.
    mutating func drag(to point: CellPoint) -> [FeedEffect] {
        guard var detail, let anchor = detail.dragAnchor, let space = zoomSpace, !detail.zoom.isFitted else { return [] }
        let box = detailBox
        let cell = PixelSize(
            width: max(1, space.view.width / max(1, box.columns)), height: max(1, space.view.height / max(1, box.rows)))
        let before = detail.zoom
        detail.zoom.drag(columns: point.column - anchor.column, rows: point.row - anchor.row, cellPixels: cell, in: space)
        detail.dragAnchor = point
        self.detail = detail
        guard detail.zoom != before else { return [] }
        return loadZoomedView()
    }

    /// Loads what the view shows now: the part of the original at its size (the whole photo
    /// fitted, once zoomed back out); meanwhile the part is cut from the picture on screen.
    mutating func loadZoomedView() -> [FeedEffect] {
        guard var detail, let space = zoomSpace, let photo = photo(detail.key) else { return [] }
        let view = detail.zoom.view(in: space)
        if let shown = detail.shown, let standIn = Self.standIn(for: view, from: shown) {
            detail.picture = pictures.picture(for: standIn, in: detailBox)
            detail.showsThumbnail = false
        }
        let token = makeToken()
        detail.token = token
        detail.requested = view.region
        detail.state = .idle
        self.detail = detail
        let request = detail.zoom.isFitted
            ? photo.imageRequest(for: space.fit, priority: .veryHigh)
            : photo.imageRequest(region: view.region, of: space.image, output: view.output)
        log(.note("detail \(detail.zoom.label(in: space)) \(view.region)"), for: detail.key)
        return [.cancel(.detail), .load(.detail, token, request, lowData: lowData)]
    }

    /// The new view's part cut from `shown` (the picture on screen and the part of the
    /// original it covers), at the view's output size; the rest black. Nil when they share nothing.
    static func standIn(for view: DetailZoom.View, from shown: (bitmap: Bitmap, region: PixelRect)) -> Bitmap? {
        let r = view.region
        let s = shown.region
        let x0 = max(r.x, s.x)
        let y0 = max(r.y, s.y)
        let x1 = min(r.x + r.width, s.x + s.width)
        let y1 = min(r.y + r.height, s.y + s.height)
        guard x1 > x0, y1 > y0, s.width > 0, s.height > 0, r.width > 0, r.height > 0, !shown.bitmap.size.isEmpty else { return nil }
        let kx = Double(shown.bitmap.width) / Double(s.width)
        let ky = Double(shown.bitmap.height) / Double(s.height)
        let ox = Double(view.output.width) / Double(r.width)
        let oy = Double(view.output.height) / Double(r.height)
        func span(_ a: Int, _ b: Int, _ k: Double) -> (Int, Int) {
            let start = Int((Double(a) * k).rounded(.down))
            return (start, max(1, Int((Double(b) * k).rounded(.up)) - start))
        }
        let (sx, sw) = span(x0 - s.x, x1 - s.x, kx)
        let (sy, sh) = span(y0 - s.y, y1 - s.y, ky)
        let (dx, dw) = span(x0 - r.x, x1 - r.x, ox)
        let (dy, dh) = span(y0 - r.y, y1 - r.y, oy)
        return Bitmap(width: view.output.width, height: view.output.height).drawing(
            shown.bitmap, from: PixelRect(x: sx, y: sy, width: sw, height: sh), into: PixelRect(x: dx, y: dy, width: dw, height: dh))
    }
}
