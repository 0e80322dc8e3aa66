import FeedSources
import TerminalKit
import TerminalScreen
import Vocabulary

/// The list's own messages: its order (photos shown, sorting with `O`, filtering with `/`,
/// `n`/`N` between matches), the prompt at the bottom line, and `G` going to the end of a feed
/// still paging. What the list reads of the others (the photos, where paging stands, a
/// listing's progress) comes with the message; the loads for the photos that came on or went
/// off screen, and the pages, are what it asks.
///
/// ```swift
/// var listing = ListModel(list: list)
/// var reply = listing.update(.arrange(items, focus: nil))            // asks .plan(transitions)
/// reply = listing.update(.sort(.size, items: items, pageState: .idle))  // "sorted by size"
/// reply = listing.update(.filter("beach", items: items))            // the matches, in order
/// ```
extension ListModel {
    /// What the list is told.
    enum Message: Sendable {
        /// The focus or the scroll moves, or the screen changed size.
        case move(Move)
        /// The list again from `items` after the order or the photos changed; `focus` (nil: the
        /// focused photo) keeps the focus on its line.
        case arrange(FeedItems, focus: PhotoKey?)
        /// Shows `keys` in this order; `focus` keeps the focus on its line when listed.
        case show([PhotoKey], focus: PhotoKey?)
        /// `O`'s choice: sort `items` by it (nil: the feed's order); a sort reads every page.
        case sort(PhotoSort?, items: FeedItems, pageState: PageLoadState)
        /// The photos of `items` matching `text` (blank: all).
        case filter(String, items: FeedItems)
        /// The culling filter lets only `decided` through (nil: all): the focused photo keeps its
        /// line, or (hidden now) its place goes to the photo after it.
        case narrow(Set<PhotoKey>?, items: FeedItems)
        /// `n`/`N` after a filter: the next (previous) match, around the end.
        case nextMatch(Int)
        /// `/`: the filter's prompt opens.
        case startFilter
        /// `O`: the sort's prompt opens and asks.
        case chooseSort
        /// A key while a prompt is open.
        case answer(Key, items: FeedItems, pageState: PageLoadState)
        /// `G`: the last row, or (pages remaining) the pages asked for until the feed ends.
        case jumpToEnd(pageState: PageLoadState, listedSoFar: Int?)
        /// A key while going to the end: stops there.
        case stopSeekingEnd
        /// A listing step came (`listedSoFar` names read so far).
        case listingStep(listedSoFar: Int?)
        /// A page came and paging stands at `pageState`: a sort that read every page says so,
        /// `G` goes on or ends, the next page is asked for if needed.
        case pageArrived(pageState: PageLoadState, listedSoFar: Int?)
    }

    /// A move of the list: the focus, the scroll, the screen's size.
    enum Move: Sendable {
        /// The focus by `delta` lines (`j`, `k`).
        case focus(Int)
        /// The focus by `delta` items (`h`, `l`, the detail view's steps, the slideshow).
        case focusItems(Int)
        /// The focus to the item at `index` (a click).
        case focusOn(Int)
        /// The scroll by `delta` lines (the wheel, snapshot mode).
        case scroll(Int)
        /// A screen down (Space, PgDn).
        case pageDown
        /// A screen up (PgUp).
        case pageUp
        /// The first row (`g`).
        case top
        /// The screen's rows, the items' height and the columns (a resize, a new layout).
        case resize(viewportHeight: Int, lineHeight: Int, columns: Int)
    }

    /// What the list asks of the rest of the model.
    enum Request: Sendable {
        /// Loads start and stop for the photos whose roles changed (and a page near the end).
        case plan([RowLoadPlanner<PhotoKey>.Transition])
        /// The same for a change of the list by position.
        case apply(LazyListDiff)
        /// A page when the list is near its end (or reads every page).
        case requestPageIfNeeded
    }

    /// How the note about a kept filter ends: Esc in the list clears that note with the filter.
    static let filterNoteEnding = "Esc shows all)"

