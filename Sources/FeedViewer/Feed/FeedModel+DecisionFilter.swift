import FeedSources
public import Sidecars
import Vocabulary

/// The culling filter (``DecisionFilterModel``): `F` cycles it, the decisions known narrow the
/// list, the sidecars of hidden photos are read ahead, the status bar says it.
extension FeedModel {
    /// The culling filter in force (``DecisionFilter/none``: every photo shows).
    public var activeDecisionFilter: DecisionFilter { decisionFilter.filter }

    /// The decision of `key` as far as it is known: its sidecar read (or unreadable: none), or
    /// decided here; nil while it is not read yet.
    func knownDecision(of key: PhotoKey) -> Decision? {
        switch decisions.state(of: key) {
        case nil, .reading?: nil
        default: decisions.decision(of: key)
        }
    }

    /// The decisions known of the feed's photos.
    var knownDecisions: [PhotoKey: Decision] {
        var known: [PhotoKey: Decision] = [:]
        for key in items.feedOrder { if let decision = knownDecision(of: key) { known[key] = decision } }
        return known
    }

    /// The status bar's words for the filter: "filter: picks", and while sidecars are still
    /// read, how far ("filter: picks · 12 of 240 read"); nil without a filter.
    var decisionFilterSummary: String? {
        guard decisionFilter.isActive else { return nil }
        let words = "filter: \(decisionFilter.filter.words)"
        let feedOrder = items.feedOrder
        // Pages still to come are read too: the count stays until the feed's end.
        let morePages = pageState == .idle || pageState == .loading
        guard morePages || !decisionFilter.hasReadAll(feedCount: feedOrder.count) else { return words }
        let read = feedOrder.count { knownDecision(of: $0) != nil }
        return read == feedOrder.count && !morePages ? words : "\(words) · \(read) of \(feedOrder.count) read"
    }

    /// `F`: the next culling filter (all, picks, not rejected, rejects). Decisions live in the
    /// sidecars of files: a feed with none says so and stays whole.
    mutating func cycleDecisionFilter() -> [FeedEffect] {
        if !decisionFilter.isActive, !items.photos.contains(where: { $0.filePath != nil }) {
            note("filters by decision need files: decisions are kept in XMP sidecars beside them (this feed is \(feedName))")
            return []
        }
        return update(decisionFilter: .cycle(known: knownDecisions))
    }

    /// After a decisions' message: the photos whose decisions it made known go through the
    /// filter (``DecisionFilterModel/Message/decided(_:)``).
    mutating func refilter(after message: DecisionsModel.Message) -> [FeedEffect] {
        let keys: [PhotoKey]
        switch message {
        case .decide(_, let targets, _, _): keys = targets.map(\.key)
        case .read(let key, _): keys = [key]
        case .restore(let before): keys = Array(before.keys)
        case .appeared, .written, .retryFailed: return []
        }
        var known: [PhotoKey: Decision] = [:]
        for key in keys { if let decision = knownDecision(of: key) { known[key] = decision } }
        guard !known.isEmpty else { return [] }
        return update(decisionFilter: .decided(known))
    }

    /// Under a filter, the sidecars of the feed's photos not read yet, a few at a time, in the
    /// feed's order (after every message, with the rows' own reads); once the photos listed are
    /// all read, the next page (a filtered list may be too short to ask for one by scrolling).
    mutating func readAhead() -> [FeedEffect] {
        guard options.readsDecisions, decisionFilter.isActive else { return [] }
        let decisions = self.decisions
        let items = self.items
        let reads = decisionFilter.nextReads(in: items.feedOrder) { key in
            decisions.state(of: key) == nil && items.photo(of: key)?.filePath != nil
        }
        var effects: [FeedEffect] = []
        for key in reads {
            guard let path = items.photo(of: key)?.filePath else { continue }
            effects += update(decisions: .appeared(key, path, companions: decisionCompanions(of: key)))
        }
        if pageState == .idle, decisionFilter.hasReadAll(feedCount: items.feedOrder.count) { effects += requestPage(.automatic) }
        return effects
    }

    /// Routes `message` to the filter; narrows the list as it asks.
    mutating func update(decisionFilter message: DecisionFilterModel.Message) -> [FeedEffect] {
        let reply = decisionFilter.update(message)
        hear(reply)
        var effects = reply.effects
        for request in reply.requests {
            switch request {
            case .narrow(let shown): effects += update(list: .narrow(shown, items: items))
            }
        }
        return effects
    }
}
