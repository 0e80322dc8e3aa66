import TerminalKit
import TerminalGraphics
import TerminalScreen
import Vocabulary
/// Keys and commands: what each does to the model.
extension FeedModel {
    /// The key map (pure).
    static let keyMap = KeyMap()

    /// The context the key map reads keys in.
    var keyContext: KeyMap.Context {
        if let detail { return detail.isZoomed ? .zoomed : .detail }
        // The info panel follows the focus: the list's keys move it while the panel is open.
        if showsHelp || (panel != nil && panel != .info) { return .overlay }
        // The screen-reader mode reads the grid as a list.
        return options.layout == .grid && !options.text ? .grid : .list
    }

    /// One input event: a held key, `G`'s stop, a question's answer, the prompt, the filter's
    /// and the marks' keys, the panels' keys, then the key map.
    mutating func handle(_ input: InputEvent) -> [FeedEffect] {
        if case .terminalReply(let reply) = input { return change(options.answer(reply)) }
        if holdsForRows(input) {
            loading.hold(input, limit: Self.maximumHeldInput)
            return []
        }
        if seekingEnd, case .key = input { return update(list: .stopSeekingEnd) }
        if confirmation != nil, case .key(let key) = input { return update(actions: .answer(key)) }
        if prompt != nil, case .key(let key) = input { return update(list: .answer(key, items: items, pageState: pageState)) }
        let inFeed = keyContext == .list || keyContext == .grid
        if !order.filter.isEmpty, inFeed, case .key(let key) = input {
            switch key {
            case .escape:
                // The filter's note ("2 matches /x (n N next, Esc shows all)") goes with it, at once.
                if message?.hasSuffix(ListModel.filterNoteEnding) == true { message = nil }
                return update(list: .filter("", items: items))
            case .character("n"): return execute(.nextMatch(1))
            case .character("N"): return execute(.nextMatch(-1))
            default: break
            }
        }
        if !marks.isEmpty, case .key(.escape) = input, inFeed { return update(actions: .clearMarks) }
        if let effects = panels.handle(input) { return effects }
        guard let command = Self.keyMap.command(for: input, in: keyContext) else { return [] }
        return execute(command)
    }

    /// What a command does: each group of commands has its own part.
    mutating func execute(_ command: Command) -> [FeedEffect] {
        executeMove(command) ?? executeLoad(command) ?? executeAction(command) ?? executeScreen(command) ?? []
    }

    /// Focus, scroll and the detail view's moves; nil for another command.
    private mutating func executeMove(_ command: Command) -> [FeedEffect]? {
        switch command {
        case .moveFocus(let delta):
            // In the detail view j/k step through the photos one by one, in the grid too.
            var effects = update(list: .move(detail != nil ? .focusItems(delta) : .focus(delta)))
            if detail != nil { effects += openDetail() }
            return effects
        case .moveFocusSideways(let delta): return update(list: .move(.focusItems(delta)))
        case .focus(let point): return focus(at: point)
        case .scroll(let delta): return update(list: .move(.scroll(delta)))
        case .pageDown: return update(list: .move(.pageDown))
        case .pageUp: return update(list: .move(.pageUp))
        case .jumpToTop: return update(list: .move(.top))
        case .jumpToEnd: return update(list: .jumpToEnd(pageState: pageState, listedSoFar: listedSoFar))
        case .openDetail: return openDetail()
        case .back: return back()
        case .zoom(let step): return update(detail: .zoom(step, detailDrawing))
        case .developRaw: return update(detail: .develop(detailDrawing))
        case .pan(let dx, let dy): return update(detail: .pan(dx: dx, dy: dy, detailDrawing))
        case .dragStart(let point): return update(detail: .startDrag(point))
        case .dragTo(let point): return update(detail: .drag(to: point, detailDrawing))
        case .nextMatch(let delta): return update(list: .nextMatch(delta))
        default: return nil
        }
    }

    /// Loads, caches, pictures and animations; nil for another command.
    private mutating func executeLoad(_ command: Command) -> [FeedEffect]? {
        switch command {
        case .retryFocused:
            // At the end of the list r retries a failed page (and the focused item only if it failed).
            var effects: [FeedEffect] = []
            let page = pageRetryIsInReach
            if page { effects += retryPage() }
            if let key = focusedKey, !page || items[key]?.isRetryable == true { effects += retry([key]) }
            return effects
        case .retryAllFailed:
            // A damaged picture too: a download cut for good may come whole this time.
            return retry(keys.filter { items[$0]?.isRetryable == true }) + retryPage() + update(decisions: .retryFailed)
        case .clearMemoryCache:
            note("memory cache cleared")
            return [.clearMemoryCache]
        case .clearAllCaches:
            // Deleting asks first (with what it would delete): one stray key must not do it.
            return update(panels: .measureBeforeClearing)
        case .cycleSymbols: return change(options.cycleSymbols(given: givenPictures))
        case .cycleGraphics: return change(options.cycleGraphics(given: givenPictures))
        case .cyclePlaceholder:
            options.placeholder = options.placeholder.next
            return []
        case .toggleLowData: return toggleLowData()
        case .toggleAnimations: return update(animation: .togglePause(options.animation))
        case .toggleSlideshow:
            return update(animation: .toggleSlideshow(detailOpen: detail != nil, interval: options.slideshowInterval, now: now))
        default: return nil
        }
    }

