import FeedSources
import ImageCodecs
import ImageLoading
import TerminalGraphics
import TerminalScreen
import Vocabulary

/// The detail view of one photo (Enter): its own load at the size of the screen, or of the
/// part of the photo a zoomed view shows.
///
/// Its state changes only through its own messages (``update(_:)``): opening, zoom and pan,
/// a drag, the phases of its load.
///
/// ```swift
/// var detail = DetailModel(key: key, token: token)
/// var reply = detail.update(.open(thumbnail: bitmap, previous: nil, keepingZoom: false, drawing))
/// reply = detail.update(.zoom(.zoomIn, drawing))   // "zoom: 150%", asks for the part it shows
/// ```
struct DetailModel: Sendable {
    /// The photo shown.
    private(set) var key: PhotoKey
    /// The detail load.
    private(set) var token: LoadToken
    /// What the view shows about the load.
    private(set) var state: RowDisplayState = .idle
    /// What is missing from the loaded picture when the photo is damaged (nil: whole, or none yet).
    private(set) var damage: ImageDamage?
    /// The picture: the row's thumbnail scaled up while the larger image loads (it is in memory
    /// already), then a progressive JPEG's previews, then the loaded image.
    private(set) var picture: Picture?
    /// Whether the picture is still the row's thumbnail (a coarse preview does not replace it).
    private(set) var showsThumbnail = false
    /// Fitted, or zoomed and panned.
    private(set) var zoom = DetailZoom()
    /// The original's size as the load found it (for a photo whose feed did not say).
    private(set) var originalSize: PixelSize?
    /// The image the picture was drawn from and the part of the original it covers: a new
    /// zoom or pan cuts its stand-in from it until its own part is decoded.
    private(set) var shown: (bitmap: Bitmap, region: PixelRect)?
    /// The part of the original the running load asks for.
    private(set) var requested: PixelRect?
    /// Where a drag last was (a press in the view starts one).
    private(set) var dragAnchor: CellPoint?
    /// Whether the picture is the photo's camera RAW file developed from its sensor data (`E`),
    /// not its embedded preview; a new detail view (Esc, another photo) shows previews again.
    private(set) var developed = false
    /// The whole photo as it arrived, fitted (nil: not yet, zoomed, or developed): the picture a
    /// step back to the photo shows at once (``NeighbourLoads/keep(_:prepared:)``).
    private(set) var fitted: NeighbourLoads.Prepared?
    /// The request of the view's running load of the whole photo, fitted (nil: none runs, or
    /// it loads a part, or the developed RAW): a neighbour's load once the view moves on.
    private(set) var loadingFit: ImageRequest?

    /// The detail view of `key`, its load `token`; nothing shown yet (``Message/open``).
    init(key: PhotoKey, token: LoadToken) {
        self.key = key
        self.token = token
    }

    /// Whether the view is zoomed in (not the whole photo fitted).
    var isZoomed: Bool { !zoom.isFitted }

    /// Whether the view's own picture of `key` has arrived.
    func hasLoaded(_ key: PhotoKey) -> Bool {
        guard key == self.key, case .loaded = state else { return false }
        return true
    }
}

/// The detail view's own messages: opening on a photo, zoom and pan (`+` `-` `=` `w` `W` and
/// Ctrl + wheel zoom, h j k l a quarter view, H J K L a whole view, the wheel and a drag pan),
/// and the phases of its load. Each change of the view asks for just the part of the original
/// it shows, at the size it is drawn; until it arrives, the part is cut from the picture on
/// screen, so the view answers at once. What it reads of the rest (the renderer, its box, the
/// photo, low-data mode) comes with the message; what the event log keeps and a load under a
/// new token are what it asks.
///
/// ```swift
/// var detail = DetailModel(key: key, token: token)
/// let drawing = DetailModel.Drawing(pictures: renderer, box: box, photo: photo, lowData: false)
/// var reply = detail.update(.open(thumbnail: nil, previous: nil, keepingZoom: false, drawing))  // [.load(.detail, …)]
/// reply = detail.update(.zoom(.actual, drawing))   // "zoom: 100%", asks .load(the part shown)
/// ```
extension DetailModel {
    /// How the view is drawn: the renderer, the cells of the picture, the photo, low-data mode.
    struct Drawing: Sendable {
        /// The renderer (its pixel size for a box, its pictures).
        var pictures: any PictureRenderer
        /// The cells the view's picture fills.
        var box: CellSize
        /// The photo shown (nil: it left the feed).
        var photo: FeedPhoto?
        /// Whether loads ask for the smaller variant.
        var lowData: Bool
    }

