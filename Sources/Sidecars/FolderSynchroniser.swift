import Dispatch
import Glibc
import Synchronization

/// Makes sidecars' new names durable: fsyncs the folders a store renamed sidecars into, on a
/// queue of its own, so a write does not wait for a second flush of the disk after the one that
/// made its bytes durable.
///
/// A burst of decisions shares the flushes: a folder asked for while it waits is fsynced once
/// for all of them, and one asked for while it is being fsynced is fsynced again after (that
/// fsync may have begun before the newest rename). Until its folder's fsync ends, a sidecar
/// replaced is already whole on disk under its temporary name's inode, and its name points at
/// the old bytes or the new ones, never at a mix or at nothing: a crash in that moment can only
/// lose the newest decision, not a sidecar.
///
/// A failed fsync is kept: ``takeFailure()`` hands its errno to the next write, which then
/// fsyncs its folder itself and says what went wrong.
///
/// ```swift
/// let synchroniser = FolderSynchroniser()
/// synchroniser.synchronise(dup(folderDescriptor))   // the synchroniser closes it
/// synchroniser.waitUntilIdle()                      // tests: every fsync asked for has ended
/// ```
final class FolderSynchroniser: Sendable {
    /// A folder by its device and inode.
    private struct Folder: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private struct State {
        /// Folders waiting for an fsync, each with a descriptor the synchroniser owns.
        var waiting: [Folder: Int32] = [:]
        /// The errno of the last fsync that failed, not yet handed to a write.
        var failure: Int32?
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "photofeed.sidecars.folder-sync", qos: .utility)

    /// Asks for the folder `descriptor` is open on to be fsynced soon; the synchroniser owns
    /// (and closes) the descriptor.
    func synchronise(_ descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            // Not to be named: fsync it now rather than not at all.
            let failed = fsync(descriptor) != 0 ? errno : 0
            close(descriptor)
            if failed != 0 { state.withLock { $0.failure = failed } }
            return
        }
        let folder = Folder(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        let extra: Int32? = state.withLock { state in
            if state.waiting[folder] != nil { return descriptor }
            state.waiting[folder] = descriptor
            return nil
        }
        if let extra {
            close(extra)  // that folder's fsync has not begun: it covers this rename too
            return
        }
        queue.async { self.drain() }
    }

    /// The errno of an fsync that failed since the last call, once.
    func takeFailure() -> Int32? {
        state.withLock { state in
            defer { state.failure = nil }
            return state.failure
        }
    }

    /// Returns when every fsync asked for so far has ended.
    func waitUntilIdle() {
        queue.sync {}
    }

    /// Fsyncs every waiting folder (outside the lock), until none waits.
    private func drain() {
        while true {
            let folders = state.withLock { state in
                defer { state.waiting.removeAll() }
                return Array(state.waiting.values)
            }
            guard !folders.isEmpty else { return }
            for descriptor in folders {
                let failed = fsync(descriptor) != 0 ? errno : 0
                close(descriptor)
                if failed != 0 { state.withLock { $0.failure = failed } }
            }
        }
    }
}
