import FoundationExtras
import TerminalGraphics
public import TerminalScreen
import Vocabulary
/// Draws the whole screen from the model: one function from ``FeedModel`` to a ``Frame``.
///
/// Items where the layout puts them (clipped above an open panel), the footer after the last
/// photo, the panel, the status bar, the help overlay, or the detail view instead of the
/// list; a terminal too small for one item gets a message. Nothing here remembers anything:
/// the runtime diffs consecutive frames.
///
/// ```swift
/// let frame = FeedView.frame(of: model, context: FeedView.Context(animationFrame: 3, time: now))
/// screen.apply(FrameChanges(from: previous, to: frame))
/// ```
public enum FeedView {
    /// What the view needs beyond the model: the runtime's animation frame and timing.
    public struct Context: Hashable, Sendable {
        /// The animation frame placeholders are drawn at.
        public var animationFrame: Int
        /// How long the last frame took (shown in the status bar).
        public var lastFrameTime: Duration?
        /// The time the frame is drawn at (since the viewer started; pictures fading in are
        /// blended for it); nil: the model's time.
        public var time: Duration?
        /// What the link to the terminal measured, when pictures are paced by it (the status
        /// bar's `tty` segment, and `?`).
        public var link: TerminalLink.Reading?

        /// Creates a context.
        public init(
            animationFrame: Int = 0, lastFrameTime: Duration? = nil, time: Duration? = nil, link: TerminalLink.Reading? = nil
        ) {
            self.animationFrame = animationFrame
            self.lastFrameTime = lastFrameTime
            self.time = time
            self.link = link
        }
    }

    /// The frame for `model`.
    public static func frame(of model: FeedModel, context: Context = Context()) -> Frame {
        var frame = Frame(size: model.screenSize)
        draw(model, context: context, into: &frame)
        return frame
    }

    /// Draws the frame for `model` into `frame`, reusing its storage (the runtime keeps two
    /// frames and draws into the older one).
    public static func draw(_ model: FeedModel, context: Context = Context(), into frame: inout Frame) {
        let size = model.screenSize
        frame.reset(to: size)
        if model.options.text {
            TextFeedView.draw(model, on: &frame)
            return
        }
        if let detail = model.detail, let compared = model.compared {
            drawCompare(detail, compared, of: model, on: &frame)
        } else if let detail = model.detail {
            drawDetail(detail, of: model, on: &frame)
        } else {
            drawList(model, context: context, on: &frame)
        }
        if model.showsHelp {
            let link = context.link.flatMap(LinkText.report).map { ["link: " + $0] } ?? []
            let overlay = HelpOverlay.render(
                in: size, glyphs: model.options.glyphs, terminal: (model.options.terminal?.report() ?? []) + link)
            frame.drawOnTop(overlay.block, at: overlay.origin)
        }
    }

    /// The list: items, footer, panel and status bar (or the too-small message).
    static func drawList(_ model: FeedModel, context: Context, on frame: inout Frame) {
        let size = model.screenSize
        let geometry = model.geometry
        guard geometry.fits(size) else {
            frame.draw(TinyTerminalMessage.render(in: size, minimum: geometry.minimumScreen), at: .zero)
            return
        }
        let viewport = FeedModel.viewport(for: size)
        let panelTop = viewport.rows - model.panelHeight
        let itemsArea = CellRect(row: 0, column: 0, rows: panelTop, columns: size.columns)
        let options = model.renderOptions
        let time = context.time ?? model.now
        for index in model.list.visibleItems {
            guard let key = model.key(at: index), let item = model.items[key], let top = model.list.line(ofItem: index)
            else { continue }
            let box = geometry.box(column: model.list.column(ofItem: index), top: top)
            var row = item.rowModel
            row.marked = model.marks.contains(key)
            row.decision = model.decision(of: key)
            row.decisionUnsaved = model.decisionFailure(of: key) != nil
            row.saving = model.saving[key].map { progress in
                progress.total.map { total in total > 0 ? min(100, progress.completed * 100 / total) : 0 } ?? -1
            }
            let block = RowView.render(
                row, geometry: geometry, focused: model.list.focus == index, frame: context.animationFrame,
                options: options, includesPicture: false)
            frame.draw(block, at: box.origin, clip: itemsArea)
            if let picture = row.picture.map({ model.shownPicture($0, of: item, at: time) }) {
                let offset = RowView.pictureOffset(picture.size, in: geometry.picture.size)
                let origin = CellPoint(
                    row: box.origin.row + geometry.picture.origin.row + offset.row,
                    column: box.origin.column + geometry.picture.origin.column + offset.column)
                frame.place(picture, for: key.description, at: origin, clip: itemsArea)
            }
        }
        if let line = model.footerLine,
            let kind = model.footer(animationFrame: context.animationFrame)
        {
            frame.draw(
                FeedFooterRow.render(kind, width: size.columns, glyphs: options.glyphs), at: CellPoint(row: line, column: 0))
        }
        if model.panelHeight > 0 {
            frame.draw(panel(of: model, width: size.columns), at: CellPoint(row: panelTop, column: 0))
        }
        if model.keys.isEmpty, !model.order.filter.isEmpty, panelTop > 0 {
            let note = "no photo matches /\(model.order.filter.text) \(options.glyphs.separator.trimmingWhitespace()) Esc shows all"
            frame.draw(
                NoticeLine.render(note, width: size.columns, glyphs: options.glyphs), at: CellPoint(row: panelTop / 2, column: 0))
        }
        let bottom = CellPoint(row: size.rows - 1, column: 0)
        if case .filter(let text, _)? = model.prompt {
            let line = FilterPromptLine(text: text, matches: model.keys.count, total: model.items.count)
            frame.draw(line.render(width: size.columns, glyphs: options.glyphs), at: bottom)
            return
        }
        var status = model.metrics
        status.lastFrameTime = context.lastFrameTime
        status.tty = context.link.flatMap(LinkText.status)
        frame.draw(StatusBar.render(status, width: size.columns, glyphs: options.glyphs), at: bottom)
    }

