import Sidecars
import Vocabulary

/// The culling filter (`--picks`, `--rejected`, `--min-rating N`, `--label COLOR`, and `F`
/// live): which photos the list shows by their decisions, and the sidecars read ahead so that
/// photos off screen can be shown or hidden.
///
/// A photo is shown under a filter once its decision is known (its sidecar read, or a key
/// pressed on it since) and passes; until then it is hidden. So that hidden photos do not stay
/// unknown, the sidecars of the feed's photos are read ahead in the feed's order, a few at a
/// time, while a filter holds; the status bar says how far ("picks · 12 of 240 read").
///
/// ```swift
/// var model = DecisionFilterModel(filter: DecisionFilter(picks: true))
/// model.update(.decided([a: Decision(flag: .picked), b: Decision()]))  // asks .narrow([a])
/// model.nextReads(in: feedOrder) { needsRead($0) }                      // [c, d, …]: read them
/// ```
struct DecisionFilterModel: Sendable {
    /// How many sidecars are read ahead at once under a filter.
    static let readsAhead = 8

    /// The filter in force (``DecisionFilter/none``: every photo shows).
    private(set) var filter: DecisionFilter
    /// The photos whose known decision passes the filter.
    private(set) var admitted: Set<PhotoKey> = []
    /// The reads asked for ahead of the screen and not answered yet.
    private(set) var readingAhead: Set<PhotoKey> = []
    /// How far the read-ahead went in the feed's order, and the feed's length then (a feed that
    /// changed length is gone through again from its start).
    private var cursor = (index: 0, feedCount: 0)

    /// A model with `filter` in force (nothing known yet: every photo hidden until read).
    init(filter: DecisionFilter = .none) {
        self.filter = filter
    }

    /// Whether a filter holds.
    var isActive: Bool { !filter.isEmpty }

    /// The photos the list may show: nil for all (no filter).
    var shown: Set<PhotoKey>? { isActive ? admitted : nil }

    /// Whether the read-ahead has gone through the whole feed and every read came back.
    func hasReadAll(feedCount: Int) -> Bool {
        readingAhead.isEmpty && cursor.feedCount == feedCount && cursor.index >= feedCount
    }

    /// What the filter is told.
    enum Message: Sendable {
        /// A filter chosen (the flags, or `F`'s next): `known` are the decisions known so far.
        case choose(DecisionFilter, known: [PhotoKey: Decision])
        /// `F`: the next filter of the cycle.
        case cycle(known: [PhotoKey: Decision])
        /// These photos' decisions are known now (read, decided, taken back).
        case decided([PhotoKey: Decision])
    }

    /// What the filter asks of the rest of the model.
    enum Request: Sendable {
        /// Show only these photos (nil: all), the focus kept on its photo, or on its line when
        /// its photo went.
        case narrow(Set<PhotoKey>?)
    }

    /// Applies `message`: what the status bar says, and the list narrowed when what shows changed.
    mutating func update(_ message: Message) -> ModelReply<Request> {
        var reply = ModelReply<Request>()
        switch message {
        case .choose(let filter, let known):
            choose(filter, known: known, reply: &reply)
        case .cycle(let known):
            choose(filter.next, known: known, reply: &reply)
        case .decided(let decisions):
            var changed = false
            for (key, decision) in decisions {
                readingAhead.remove(key)
                let passes = filter.matches(decision)
                changed = (passes ? admitted.insert(key).inserted : admitted.remove(key) != nil) || changed
            }
            if changed, isActive { reply.ask(.narrow(admitted)) }
        }
        return reply
    }

    /// The sidecars to read next under a filter, in the feed's order: as many as keep
    /// ``readsAhead`` under way, among the photos `needsRead` says are neither known nor being
    /// read. None without a filter.
    mutating func nextReads(in feedOrder: [PhotoKey], needsRead: (PhotoKey) -> Bool) -> [PhotoKey] {
        guard isActive else { return [] }
        if cursor.feedCount != feedOrder.count { cursor = (0, feedOrder.count) }
        var reads: [PhotoKey] = []
        while readingAhead.count < Self.readsAhead, cursor.index < feedOrder.count {
            let key = feedOrder[cursor.index]
            cursor.index += 1
            guard needsRead(key) else { continue }
            readingAhead.insert(key)
            reads.append(key)
        }
        return reads
    }

    /// A new filter: what passes among what is known; the list narrowed (or shown whole).
    private mutating func choose(_ filter: DecisionFilter, known: [PhotoKey: Decision], reply: inout ModelReply<Request>) {
        self.filter = filter
        admitted = Set(known.filter { filter.matches($0.value) }.keys)
        cursor = (0, 0)
        reply.ask(.narrow(shown))
        reply.note(isActive ? "filter: \(filter.words) (F for the next)" : "filter off: every photo")
    }
}