    /// Applies `message`: what the status bar says, the loads and pages asked for.
    mutating func update(_ message: Message) -> ModelReply<Request> {
        var reply = ModelReply<Request>()
        switch message {
        case .move(let move):
            reply.ask(.apply(self.move(move)))
        case .arrange(let items, let focus):
            reply.ask(.plan(arrange(items, focus: focus ?? focusedKey)))
        case .show(let newKeys, let focus):
            reply.ask(.plan(setKeys(newKeys, focus: focus)))
        case .sort(let choice, let items, let pageState):
            sort(by: choice, items: items, pageState: pageState, reply: &reply)
        case .filter(let text, let items):
            reply.ask(.plan(filter(text, items: items)))
        case .narrow(let decided, let items):
            narrow(to: decided)
            reply.ask(.plan(arrange(items, focus: focusedKey)))
        case .nextMatch(let delta):
            guard !keys.isEmpty, let focus = list.focus else { break }
            let count = keys.count
            reply.ask(.apply(list.setFocus(((focus + delta) % count + count) % count)))
        case .startFilter:
            startFilter()
        case .chooseSort:
            open(.sort)
            reply.say(FeedPrompt.sortQuestion)
        case .answer(let key, let items, let pageState):
            answer(key, items: items, pageState: pageState, reply: &reply)
        case .jumpToEnd(let pageState, let listedSoFar):
            guard pageState == .idle || pageState == .loading else {
                reply.ask(.apply(list.jumpToEnd()))
                break
            }
            seekEnd(true)
            reply.say(seekingEndMessage(listedSoFar: listedSoFar))
            reply.ask(.requestPageIfNeeded)
        case .stopSeekingEnd:
            seekEnd(false)
            reply.note("stopped going to the end at \(keys.count) photos")
        case .listingStep(let listedSoFar):
            if seekingEnd { reply.say(seekingEndMessage(listedSoFar: listedSoFar)) }
        case .pageArrived(let pageState, let listedSoFar):
            if pageState == .ended, readsAllPages {
                readAllPages(false)
                if let summary = order.summary { reply.note("\(summary): all \(keys.count) photos") }
            }
            continueToEnd(pageState: pageState, listedSoFar: listedSoFar, reply: &reply)
            reply.ask(.requestPageIfNeeded)
        }
        return reply
    }

    /// Whether the next page is wanted (paging idle): `G` or a sort reads them all, a listing
    /// goes on, else the list is within two screens of its end.
    func wantsPage(listing: Bool) -> Bool {
        if seekingEnd || readsAllPages || listing { return true }
        let ahead = list.visibleItems.upperBound + 2 * list.pageLines * list.columns
        return ahead >= keys.count
    }

    /// The status bar while `G` asks for pages.
    func seekingEndMessage(listedSoFar: Int?) -> String {
        let count = listedSoFar.map { "listing, \($0) files so far" } ?? "\(keys.count) photos so far"
        return "going to the end: \(count) (any key stops)"
    }

    /// The role of each photo on screen or in the prefetch window.
    var roles: [PhotoKey: LazyListDiff.Role] {
        var roles: [PhotoKey: LazyListDiff.Role] = [:]
        for index in list.prefetchItems { if let key = key(at: index) { roles[key] = .prefetch } }
        for index in list.visibleItems { if let key = key(at: index) { roles[key] = .visible } }
        return roles
    }

    /// A change of the list by position as a change of photos' roles.
    func transitions(of diff: LazyListDiff) -> [RowLoadPlanner<PhotoKey>.Transition] {
        diff.transitions.compactMap { transition in
            key(at: transition.item).map { RowLoadPlanner.Transition(item: $0, from: transition.from, to: transition.to) }
        }
    }

    /// Moves the list; the rows whose roles changed, by position.
    private mutating func move(_ move: Move) -> LazyListDiff {
        switch move {
        case .focus(let delta): list.moveFocus(by: delta)
        case .focusItems(let delta): list.moveFocus(items: delta)
        case .focusOn(let index): list.setFocus(index)
        case .scroll(let delta): list.scroll(by: delta)
        case .pageDown: list.pageDown()
        case .pageUp: list.pageUp()
        case .top: list.jumpToTop()
        case .resize(let viewportHeight, let lineHeight, let columns):
            list.resize(viewportHeight: viewportHeight, lineHeight: lineHeight, columns: columns)
        }
    }

