import ImageCodecs
import ImageLoading
import TerminalScreen
import Vocabulary

/// The detail view's neighbours prepared ahead, as Lightroom and Photo Mechanic do: while a
/// photo is shown fitted, the photos `j` and `k` would go to (the list's order, its filter)
/// load at a low priority with exactly the request their own detail view will make, and each
/// one's picture is drawn once it has arrived. Stepping to a neighbour then takes its load or
/// its picture (``take(_:for:)``): no second load, nothing drawn on the key's path.
///
/// Pure: ``retarget(_:)`` says which loads to cancel and which targets to start; the model
/// gives each started one its token (``started(_:token:)``), and the phases come back through
/// ``receive(_:token:draw:)``.
///
/// ```swift
/// var neighbours = NeighbourLoads()
/// let plan = neighbours.retarget([next, previous])    // start both
/// neighbours.started(next, token: LoadToken(7))
/// _ = neighbours.receive(.success(response), token: LoadToken(7)) { renderer.picture(for: $0, in: box) }
/// let state = neighbours.take(next.key, for: next)     // .ready(its picture): shown at once
/// ```
struct NeighbourLoads: Sendable {
    /// One neighbour's load: the photo, the request its detail view will make (at the low
    /// priority of a prefetch), the mode and the drawing its picture is for.
    struct Target: Hashable, Sendable {
        var key: PhotoKey
        var request: ImageRequest
        var lowData: Bool
        /// The cells its picture fills and the renderer that draws it (``PictureRenderer/name``).
        var box: CellSize
        var renderer: String

        /// A target whose request is `request` at a prefetch's priority (the detail view's own
        /// is very high; the rest must be the same).
        init(key: PhotoKey, request: ImageRequest, lowData: Bool, box: CellSize, renderer: String) {
            var request = request
            request.priority = .low
            self.key = key
            self.request = request
            self.lowData = lowData
            self.box = box
            self.renderer = renderer
        }
    }

    /// A neighbour's image and its picture, drawn ahead.
    struct Prepared: Sendable {
        var response: ImageResponse
        var picture: Picture
    }

    /// Where a neighbour's load stands.
    enum State: Sendable {
        /// Running under the token.
        case loading(LoadToken)
        /// Arrived, its picture drawn (its loader let go: the picture is all it needs).
        case ready(Prepared)
        /// Failed: not asked again while it stays a neighbour (its own detail view says why).
        case failed
        /// Asked for, its token not given yet (``started(_:token:)``).
        case pending
    }

    /// What ``retarget(_:)`` asks for.
    struct Plan: Equatable, Sendable {
        /// Running loads no longer needed.
        var cancel: [PhotoKey] = []
        /// New targets to start (then ``started(_:token:)``).
        var start: [Target] = []
    }

    private var entries: [PhotoKey: (target: Target, state: State)] = [:]

    /// The photos prepared or loading ahead.
    var keys: Set<PhotoKey> { Set(entries.keys) }

    /// Where the neighbour `key`'s load stands (nil: not a neighbour).
    func state(of key: PhotoKey) -> State? { entries[key]?.state }

    /// The neighbour `key`'s target (nil: not a neighbour).
    func target(of key: PhotoKey) -> Target? { entries[key]?.target }

    /// Makes the neighbours `targets`: one that still is keeps its load or picture; one that
    /// is no longer (another photo, or the same at another size, mode or renderer) is
    /// dropped, its running load cancelled; a new one is to start.
    mutating func retarget(_ targets: [Target]) -> Plan {
        var plan = Plan()
        let wanted = Dictionary(targets.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for (key, entry) in entries.sorted(by: { $0.key.description < $1.key.description }) where wanted[key] != entry.target {
            entries[key] = nil
            if case .loading = entry.state { plan.cancel.append(key) }
        }
        for target in targets where entries[target.key] == nil {
            entries[target.key] = (target, .pending)
            plan.start.append(target)
        }
        return plan
    }

    /// The load of `target` (``Plan/start``) runs under `token`.
    mutating func started(_ target: Target, token: LoadToken) {
        guard entries[target.key]?.target == target else { return }
        entries[target.key]?.state = .loading(token)
    }

    /// A phase of the neighbour load `token`: on success its picture is drawn (`draw`) and kept,
    /// and the photo returned (its loader can go); a failure is kept so it is not asked again.
    /// A phase of a load no longer running is dropped.
    mutating func receive(_ phase: ImagePhase, token: LoadToken, draw: (Bitmap) -> Picture) -> PhotoKey? {
        guard let found = entries.first(where: { if case .loading(token) = $0.value.state { true } else { false } }) else {
            return nil
        }
        let (key, entry) = (found.key, found.value)
        switch phase {
        case .success(let response):
            entries[key] = (entry.target, .ready(Prepared(response: response, picture: draw(response.bitmap))))
            return key
        case .failure:
            entries[key] = (entry.target, .failed)
            return key
        case .idle, .loading, .preview:
            return nil
        }
    }

    /// Takes the neighbour `key` for the detail view, when its target is `target` (the request
    /// the view makes, its mode and drawing): its running load (to adopt) or its picture. Nil
    /// (and the neighbour left as it is) when it is not one or was prepared for something else.
    mutating func take(_ key: PhotoKey, for target: Target) -> State? {
        guard let entry = entries[key], entry.target == target else { return nil }
        entries[key] = nil
        return entry.state
    }

    /// Keeps the picture the detail view showed of `target`'s photo (the photo it leaves), ready
    /// for a step back to it.
    mutating func keep(_ target: Target, prepared: Prepared) {
        entries[target.key] = (target, .ready(prepared))
    }

    /// Takes the detail view's running load of `target`'s photo (the photo it leaves) as the
    /// load ahead of it, under `token`.
    mutating func keepLoading(_ target: Target, token: LoadToken) {
        entries[target.key] = (target, .loading(token))
    }

    /// Forgets every neighbour; returns the photos whose loads run (to cancel).
    mutating func removeAll() -> [PhotoKey] {
        let running = entries.sorted(by: { $0.key.description < $1.key.description }).compactMap { key, entry -> PhotoKey? in
            if case .loading = entry.state { return key }
            return nil
        }
        entries.removeAll()
        return running
    }
}
