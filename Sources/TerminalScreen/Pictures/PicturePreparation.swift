import Synchronization
import TerminalGraphics

/// Makes pictures' costly encodings (a kitty PNG, a sixel palette, an iTerm2 JPEG) off the
/// frame path, for a ``TerminalImageStore``: each is made once on a background thread
/// (``PreparationThread``: asking never stops the frame's thread), one at a time in the order
/// asked (``PreparationQueue``: the frame's thread keeps a core), kept here
/// until the store's next frame takes it, and `ready` is called so the screen draws that frame
/// soon. A frame never waits for an encoding: its picture shows a frame or two later.
///
/// ```swift
/// let preparation = PicturePreparation { wakeups.yield() }
/// store.preparation = preparation   // frames now ask for encodings instead of making them
/// ```
public final class PicturePreparation: Sendable {
    private let ready: @Sendable () -> Void
    private let state = Mutex(State())
    private let thread = PreparationThread()

    private struct State {
        /// Encodings asked for and not taken yet (made or being made), by protocol and image.
        var asked: Set<Key> = []
        /// Encodings made, waiting for the store.
        var made: [Key: Made] = [:]
        /// Encodings being made.
        var running: Set<Key> = []
        /// One encoding made at a time: the frame's thread keeps a core (``PreparationQueue``).
        var queue = PreparationQueue<Key>(limit: 1)
        /// What the encodings waiting their turn are of.
        var waiting: [Key: (image: TerminalImage, transport: GraphicsTransport)] = [:]
    }

    struct Key: Hashable {
        var protocolName: String
        var imageID: UInt32
    }

    /// One encoding made: for which image, by which protocol.
    struct Made: Sendable {
        var imageID: UInt32
        var graphics: any GraphicsProtocol
        var value: any Sendable
    }

    /// A preparation that calls `ready` (from any thread) after each encoding is made.
    public init(ready: @escaping @Sendable () -> Void) {
        self.ready = ready
    }

    /// Starts making `image`'s encoding (once those asked before are made) unless it is being
    /// made, waits its turn or waits to be taken.
    func request(_ image: TerminalImage, transport: GraphicsTransport) {
        let key = Key(protocolName: image.graphics.name, imageID: image.id)
        state.withLock { state in
            guard state.asked.insert(key).inserted else { return }
            switch state.queue.ask(key) {
            case .start: start(key, image: image, transport: transport, in: &state)
            case .wait: state.waiting[key] = (image, transport)
            }
        }
    }

    /// Makes `image`'s encoding on the preparation's thread, then starts the next one waiting.
    private func start(_ key: Key, image: TerminalImage, transport: GraphicsTransport, in state: inout State) {
        let graphics = image.graphics
        let ready = self.ready
        state.running.insert(key)
        thread.run { [weak self] in
            let value = graphics.prepare(image, transport: transport)
            guard let self else { return }
            let delivered = self.state.withLock { state -> Bool in
                guard state.running.remove(key) != nil else { return false }
                if case .start(let next) = state.queue.finished(key), let asked = state.waiting.removeValue(forKey: next) {
                    self.start(next, image: asked.image, transport: asked.transport, in: &state)
                }
                guard let value else {
                    state.asked.remove(key)
                    return false
                }
                state.made[key] = Made(imageID: image.id, graphics: graphics, value: value)
                return true
            }
            if delivered { ready() }
        }
    }

    /// The encodings made since the last call (no longer asked for: asking again makes them anew).
    func takeMade() -> [Made] {
        state.withLock { state in
            let made = Array(state.made.values)
            for key in state.made.keys { state.asked.remove(key) }
            state.made.removeAll()
            return made
        }
    }

    /// Whether an encoding is being made or waits to be taken.
    var isBusy: Bool { state.withLock { !$0.asked.isEmpty } }

    /// Forgets every encoding asked for: the one being made is dropped when done, the rest are
    /// never made.
    public func cancelAll() {
        state.withLock { state in state = State() }
    }

    deinit { thread.stop() }
}