    /// What acts on photos: marks, the filter and sort, the clipboard, saving, the Trash,
    /// opening; nil for another command.
    private mutating func executeAction(_ command: Command) -> [FeedEffect]? {
        switch command {
        case .copyLocation: return update(actions: .copy(actionPhotos))
        case .saveOriginal: return update(actions: .save(actionPhotos, folder: options.saveDirectory))
        case .toggleMark: return update(actions: .toggleMark(focusedKey))
        case .invertMarks: return update(actions: .invertMarks(among: keys))
        case .startFilter: return update(list: .startFilter)
        case .chooseSort: return update(list: .chooseSort)
        case .trashFocused: return update(actions: .askToTrash(actionTargets, items: items, feedName: feedName))
        case .undo: return undo()
        case .decide(let edit): return decide(edit)
        case .cycleDecisionFilter: return cycleDecisionFilter()
        case .trashRejected: return trashRejected()
        case .toggleCompare: return toggleCompare()
        case .openExternally: return update(actions: .open(actionPhotos))
        default: return nil
        }
    }

    /// The layout, the panels and the terminal; nil for another command.
    private mutating func executeScreen(_ command: Command) -> [FeedEffect]? {
        switch command {
        case .toggleLayout: return switchLayout(to: options.layout.toggled)
        case .toggleInfoPanel: return update(panels: .toggle(.info))
        case .toggleEventLog: return update(panels: .toggle(.eventLog))
        case .toggleNetworkPanel: return update(panels: .toggleNetwork)
        case .toggleHelp: return update(panels: .toggleHelp)
        case .quit: return [.quit(.quit)]
        case .terminate(let signal): return [.quit(.signal(signal))]
        case .redraw: return [.repaint]
        case .suspend: return [.suspend]
        case .relayout(let size): return relayout(size)
        default: return nil
        }
    }

    /// Esc or q outside the list: the help first, then the detail view, then the panels.
    private mutating func back() -> [FeedEffect] {
        if showsHelp { return update(panels: .closeHelp) }
        if detail?.isZoomed == true { return update(detail: .zoom(.fit, detailDrawing)) }
        if detail != nil { return closeDetail() }
        return update(panels: .close)
    }

    /// The screen changed size: lay the list out again (and the detail view at the new size).
    /// A grid reflows with the focused photo on its top line; a picture box that changed size
    /// (`--thumb auto`, a grid's columns, `v`'s other layout: `boxBefore`, the box before the
    /// layout changed) re-renders kept images and reloads those too small.
    mutating func relayout(_ size: CellSize, boxBefore: CellSize? = nil) -> [FeedEffect] {
        let oldBox = boxBefore ?? geometry.picture.size
        screenSize = size
        var effects = reflow()
        if geometry.picture.size != oldBox {
            effects += replacePictures()
        } else if detail != nil {
            effects += openDetail(keepingZoom: true)
        }
        return effects
    }

    /// The list laid out again for the screen and the layout as they are now: a grid's columns
    /// and lines (after a resize, `v`, or a late cell size that widened the grid's boxes).
    mutating func reflow() -> [FeedEffect] {
        let geometry = self.geometry
        return update(
            list: .move(.resize(
                viewportHeight: Self.viewport(for: screenSize).rows, lineHeight: geometry.lineHeight,
                columns: geometry.columns)))
    }

    /// Lays the photos out as `kind` (`v`): the focused photo stays in view.
    mutating func switchLayout(to kind: LayoutKind) -> [FeedEffect] {
        // The box is the old layout's until the options change: measured after, the pictures
        // kept their old size.
        let box = geometry.picture.size
        options.layout = kind
        note(options.text ? "layout: \(kind.rawValue), read as a list" : "layout: \(kind.rawValue)")
        return relayout(screenSize, boxBefore: box)
    }

    /// A click at `point`: focuses the item drawn there; a click on the focused item opens it.
    mutating func focus(at point: CellPoint) -> [FeedEffect] {
        let geometry = self.geometry
        guard geometry.fits(screenSize), point.row < Self.viewport(for: screenSize).rows - panelHeight,
            point.column >= 0, geometry.columnStride > 0
        else { return [] }
        let column = point.column / geometry.columnStride
        guard point.column - column * geometry.columnStride < geometry.itemSize.columns,
            let item = list.item(atLine: point.row, column: column)
        else { return [] }
        if item == list.focus { return openDetail() }
        return update(list: .move(.focusOn(item)))
    }

    private mutating func toggleLowData() -> [FeedEffect] {
        if loading.toggleLowData(), !keys.isEmpty, !items.photos.contains(where: { $0.hasLowDataVariant }) {
            note("low-data mode on, but this feed has no smaller variant: originals load as usual")
        } else {
            note(lowData ? "low-data mode on (quarter-size images)" : "low-data mode off")
        }
        guard !lowData else { return [] }
        // Off: every photo on screen or ahead whose load was the smaller variant loads the
        // regular image, its small picture shown meanwhile (the model decides, so the audit
        // and the trace see each load). The others load it when they next appear.
        var effects: [FeedEffect] = []
        for key in keys where items[key]?.load?.lowData == true && isWanted(key) {
            log(.note("upgrade from low-data"), for: key)
            let priority = listing.isVisible(key)
                ? RowLoadPlanner<PhotoKey>.visiblePriority : RowLoadPlanner<PhotoKey>.prefetchPriority
            effects += startLoad(key, priority: priority)
        }
        if let detail, detailKey.flatMap(photo)?.hasLowDataVariant == true, !detail.isZoomed {
            effects += openDetail(keepingZoom: true)
        }
        return effects
    }
}
