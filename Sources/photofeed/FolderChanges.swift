import FeedSources
import FoundationEssentials
import Synchronization
import FeedViewer

/// A folder feed's changes as viewer messages, the watcher made off the caller's task: setting
/// up inotify walks every sub-folder within the depth (a deep tree takes a while), and the
/// viewer's first frame must not wait for it. A folder that cannot be watched (the inotify
/// limit reached) says so in one notice, and the viewer goes on without following it.
final class FolderChanges: Sendable {
    /// The changes, in batches, and a notice when the folder cannot be followed.
    let messages: AsyncStream<FeedMessage>

    /// The watcher once made, and whether ``stop()`` came first.
    private final class State: Sendable {
        let value = Mutex<(watcher: FolderWatcher?, stopped: Bool)>((nil, false))
    }

    private let state: State
    private let forwarding: Task<Void, Never>

    init(directory: URL, options: FolderOptions) {
        let (stream, continuation) = AsyncStream.makeStream(of: FeedMessage.self)
        self.messages = stream
        let state = State()
        self.state = state
        forwarding = Task.detached {
            let watcher: FolderWatcher
            do {
                watcher = try FolderWatcher(directory: directory, options: options)
            } catch {
                continuation.yield(.notice("not following \(directory.lastPathComponent)'s changes: \(error)"))
                continuation.finish()
                return
            }
            let stopped = state.value.withLock { current in
                current.watcher = watcher
                return current.stopped
            }
            if stopped {
                watcher.stop()
                continuation.finish()
                return
            }
            for await changes in watcher.changes { continuation.yield(.folderChanged(changes)) }
            continuation.finish()
        }
    }

    /// Stops following: the watcher's thread ends, its descriptors close, the stream finishes.
    func stop() {
        let watcher = state.value.withLock { current in
            current.stopped = true
            return current.watcher
        }
        watcher?.stop()
        forwarding.cancel()
    }
}
