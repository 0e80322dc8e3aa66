import FeedSources
import Foundation
import ImageLoading
import LoadSemantics
import TerminalKit
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// Drives the pure update function the way the runtime would, recording every effect: a page
/// arrives, loads report phases (with the tokens the model handed out), keys are pressed.
struct FeedHarness {
    var model: FeedModel
    /// Every effect returned so far, in order.
    private(set) var effects: [FeedEffect] = []
    /// The time messages are stamped with.
    var now: Duration = .zero
    /// When set, every message, effect and frame is audited as the runtime would record them
    /// (a frame is drawn after each message).
    var audit: SemanticsAudit?

    init(
        screen: CellSize = CellSize(columns: 100, rows: 40), options: FeedViewerOptions, feedName: String = "fake",
        shaping: ShapingKnobs? = nil, settle: SettleCondition? = nil, pictures: (any PictureRenderer)? = nil
    ) {
        model = FeedModel(
            options: options, feedName: feedName, screenSize: screen, shaping: shaping, settle: settle, pictures: pictures)
    }

    /// Sends one message; returns its effects.
    @discardableResult
    mutating func send(_ message: FeedMessage) -> [FeedEffect] {
        let wanted = model.wantedPlaces
        let new = FeedUpdate.update(&model, message, now: now)
        effects += new
        if audit != nil {
            var events = model.records(of: message, wantedBefore: wanted)
            events += new.compactMap(model.record(of:))
            events.append(model.frameRecord)
            for event in events { audit?.consume(LoadRecord(time: now, event)) }
        }
        return new
    }

    /// The first page arrives with `photos`.
    @discardableResult
    mutating func showPage(_ photos: [FeedPhoto], summary: String = "fake", hasMore: Bool = false) -> [FeedEffect] {
        send(.start)
        return send(.page(.success(FeedPage(photos: photos, summary: summary, hasMore: hasMore))))
    }

    /// The current load of the photo `id` reports `phase`.
    @discardableResult
    mutating func deliver(_ phase: ImagePhase, to id: String) -> [FeedEffect] {
        let key = PhotoKey(id: id)
        guard let token = model.loadToken(of: key) else { return [] }
        return send(.phase(.item(key), token, phase))
    }

    /// The detail view's load reports `phase`.
    @discardableResult
    mutating func deliverDetail(_ phase: ImagePhase) -> [FeedEffect] {
        guard let token = model.detailToken else { return [] }
        return send(.phase(.detail, token, phase))
    }

    /// Types keys.
    @discardableResult
    mutating func press(_ keys: String) -> [FeedEffect] {
        keys.flatMap { send(.input(.key(.character($0)))) }
    }

    /// Presses one key.
    @discardableResult
    mutating func press(_ key: Key) -> [FeedEffect] {
        send(.input(.key(key)))
    }

    /// The frame the view draws now.
    func frame(animationFrame: Int = 0) -> Frame {
        FeedView.frame(of: model, context: FeedView.Context(animationFrame: animationFrame))
    }

    /// The frame as plain text.
    func text(animationFrame: Int = 0) -> String {
        FrameText.plain(frame(animationFrame: animationFrame).cells)
    }
}

/// Reading effects.
extension Array where Element == FeedEffect {
    /// The loads started, by slot, with their priorities and requests.
    var loads: [(slot: LoadSlot, priority: ImageRequest.Priority, request: ImageRequest)] {
        compactMap { effect in
            if case .load(let slot, _, let request, _) = effect { return (slot, request.priority, request) }
            return nil
        }
    }

    /// The photo ids whose load started.
    var startedIDs: [String] {
        loads.compactMap { if case .item(let key) = $0.slot { key.id } else { nil } }
    }

    /// The loads of the photo `id`, by priority.
    func loadPriorities(of id: String) -> [ImageRequest.Priority] {
        loads.filter { $0.slot == .item(PhotoKey(id: id)) }.map(\.priority)
    }

    /// Whether the photo `id`'s load was cancelled.
    func cancels(_ id: String) -> Bool {
        contains { if case .cancel(.item(PhotoKey(id: id))) = $0 { true } else { false } }
    }

    /// Whether the photo `id` was released.
    func releases(_ id: String) -> Bool {
        contains { if case .release(.item(PhotoKey(id: id))) = $0 { true } else { false } }
    }

    /// The priority changes of the photo `id`.
    func priorityChanges(of id: String) -> [ImageRequest.Priority] {
        compactMap { if case .setPriority(.item(PhotoKey(id: id)), let priority) = $0 { priority } else { nil } }
    }

    /// The quit reason, if any.
    var exit: FeedExit? {
        for effect in self { if case .quit(let reason) = effect { return reason } }
        return nil
    }

    /// How many pages were asked for.
    var pageRequests: Int {
        filter { if case .loadPage = $0 { true } else { false } }.count
    }
}

/// Photos for tests.
enum TestPhotos {
    /// `count` picsum-style photos (the server resizes; they have a low-data variant).
    static func picsum(_ count: Int, author: (Int) -> String = { "Author \($0)" }) -> [FeedPhoto] {
        let base = URL(fileURLWithPath: "/").appendingPathComponent("feed")
        return (0..<count).map { index in
            FeedPhoto(
                id: String(index), author: author(index), size: PixelSize(width: 400, height: 300),
                origin: .picsum(base: base, cacheNamespace: nil))
        }
    }

    /// `count` original files (resized locally; no low-data variant).
    static func files(_ count: Int) -> [FeedPhoto] {
        (0..<count).map { index in
            FeedPhoto(
                id: String(index), author: "A\(index)", size: PixelSize(width: 400, height: 300),
                origin: .original(URL(fileURLWithPath: "/photos/\(index).jpg")))
        }
    }

    /// The `{w}/{h}` a picsum-style request asks for.
    static func requestedSize(_ request: ImageRequest) -> PixelSize? {
        guard let url = request.url else { return nil }
        let parts = url.pathComponents.suffix(2).compactMap { Int($0) }
        return parts.count == 2 ? PixelSize(width: parts[0], height: parts[1]) : nil
    }
}
