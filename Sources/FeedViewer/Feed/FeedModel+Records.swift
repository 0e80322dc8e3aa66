import ImageLoading
public import LoadSemantics
public import Vocabulary

/// The model's side of a run's records (for the semantics audit and the trace): where items
/// are, what a message and an effect mean as ``LoadRecord`` events, what a frame shows.
/// Pure; the runtime stamps and hands them to its ``LoadRecorder``, and tests of the update
/// function audit them directly.
extension FeedModel {
    /// Where each wanted item is now: on screen or in the prefetch window.
    public var wantedPlaces: [PhotoKey: LoadRecord.Visibility] {
        var places: [PhotoKey: LoadRecord.Visibility] = [:]
        for index in list.prefetchItems { if let key = key(at: index) { places[key] = .prefetch } }
        for index in list.visibleItems { if let key = key(at: index) { places[key] = .visible } }
        return places
    }

    /// The records of `message` having been handled: the phase or pipeline event it carried, then
    /// every item whose place changed since `wantedBefore` (the places before the update).
    public func records(
        of message: FeedMessage, wantedBefore: [PhotoKey: LoadRecord.Visibility]
    ) -> [LoadRecord.Event] {
        var events: [LoadRecord.Event] = []
        switch message {
        case .phase(let slot, let token, let phase):
            if let phase = LoadRecord.Phase(phase) { events.append(.phase(slot, id: token.value, phase)) }
        case .pipeline(let event, _):
            events.append(.pipeline(event))
        default:
            break
        }
        let wantedAfter = wantedPlaces
        for (key, place) in wantedAfter.sorted(by: { $0.key.description < $1.key.description }) where wantedBefore[key] != place {
            events.append(.visibility(.item(key), place))
        }
        for key in wantedBefore.keys.sorted(by: { $0.description < $1.description }) where wantedAfter[key] == nil {
            events.append(.visibility(.item(key), .gone))
        }
        return events
    }

    /// The record of an effect about to run (nil for effects that are not about a load).
    public func record(of effect: FeedEffect) -> LoadRecord.Event? {
        switch effect {
        case .load(let slot, let token, let request, _):
            let urls = [request.url, request.lowDataURL].compactMap { $0?.absoluteString }
            let label: String =
                switch slot {
                case .item(let key): photo(key)?.author ?? ""
                case .detail: detailKey.map { "photo \($0)" } ?? ""
                case .ahead: aheadKey.map { "photo \($0), ahead" } ?? ""
                }
            return .load(slot, id: token.value, urls: urls, priority: request.priority, label: label)
        case .setPriority(let slot, let priority): return .priority(slot, priority)
        case .cancel(let slot): return .cancel(slot)
        case .release(let slot): return .release(slot)
        case .requestAnimationFrame(let key, _, let index, _, _): return .animationFrame(.item(key), index: index)
        default: return nil
        }
    }

    /// The list item whose picture a frame placed under `key` (``FeedView`` places a row's
    /// picture under its photo's key); nil for the detail view's and for keys of no item.
    public func pictureSlot(forKey key: String) -> LoadSlot? {
        let visible = visibleKeys.first { $0.description == key }
        return (visible ?? keys.first { $0.description == key }).map { .item($0) }
    }

    /// The record of a frame drawn from this model: the visible items it shows still loading
    /// (none while the detail view covers the list).
    public var frameRecord: LoadRecord.Event {
        guard detail == nil else { return .frame(placeholders: []) }
        return .frame(placeholders: Set(visibleKeys.filter(showsPlaceholder).map { .item($0) }))
    }
}