    /// What the detail view is told.
    enum Message: Sendable {
        /// Shows its photo: the row's `thumbnail` scaled up at once and the photo's load at the
        /// view's size; `keepingZoom`, the same photo again (`previous`) keeps its zoom.
        case open(thumbnail: Bitmap?, previous: DetailModel?, keepingZoom: Bool, Drawing)
        /// A zoom step.
        case zoom(DetailZoom.Step, Drawing)
        /// A zoomed view moves by `dx`, `dy` views.
        case pan(dx: Double, dy: Double, Drawing)
        /// A press in the view starts a drag.
        case startDrag(CellPoint)
        /// The mouse moved with the button held: the photo follows it.
        case drag(to: CellPoint, Drawing)
        /// The load it asked for (``Request/load(_:)``) runs under `token`.
        case loading(LoadToken)
        /// A phase of the view's load `token`.
        case phase(ImagePhase, token: LoadToken, Drawing)
        /// Develops the photo's camera RAW file from its sensor data (`E`) and shows that.
        case develop(Drawing)
        /// Shows the photo's image and picture prepared ahead (``NeighbourLoads``), as its own
        /// load's success would, with nothing to draw.
        case prepared(NeighbourLoads.Prepared, Drawing)
    }

    /// What the detail view asks of the rest of the model.
    enum Request: Sendable {
        /// The event log keeps `kind` against the photo shown.
        case log(PipelineEventLog.Kind)
        /// The view's load goes: this one, under a new token (``Message/loading(_:)``).
        case load(ImageRequest)
    }

    /// Applies `message`: the view's effects, what the status bar says, what it asks.
    mutating func update(_ message: Message) -> ModelReply<Request> {
        var reply = ModelReply<Request>()
        switch message {
        case .open(let thumbnail, let previous, let keepingZoom, let drawing):
            open(thumbnail: thumbnail, previous: previous, keepingZoom: keepingZoom, drawing: drawing, reply: &reply)
        case .zoom(let step, let drawing):
            guard let space = space(in: drawing) else {
                reply.note("zoom needs the photo's size: wait until it has loaded")
                break
            }
            let before = zoom
            zoom.step(step, in: space)
            guard zoom != before else {
                reply.note(step == .zoomIn ? "zoomed in as far as it goes" : "zoom: \(zoom.label(in: space))")
                break
            }
            reply.note("zoom: \(zoom.label(in: space))")
            loadView(drawing, reply: &reply)
        case .pan(let dx, let dy, let drawing):
            guard let space = space(in: drawing), isZoomed else { break }
            let before = zoom
            zoom.pan(dx: dx, dy: dy, in: space)
            if zoom != before { loadView(drawing, reply: &reply) }
        case .startDrag(let point):
            dragAnchor = point
        case .drag(let point, let drawing):
            guard let anchor = dragAnchor, let space = space(in: drawing), isZoomed else { break }
            let box = drawing.box
            let cell = PixelSize(
                width: max(1, space.view.width / max(1, box.columns)), height: max(1, space.view.height / max(1, box.rows)))
            let before = zoom
            zoom.drag(columns: point.column - anchor.column, rows: point.row - anchor.row, cellPixels: cell, in: space)
            dragAnchor = point
            if zoom != before { loadView(drawing, reply: &reply) }
        case .loading(let token):
            self.token = token
        case .phase(let phase, let token, let drawing):
            guard token == self.token else { break }
            if phase.isTerminal { loadingFit = nil }
            receive(phase, drawing: drawing)
        case .develop(let drawing):
            develop(drawing, reply: &reply)
        case .prepared(let prepared, let drawing):
            loadingFit = nil
            take(prepared.response, picture: prepared.picture, drawing: drawing)
        }
        return reply
    }

    /// The sizes the view zooms in; nil for a photo of unknown size.
    func space(in drawing: Drawing) -> DetailZoom.Space? {
        // A developed RAW's size is known once it has been developed (half the sensor's).
        guard let photo = drawing.photo, let image = developed ? originalSize : photo.size ?? originalSize, !image.isEmpty
        else { return nil }
        return DetailZoom.Space(
            image: image, fit: drawing.pictures.pixelSize(forImage: image, in: drawing.box),
            view: drawing.pictures.pixelSize(forImage: nil, in: drawing.box))
    }