    // MARK: Order

    /// The photos of `items` by the order; `focus` keeps its line.
    private mutating func arrange(_ items: FeedItems, focus: PhotoKey?) -> [RowLoadPlanner<PhotoKey>.Transition] {
        let arranged = order.isFeedOrder ? items.feedOrder : order.arrange(items.feedOrder) { items.photo(of: $0) }
        return setKeys(arranged, focus: focus)
    }

    /// Shows `newKeys` in this order: the photo `focus` keeps the focus on its viewport line if
    /// it is listed (else the focus stays at its position); the photos whose roles changed, by
    /// photo, whatever their positions were, in list order.
    private mutating func setKeys(_ newKeys: [PhotoKey], focus: PhotoKey?) -> [RowLoadPlanner<PhotoKey>.Transition] {
        let before = roles
        let line = list.focus.map { list.lineIndex(ofItem: $0) - list.firstLine }
        let oldFocus = list.focus
        show(newKeys)
        let target = focus.flatMap { positions[$0] }
        _ = list.reorder(count: keys.count, focus: target ?? oldFocus, onViewportLine: target == nil ? nil : line)
        let after = roles
        var transitions: [RowLoadPlanner<PhotoKey>.Transition] = []
        for key in Set(before.keys).union(after.keys) {
            let from = before[key] ?? .offscreen
            let to = after[key] ?? .offscreen
            if from != to { transitions.append(.init(item: key, from: from, to: to)) }
        }
        transitions.sort { (positions[$0.item] ?? .max) < (positions[$1.item] ?? .max) }
        return transitions
    }

    /// Sorts by `sort` (nil: the feed's order); a sort over part of a feed would change as
    /// pages come, so it asks for them all (each page's photos go to their places).
    private mutating func sort(
        by sort: PhotoSort?, items: FeedItems, pageState: PageLoadState, reply: inout ModelReply<Request>
    ) {
        self.sort(by: sort)
        reply.ask(.plan(arrange(items, focus: focusedKey)))
        guard let sort else {
            reply.note("in the feed's order")
            return
        }
        let caveat = sort != .name && sort != .random && !keys.isEmpty && !items.photos.contains(where: { $0.file != nil })
        reply.note("sorted by \(sort.rawValue)\(caveat ? " (these photos have no file facts: by name)" : "")")
        if pageState == .idle || pageState == .loading {
            readAllPages(true)
            reply.ask(.requestPageIfNeeded)
        }
    }

    /// Narrows the list to the photos matching `text`: the focused photo stays focused if it
    /// matches, else the first match takes the focus (as in fzf).
    private mutating func filter(_ text: String, items: FeedItems) -> [RowLoadPlanner<PhotoKey>.Transition] {
        filter(text)
        let arranged = order.arrange(items.feedOrder) { items.photo(of: $0) }
        let focus = focusedKey.flatMap { key in arranged.contains(key) ? key : nil } ?? arranged.first
        return setKeys(arranged, focus: focus)
    }

    /// After a page while going to the end: the last row once the feed ended, the count so far
    /// otherwise (a failed page stops it: its footer says why).
    private mutating func continueToEnd(
        pageState: PageLoadState, listedSoFar: Int?, reply: inout ModelReply<Request>
    ) {
        guard seekingEnd else { return }
        switch pageState {
        case .ended:
            seekEnd(false)
            reply.note("the end: \(keys.count) photo\(keys.count == 1 ? "" : "s")")
            reply.ask(.apply(list.jumpToEnd()))
        case .failed:
            seekEnd(false)
            reply.ask(.apply(list.jumpToEnd()))
        case .idle, .loading:
            reply.say(seekingEndMessage(listedSoFar: listedSoFar))
        }
    }
}
