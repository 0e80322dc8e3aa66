import TerminalText
import TerminalGraphics
import Vocabulary

/// The screen-reader mode's pages over the list: help, the detail view, the panels, as lines
/// of words (the first a title, where the cursor sits).
extension TextFeedView {
    /// The glyphs panels are drawn with here: no box, no bars, words between parts.
    static let spokenGlyphs: GlyphSet = {
        var glyphs = GlyphSet.ascii
        glyphs.separator = ", "
        glyphs.times = " by "
        glyphs.box = Array(repeating: " ", count: 6)
        glyphs.barFilled = " "
        glyphs.barEmpty = " "
        glyphs.spinner = [" "]
        glyphs.shade = [" ", " ", " "]
        return glyphs
    }()

    /// The lines of the page over the list (nil: the list shows).
    static func page(of model: FeedModel) -> [String]? {
        if model.showsHelp { return help(model) }
        if let key = model.detailKey { return detail(of: key, in: model) }
        switch model.panel {
        case .info?:
            return [model.focusedKey.flatMap(model.spokenRow(for:))?.sentence ?? "no photo focused", "info, I closes"]
                + info(model)
        case .network?:
            let block = NetworkPanel.render(
                model.shaping, caches: model.cacheUse, source: model.feedName,
                size: CellSize(columns: model.screenSize.columns, rows: NetworkPanel.preferredHeight), glyphs: spokenGlyphs)
            // The box's title first, its key hint (the bottom edge) said there instead.
            var text = lines(of: block)
            guard text.count >= 2 else { return ["network; n closes"] }
            text.removeLast()
            text[0] += "; n closes"
            return text
        case .eventLog? where model.showsTimeline:
            return ["timeline of the photos in view, each load oldest first; t shows the events, l closes"] + timeline(model)
        case .eventLog?:
            let entries = model.eventLog.suffix(max(0, model.screenSize.rows - 2)).reversed()
            return ["events, newest first; t shows the timeline, l closes"]
                + entries.map { EventLogPanel.line(for: $0).plain.trimmingSpaces() }
        case nil:
            return nil
        }
    }

    /// Where things stand (the status bar's words), every key as `keys: what they do`, and
    /// what the terminal said.
    static func help(_ model: FeedModel) -> [String] {
        // Several keys a line, as many as the width takes: the whole list fits a small screen.
        let keys = packed(KeyMap.helpEntries.map { "\($0.keys): \($0.action)" }, width: model.screenSize.columns)
        return ["keys, ? closes", status(model)] + keys
            + (model.options.terminal?.report() ?? []).map(TextSanitizer.sanitize)
    }

    /// `items` joined by `; ` into lines of at most `width` columns (an item wider has a line of its own).
    static func packed(_ items: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items {
            let longer = line.isEmpty ? item : line + "; " + item
            if !line.isEmpty, DisplayWidth.of(longer) > width {
                lines.append(line)
                line = item
            } else {
                line = longer
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `embedded feed, 90 photos, photo 4 focused, sorted by size, filtered by /be, 2 marked, network 3g`.
    static func status(_ model: FeedModel) -> String {
        var parts = ["\(model.feedName) feed", "\(model.keys.count) photos"]
        if let focus = model.list.focus { parts.append("photo \(focus + 1) focused") }
        if let sort = model.order.sort { parts.append("sorted by \(sort.rawValue)") }
        if !model.order.filter.isEmpty { parts.append("filtered by /\(model.order.filter.text)") }
        if !model.marks.isEmpty { parts.append("\(model.marks.count) marked") }
        if let network = model.metrics.network { parts.append("network \(network)") }
        if model.lowData { parts.append("low-data mode") }
        return parts.joined(separator: ", ")
    }

    /// The detail view: the photo in words, then its info (no picture).
    static func detail(of key: PhotoKey, in model: FeedModel) -> [String] {
        guard var row = model.spokenRow(for: key) else { return ["no photo"] }
        // The photo's load as the list said it; the detail view's own picture (never shown
        // here) only while the row has none, or when it failed.
        if let state = model.detail?.state {
            switch (row.state, state) {
            case (.loaded, .failed): row.state = state
            case (.loaded, _): break
            default: row.state = state
            }
        }
        var lines = [row.sentence, "Esc goes back, j and k or n and p change photos"]
        if let detail = model.detail, !detail.zoom.isFitted, let space = model.zoomSpace {
            lines.append("zoom \(detail.zoom.label(in: space))")
        }
        return lines + info(model)
    }

    /// The focused photo's info panel lines, `label: value`.
    static func info(_ model: FeedModel) -> [String] {
        guard let subject = model.infoSubject else { return [] }
        let rows = InfoPanel.rows(for: subject, glyphs: spokenGlyphs)
        return rows.map { "\($0.0): \(TextSanitizer.sanitize($0.1))" }
    }

    /// Each photo in view: what its load did, in order.
    static func timeline(_ model: FeedModel) -> [String] {
        model.list.visibleItems.compactMap { index in
            guard let key = model.key(at: index) else { return nil }
            let lane = model.timeline.lane(key.description)
            return "photo \(index + 1): " + (lane.map { history($0, now: model.now) } ?? "nothing yet")
        }
    }

    /// A lane in words: its spans and marks, oldest first (`appear, queued 0.1 s, downloading 0.6 s, done`;
    /// `downloading since 12.3 s` while it runs).
    static func history(_ lane: LoadTimeline.Lane, now: Duration) -> String {
        var events: [(Duration, String)] = lane.marks.map { ($0.time, "\($0.mark)") }
        for span in lane.spans {
            let length = ByteCountFormat.duration((span.end ?? now) - span.start)
            let name = "\(span.kind)"
            // A running span says when it began (the viewer's time, as the event log): words that
            // change only when something happens.
            events.append((span.start, span.end == nil ? "\(name) since \(ByteCountFormat.duration(span.start))" : "\(name) \(length)"))
        }
        let words = events.sorted { $0.0 < $1.0 }.suffix(8).map(\.1)
        return words.isEmpty ? "nothing yet" : words.joined(separator: ", ")
    }

    /// A block's lines as text, the blank ones left out.
    static func lines(of block: CellBlock) -> [String] {
        FrameText.lines(block).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }
}
