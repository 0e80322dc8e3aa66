import FeedSources
import FoundationExtras
import PicsumServer
import Synchronization
import FeedViewer

/// The embedded server starting beside the screen: the viewer draws its first frame at once
/// (the list says it is loading) while the server checks its photos and binds its port, then
/// pages and pictures come as they would from any feed. The feed source and the network panel's
/// control wait for the start; a server that cannot start fails the first page with the reason.
///
/// It may start before the flags are parsed (``EarlyServerStart``); what runs on it — its feed,
/// the server log — is attached once they are (``attach(feed:started:)``).
final class EmbeddedServerStart: Sendable {
    private let task: Task<PicsumServer, any Error>
    private let state = StartState()

    private struct State {
        var server: PicsumServer?
        /// Knobs changed in the network panel before the server was up, applied when it is.
        var pending: ShapingKnobs?
        /// The feed made of the server once it is up (``attach(feed:started:)``).
        var feed: Task<any FeedSource, any Error>?
    }

    /// The state the start task and the viewer share.
    private final class StartState: Sendable {
        let mutex = Mutex(State())
    }

    /// Starts the server `configuration` makes now (made on the start's own thread).
    init(_ configuration: @escaping @Sendable () -> PicsumServer.Configuration) {
        let state = self.state
        task = Task {
            let server = try await PicsumServer.start(configuration())
            let pending = state.mutex.withLock { state in
                state.server = server
                return state.pending
            }
            if let pending { _ = ServerShapingControl(server: server).update(pending) }
            return server
        }
    }

    /// Once the server listens, `started` runs with it and `feed` makes the feed of it (once).
    /// Called once, before anything asks for the feed.
    func attach(
        feed: @escaping @Sendable (PicsumServer) -> any FeedSource, started: @escaping @Sendable (PicsumServer) -> Void
    ) {
        let task = self.task
        let made = Task {
            let server = try await task.value
            started(server)
            return feed(server)
        }
        state.mutex.withLock { $0.feed = made }
    }

    /// The server, once it started; the start's error otherwise.
    func server() async throws -> PicsumServer {
        try await task.value
    }

    /// The server's feed, once it started; the start's error otherwise.
    func feed() async throws -> any FeedSource {
        guard let made = state.mutex.withLock({ $0.feed }) else { throw FeedError.transport("the embedded feed was never attached") }
        return try await made.value
    }

    /// The server if it has started by now.
    var startedServer: PicsumServer? { state.mutex.withLock { $0.server } }

    /// Keeps `knobs` for the server to apply when it starts (it had not yet).
    func keep(_ knobs: ShapingKnobs) -> Bool {
        state.mutex.withLock { state in
            guard state.server == nil else { return false }
            state.pending = knobs
            return true
        }
    }

    /// Stops the server when it started (waiting for the start to end first).
    func stop() async {
        if let server = try? await task.value { await server.stop() }
    }
}

/// The embedded feed while its server starts: every call waits for the start, then goes to the
/// server's feed; a failed start is a transport error naming the reason.
struct EmbeddedFeedSource: FeedSource {
    let start: EmbeddedServerStart

    var summary: String {
        get async {
            guard let source = try? await source() else { return "embedded" }
            return await source.summary
        }
    }

    var totalCount: Int? {
        get async {
            guard let source = try? await source() else { return nil }
            return await source.totalCount
        }
    }

    var hasMore: Bool {
        get async {
            guard let source = try? await source() else { return true }
            return await source.hasMore
        }
    }

    func loadNextPage() async throws -> [FeedPhoto] {
        try await source().loadNextPage()
    }

    private func source() async throws -> any FeedSource {
        do {
            return try await start.feed()
        } catch {
            throw FeedError.transport("cannot start the embedded server: \(ErrorText.describe(error))")
        }
    }
}

/// The network panel's control of a server still starting: it shows the knobs asked for on the
/// command line and keeps changes for the server until it is up.
struct EmbeddedShapingControl: NetworkControlling {
    let start: EmbeddedServerStart
    let initial: ShapingKnobs

    var knobs: ShapingKnobs {
        start.startedServer.map { ServerShapingControl(server: $0).knobs } ?? initial
    }

    func update(_ knobs: ShapingKnobs) -> ShapingKnobs {
        if start.keep(knobs) { return knobs }
        return start.startedServer.map { ServerShapingControl(server: $0).update(knobs) } ?? knobs
    }
}