    /// The open panel as a block as wide as the screen.
    static func panel(of model: FeedModel, width: Int) -> CellBlock {
        let size = CellSize(columns: width, rows: model.panelHeight)
        switch model.panel {
        case .network?:
            return NetworkPanel.render(
                model.shaping, caches: model.cacheUse, source: model.feedName, size: size, glyphs: model.options.glyphs)
        case .info?:
            return InfoPanel.render(model.infoSubject, size: size, glyphs: model.options.glyphs)
        case .eventLog? where model.showsTimeline:
            let rows = model.list.visibleItems.compactMap { index in
                model.key(at: index).map { TimelinePanel.Row(label: "row \(index + 1)", lane: model.timeline.lane($0.description)) }
            }
            return TimelinePanel.render(rows, now: model.now, size: size, glyphs: model.options.glyphs)
        case .eventLog?, nil:
            return EventLogPanel.render(model.eventLog, size: size, glyphs: model.options.glyphs)
        }
    }

    /// The detail view: title, id, size, the picture (or its placeholder), state line, key hints.
    static func drawDetail(
        _ detail: DetailModel, of model: FeedModel, in area: CellRect? = nil, pictureKey: String = "detail", on frame: inout Frame
    ) {
        let area = area ?? CellRect(row: 0, column: 0, rows: model.screenSize.rows, columns: model.screenSize.columns)
        guard let photo = model.photo(detail.key) else { return }
        var detailModel = DetailFrameModel(
            title: photo.author, id: photo.id, imageSize: photo.size.map { CellSize(columns: $0.width, rows: $0.height) },
            source: model.feedName, state: detail.state, picture: detail.picture,
            hasSymbols: model.pictures.nextVariant() != nil,
            zoom: detail.zoom.isFitted ? nil : model.zoomSpace.map(detail.zoom.label(in:)))
        detailModel.damage = detail.damage
        detailModel.decision = model.decision(of: detail.key)
        detailModel.decisionUnsaved = model.decisionFailure(of: detail.key) != nil
        if photo.rawFile != nil { detailModel.rawPicture = detail.developed ? "developed" : "preview" }
        if detail.developed, let size = detail.originalSize { detailModel.imageSize = CellSize(columns: size.width, rows: size.height) }
        detailModel.shotBadge = photo.isShot ? photo.shot?.badge : nil
        detailModel.isComparedSide = pictureKey == "compared"
        let options = RowRenderOptions(placeholder: .spinner, colors: model.options.colors, glyphs: model.options.glyphs)
        let (block, placed) = DetailFrame.render(detailModel, size: area.size, options: options)
        frame.draw(block, at: area.origin)
        if let placed, let picture = detail.picture {
            let box = CellRect(
                row: area.origin.row + placed.origin.row, column: area.origin.column + placed.origin.column,
                rows: placed.size.rows, columns: placed.size.columns)
            let offset = RowView.pictureOffset(picture.size, in: box.size)
            let origin = CellPoint(row: box.origin.row + offset.row, column: box.origin.column + offset.column)
            frame.place(picture, for: pictureKey, at: origin, clip: box)
        }
    }
}

extension FeedModel {
    /// Placeholder style, colours and glyphs for every item.
    var renderOptions: RowRenderOptions {
        RowRenderOptions(placeholder: options.placeholder, colors: options.colors, glyphs: options.glyphs)
    }
}
