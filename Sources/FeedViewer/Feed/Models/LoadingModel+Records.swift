import ImageLoading
import LoadSemantics
import Vocabulary

/// The loads' side of a run's records (for the semantics audit and the trace): what a message
/// and an effect mean as ``LoadRecord`` events, what a frame shows still loading. Pure; the
/// places of the wanted items come from the list (``ListModel/wantedPlaces``).
///
/// ```swift
/// let before = listing.wantedPlaces
/// // … the update …
/// let events = LoadingModel.records(of: message, wantedBefore: before, wantedAfter: listing.wantedPlaces)
/// ```
extension LoadingModel {
    /// The records of `message` having been handled: the phase or pipeline event it carried,
    /// then every item whose place changed from `wantedBefore` to `wantedAfter`.
    static func records(
        of message: FeedMessage, wantedBefore: [PhotoKey: LoadRecord.Visibility],
        wantedAfter: [PhotoKey: LoadRecord.Visibility]
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
        for (key, place) in wantedAfter.sorted(by: { $0.key.description < $1.key.description }) where wantedBefore[key] != place {
            events.append(.visibility(.item(key), place))
        }
        for key in wantedBefore.keys.sorted(by: { $0.description < $1.description }) where wantedAfter[key] == nil {
            events.append(.visibility(.item(key), .gone))
        }
        return events
    }

    /// The record of an effect about to run (nil for effects that are not about a load);
    /// `detailKey` is the photo the detail view shows.
    func record(of effect: FeedEffect, detailKey: PhotoKey?) -> LoadRecord.Event? {
        switch effect {
        case .load(let slot, let token, let request, _):
            let urls = [request.url, request.lowDataURL].compactMap { $0?.absoluteString }
            let label: String =
                switch slot {
                case .item(let key): items[key]?.photo.author ?? ""
                case .detail: detailKey.map { "photo \($0)" } ?? ""
                case .ahead: "ahead of the detail view"
                case .compared: "compared beside the detail view"
                }
            return .load(slot, id: token.value, urls: urls, priority: request.priority, label: label)
        case .setPriority(let slot, let priority): return .priority(slot, priority)
        case .cancel(let slot): return .cancel(slot)
        case .release(let slot): return .release(slot)
        case .requestAnimationFrame(let key, _, let index, _, _): return .animationFrame(.item(key), index: index)
        default: return nil
        }
    }

    /// The record of a frame showing `visible` (none while the detail view covers the list):
    /// those still loading.
    func frameRecord(visible: [PhotoKey]?) -> LoadRecord.Event {
        guard let visible else { return .frame(placeholders: []) }
        return .frame(placeholders: Set(visible.filter { items[$0]?.showsPlaceholder ?? false }.map { .item($0) }))
    }
}
