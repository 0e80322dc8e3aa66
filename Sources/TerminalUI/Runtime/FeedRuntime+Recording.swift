import ImageLoading
import LoadSemantics

/// What the runtime tells a ``LoadRecorder``: the messages it handles (loader phases, pipeline
/// events), where items are after each one, the effects it runs and the frames it draws.
extension FeedRuntime {
    /// Where each wanted item is now: on screen or in the prefetch window.
    func wantedItems() -> [PhotoKey: LoadRecord.Visibility] {
        var places: [PhotoKey: LoadRecord.Visibility] = [:]
        for index in model.list.prefetchItems { if let key = model.key(at: index) { places[key] = .prefetch } }
        for index in model.list.visibleItems { if let key = model.key(at: index) { places[key] = .visible } }
        return places
    }

    /// Records a message (before its effects) and the visibility changes it made.
    func record(_ message: FeedMessage, wantedBefore: [PhotoKey: LoadRecord.Visibility]) {
        switch message {
        case .phase(let slot, let token, let phase):
            if let phase = LoadRecord.Phase(phase) { note(.phase(Self.slot(slot), id: token.value, phase)) }
        case .pipeline(let event, _):
            note(.pipeline(event))
        default:
            break
        }
        let wantedAfter = wantedItems()
        for (key, place) in wantedAfter.sorted(by: { $0.key.description < $1.key.description }) where wantedBefore[key] != place {
            note(.visibility(.item(key.description), place))
        }
        for key in wantedBefore.keys.sorted(by: { $0.description < $1.description }) where wantedAfter[key] == nil {
            note(.visibility(.item(key.description), .gone))
        }
    }

    /// Records an effect before it runs.
    func record(_ effect: FeedEffect) {
        switch effect {
        case .load(let slot, let token, let request, _):
            let urls = [request.url, request.lowDataURL].compactMap { $0?.absoluteString }
            let label: String =
                switch slot {
                case .item(let key): model.photo(key)?.author ?? ""
                case .detail: model.detailKey.map { "photo \($0)" } ?? ""
                }
            note(.load(Self.slot(slot), id: token.value, urls: urls, priority: request.priority, label: label))
        case .setPriority(let slot, let priority):
            note(.priority(Self.slot(slot), priority))
        case .cancel(let slot):
            note(.cancel(Self.slot(slot)))
        case .release(let slot):
            note(.release(Self.slot(slot)))
        default:
            break
        }
    }

    /// Records a drawn frame: the visible items it shows still loading.
    func recordFrame() {
        guard recorder != nil else { return }
        let placeholders: Set<LoadRecord.Slot> =
            model.detailKey != nil
            ? [] : Set(model.visibleKeys.filter { model.showsPlaceholder($0) }.map { .item($0.description) })
        note(.frame(placeholders: placeholders))
    }

    /// Writes what the recorder buffered; hands violations found since the last batch to the model.
    func flushRecording() {
        guard let recorder else { return }
        recorder.flush()
        if !foundViolations.isEmpty, recorder.audits {
            let found = foundViolations
            foundViolations.removeAll()
            send(.violations(found))
        }
    }

    private func note(_ event: LoadRecord.Event) {
        guard let recorder else { return }
        foundViolations += recorder.record(event, at: clock.now())
    }

    static func slot(_ slot: LoadSlot) -> LoadRecord.Slot {
        switch slot {
        case .item(let key): .item(key.description)
        case .detail: .detail
        }
    }
}
