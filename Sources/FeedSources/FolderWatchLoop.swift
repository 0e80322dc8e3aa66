import FoundationEssentials
import FoundationExtras
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reading thread of a ``FolderWatcher``: blocks in `poll` on the inotify descriptor and a
/// ``WakePipe`` (never spins), turns the events of each wake-up into one coalesced batch of
/// ``FolderChange``s, and, woken to stop (or on an error), closes both and finishes the stream.
///
/// A file is reported when its writer closes it (`IN_CLOSE_WRITE`) or when it is moved in
/// (`IN_MOVED_TO`), never at `IN_CREATE` (half written): a regular file created is remembered
/// and reported `.added` at its close, one already there `.changed`. What `IN_CREATE` alone
/// completes (a symbolic link, a hard link, a FIFO) is reported at once.
///
/// ```swift
/// DetachedThread.start { FolderWatchLoop(table: table, wake: wake, continuation: continuation).run() }
/// ```
final class FolderWatchLoop {
    private var table: FolderWatchTable
    private let wake: WakePipe
    private let continuation: AsyncStream<[FolderChange]>.Continuation
    /// Regular files created and not yet closed by their writer (relative paths).
    private var fresh: Set<FilePath> = []
    private var buffer = [UInt8](repeating: 0, count: 64 << 10)
    /// The folders refused when a shortfall was last said (a new refusal is said again).
    private var refusedSaid: Int

    init(table: FolderWatchTable, wake: WakePipe, continuation: AsyncStream<[FolderChange]>.Continuation) {
        self.table = table
        self.refusedSaid = table.refused.count
        self.wake = wake
        self.continuation = continuation
    }

    /// Runs until woken to stop; then closes the descriptors and finishes the stream.
    func run() {
        var descriptors = [
            pollfd(fd: table.inotify, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if descriptors[1].revents != 0 { break }
            let events = descriptors[0].revents
            if events & Int16(POLLIN) != 0 {
                guard let batch = drain() else { break }
                if !batch.isEmpty { continuation.yield(batch.changes) }
            } else if events != 0 {
                break
            }
        }
        closeDescriptor(table.inotify)
        wake.close()
        continuation.finish()
    }

    /// Reads every event queued now into one batch; nil when the descriptor failed.
    private func drain() -> FolderChangeBatch? {
        var batch = FolderChangeBatch()
        while true {
            let count = buffer.withUnsafeMutableBytes { read(table.inotify, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK ? batch : nil
            }
            if count == 0 { return batch }
            let events = buffer.withUnsafeBytes { InotifyEvent.parse(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            for event in events { handle(event, into: &batch) }
        }
    }

    private func handle(_ event: InotifyEvent, into batch: inout FolderChangeBatch) {
        let mask = event.mask
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return batch.append(.overflow) }
        if mask & UInt32(IN_IGNORED) != 0 { return table.forget(watch: event.watch) }
        if let parent = table.parentWatch, event.watch == parent {
            // The root's parent: only a folder of the root's name, made or moved in, matters.
            guard event.nameText == table.rootName, mask & UInt32(IN_ISDIR) != 0, !table.watchesRoot else { return }
            let added = table.watch("", depth: 0, reportFiles: true)
            guard table.watchesRoot else { return sayShortfall(into: &batch) }
            batch.append(.folderBack(path: table.root.path))
            batch.append(contentsOf: added)
            return sayShortfall(into: &batch)
        }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            // A sub-folder's own event: its parent's IN_DELETE or IN_MOVED_FROM says it.
            guard table.folder(event.watch)?.depth == 0 else { return }
            table.unwatchAll()
            fresh = []
            refusedSaid = 0
            return batch.append(.folderGone(path: table.root.path, moved: mask & UInt32(IN_MOVE_SELF) != 0))
        }
        guard let folder = table.folder(event.watch), !event.name.isEmpty else { return }
        guard table.options.hidden || event.name.first != UInt8(ascii: ".") else { return }
        if mask & UInt32(IN_ISDIR) != 0 {
            let relative = folder.relativePath.isEmpty ? event.nameText : folder.relativePath + "/" + event.nameText
            guard folder.depth < table.options.maxDepth else { return }
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                batch.append(contentsOf: table.watch(relative, depth: folder.depth + 1, reportFiles: true))
                sayShortfall(into: &batch)
            } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                table.unwatch(under: relative)
                batch.append(.removedFolder(path: FeedPhoto.fileID(FilePath(relative))))
            }
            return
        }
        // A file: its name's bytes, whatever they are.
        let name = FilePath(bytes: event.name)
        let relative = folder.relativePath.isEmpty ? name : FilePath(folder.relativePath).joined(name)
        let root = table.root
        // A RAW and its JPEG are one photo (a shot): a file's change is its shot's (DirectoryFeed+WatchedShots).
        let options = table.options
        if mask & UInt32(IN_CREATE) != 0 {
            if let path = root.localPath?.joined(relative), isBeingWritten(path) {
                fresh.insert(relative)
            } else if let changes = DirectoryFeed.presentChanges(relative, in: root, options: options, existed: false) {
                batch.append(contentsOf: changes)
            }
        } else if mask & UInt32(IN_CLOSE_WRITE) != 0 {
            let wasFresh = fresh.remove(relative) != nil
            if let changes = DirectoryFeed.presentChanges(relative, in: root, options: options, existed: !wasFresh) {
                batch.append(contentsOf: changes)
            } else if !wasFresh {
                batch.append(.removed(id: FeedPhoto.fileID(relative)))
            }
        } else if mask & UInt32(IN_MOVED_TO) != 0 {
            fresh.remove(relative)
            if let changes = DirectoryFeed.presentChanges(relative, in: root, options: options, existed: false) {
                batch.append(contentsOf: changes)
            }
        } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
            fresh.remove(relative)
            batch.append(contentsOf: DirectoryFeed.goneChanges(relative, in: root, options: options))
        }
    }

    /// Says the folders not followed when more were refused than last said.
    private func sayShortfall(into batch: inout FolderChangeBatch) {
        let refused = table.refused.count
        defer { refusedSaid = refused }
        guard refused > refusedSaid, let shortfall = table.shortfall else { return }
        batch.append(.notFollowing(shortfall))
    }

    /// A regular file with one link: created to be written (its close reports it). A symbolic
    /// link, a hard link to a file already written, a FIFO: complete at creation.
    private func isBeingWritten(_ path: FilePath) -> Bool {
        guard let status = path.status(followingLinks: false) else { return false }
        return status.st_mode & S_IFMT == S_IFREG && status.st_nlink == 1
    }
}