    /// Opens on its photo (see ``Message/open``).
    private mutating func open(
        thumbnail: Bitmap?, previous: DetailModel?, keepingZoom: Bool, drawing: Drawing, reply: inout ModelReply<Request>
    ) {
        originalSize = previous?.originalSize
        developed = previous?.developed ?? false
        if keepingZoom, let previous, previous.isZoomed {
            zoom = previous.zoom
            shown = previous.shown
            loadView(drawing, reply: &reply)
            return
        }
        guard let photo = drawing.photo else { return }
        let pixels = drawing.pictures.pixelSize(forImage: photo.size, in: drawing.box)
        // The row's thumbnail is in memory already: show it scaled up at once, until the
        // larger image (or a preview of it) arrives.
        if let thumbnail {
            picture = drawing.pictures.picture(for: thumbnail.fit(into: pixels), in: drawing.box)
            showsThumbnail = true
            // (A developed picture's parts are in its own pixels, not the preview's.)
            if let size = photo.size, !developed {
                shown = (thumbnail, PixelRect(x: 0, y: 0, width: size.width, height: size.height))
            }
        }
        requested = (developed ? originalSize : photo.size ?? originalSize).map { PixelRect(x: 0, y: 0, width: $0.width, height: $0.height) }
        reply.ask(.log(.note("detail \(pixels.width)×\(pixels.height)")))
        let request = photo.imageRequest(for: pixels, priority: .veryHigh)
        loadingFit = developed ? nil : request
        reply.effects.append(
            .load(.detail, token, developed ? photo.developing(request) ?? request : request, lowData: drawing.lowData))
    }

    /// Develops the photo's RAW file from its sensor data (``Message/develop(_:)``): the preview
    /// stays on screen until the developed picture arrives, fitted (its size is the developed
    /// one's, so a zoom starts again); a photo with no RAW file is said, and nothing loads.
    private mutating func develop(_ drawing: Drawing, reply: inout ModelReply<Request>) {
        guard let photo = drawing.photo else { return }
        guard let raw = photo.rawFile else {
            reply.note("\(photo.id) is not a camera RAW file: it has no sensor data to develop")
            return
        }
        guard !developed else {
            reply.note("\(raw.name) is developed from its sensor data already (Esc shows previews)")
            return
        }
        let pixels = drawing.pictures.pixelSize(forImage: photo.size, in: drawing.box)
        guard let request = photo.developing(photo.imageRequest(for: pixels, priority: .veryHigh)) else { return }
        developed = true
        loadingFit = nil
        zoom = DetailZoom()
        originalSize = nil
        requested = nil
        shown = nil
        state = .idle
        damage = nil
        reply.note("developing \(raw.name) from its sensor data…")
        reply.effects.append(.cancel(.detail))
        reply.ask(.load(request))
    }

    /// Loads what the view shows now: the part of the original at its size (the whole photo
    /// fitted, once zoomed back out); meanwhile the part is cut from the picture on screen.
    private mutating func loadView(_ drawing: Drawing, reply: inout ModelReply<Request>) {
        guard let space = space(in: drawing), let photo = drawing.photo else { return }
        let view = zoom.view(in: space)
        if let shown, let standIn = Self.standIn(for: view, from: shown) {
            picture = drawing.pictures.picture(for: standIn, in: drawing.box)
            showsThumbnail = false
        }
        requested = view.region
        state = .idle
        damage = nil
        fitted = nil
        var request = zoom.isFitted
            ? photo.imageRequest(for: space.fit, priority: .veryHigh)
            : photo.imageRequest(region: view.region, of: space.image, output: view.output)
        if developed { request = photo.developing(request) ?? request }
        loadingFit = zoom.isFitted && !developed ? request : nil
        reply.effects.append(.cancel(.detail))
        reply.ask(.load(request))
        reply.ask(.log(.note("detail \(zoom.label(in: space)) \(view.region)")))
    }

    /// A phase of the view's own load.
    private mutating func receive(_ phase: ImagePhase, drawing: Drawing) {
        switch phase {
        case .success(let response):
            take(response, picture: drawing.pictures.picture(for: response.bitmap, in: drawing.box), drawing: drawing)
            return
        case .preview(let preview) where preview.isCoarse && showsThumbnail:
            // Block averages only: the thumbnail on screen is as sharp; keep it, still loading.
            state = state.updatingProgress(to: RowDisplayState(phase: .loading(preview.progress)))
            return
        case .preview(let preview):
            picture = drawing.pictures.picture(for: preview.bitmap, in: drawing.box)
            showsThumbnail = false
        case .idle, .loading, .failure:
            break
        }
        state = state.updatingProgress(to: RowDisplayState(phase: phase))
        if drawing.photo?.isLocalFile == true { state = state.readFromFile }
    }

    /// The view's image arrived (`picture`, drawn from it): shown, its size and damage kept.
    private mutating func take(_ response: ImageResponse, picture: Picture, drawing: Drawing) {
        self.picture = picture
        showsThumbnail = false
        originalSize = response.originalSize
        let region = requested
            ?? PixelRect(x: 0, y: 0, width: response.originalSize.width, height: response.originalSize.height)
        shown = (response.bitmap, region)
        damage = response.damage
        fitted = zoom.isFitted && !developed ? NeighbourLoads.Prepared(response: response, picture: picture) : nil
        state = state.updatingProgress(to: RowDisplayState(phase: .success(response)))
        if drawing.photo?.isLocalFile == true { state = state.readFromFile }
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
