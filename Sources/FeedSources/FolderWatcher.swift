public import FoundationEssentials
import FoundationExtras

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Live changes to a folder (and, with ``FolderOptions/recursive``, its sub-folders within the
/// depth bound), from Linux inotify, as batches of ``FolderChange``s with the same ids and
/// photos a ``DirectoryFeed`` of the folder and options gives.
///
/// Creating it watches the folder, and walks its sub-folders within the depth bound to watch
/// each (once: a symbolic-link loop ends; hidden ones only with ``FolderOptions/hidden``); a
/// sub-folder created or moved in later is watched too, and the photos already in it arrive as
/// `.added`. So every change after `init` returns is seen (for a deep tree the walk reads
/// every entry of it: create it off the main actor). A file is reported when its writer closes
/// it or it is moved in, never half written, and a file that is no image is ignored. The
/// events of one wake-up come as one batch, coalesced per id (a file created, written and
/// closed is one `.added`). When the system's queue overflows, `.overflow` says changes were
/// missed.
///
/// One thread per watcher blocks in `poll` (no spinning); ``stop()`` (or dropping the watcher,
/// or ending the iteration of ``changes``) wakes it through a pipe, it closes its descriptors
/// and ``changes`` finishes. The stream buffers without bound: read it. Each watch costs one of
/// the user's `fs.inotify.max_user_watches`: sub-folders that cannot be watched are said in a
/// ``FolderChange/notFollowing(_:)`` with the numbers. The folder itself deleted or moved away
/// is a ``FolderChange/folderGone(path:moved:)``; its parent is watched too, so a folder made
/// (or moved back) at its path is followed again (``FolderChange/folderBack(path:)``).
///
/// ```swift
/// let watcher = try FolderWatcher(directory: URL(fileURLWithPath: "/photos"), options: FolderOptions(recursive: 2))
/// for await batch in watcher.changes {
///     for change in batch { apply(change) }   // .added(photo), .changed(photo), .removed(id:), …
/// }
/// ```
public final class FolderWatcher: Sendable {
    /// The folder watched.
    public let directory: URL
    /// The depth and hidden names (the order does not matter here).
    public let options: FolderOptions
    /// The changes, a batch per wake-up; finishes after ``stop()``.
    public let changes: AsyncStream<[FolderChange]>
    private let wake: WakePipe

    /// Watches `directory`; throws a `FeedError` when it is no folder or cannot be watched
    /// (naming inotify's limit when that is why). Folders below it that cannot be watched are
    /// said in a first batch's ``FolderChange/notFollowing(_:)``.
    public convenience init(directory: URL, options: FolderOptions = FolderOptions()) throws {
        try self.init(directory: directory, options: options, watches: SystemInotifyWatches())
    }

    /// Watches `directory`, adding watches through `watches` (a test's cap).
    init(directory: URL, options: FolderOptions, watches: any InotifyWatchAdding) throws {
        var status = stat()
        guard stat(directory.path, &status) == 0 else { throw Self.failure(directory, errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw Self.failure(directory, ENOTDIR) }
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else {
            let code = errno
            throw Self.instanceFailure(
                directory, code: code, maximumInstances: SystemInotifyWatches.maximumInstances,
                descriptorsLeft: Self.hasDescriptorLeft())
        }
        var table = FolderWatchTable(inotify: inotify, root: directory, options: options, watches: watches)
        _ = table.watch("", depth: 0, reportFiles: false)
        guard table.watchesRoot else {
            closeDescriptor(inotify)
            let code = table.lastRefusal != 0 ? table.lastRefusal : EACCES
            if code == ENOSPC, let shortfall = table.shortfall {
                throw FeedError.transport(
                    "cannot watch \(directory.path): every inotify watch is taken (\(shortfall.reason); sysctl raises it)")
            }
            throw Self.failure(directory, code)
        }
        table.watchParent()
        guard let wake = WakePipe() else {
            let code = errno
            closeDescriptor(inotify)
            throw Self.failure(directory, code)
        }
        let (changes, continuation) = AsyncStream.makeStream(of: [FolderChange].self)
        if let shortfall = table.shortfall { continuation.yield([.notFollowing(shortfall)]) }
        continuation.onTermination = { _ in wake.signal() }
        self.directory = directory
        self.options = options
        self.changes = changes
        self.wake = wake
        let watches = table
        DetachedThread.start {
            FolderWatchLoop(table: watches, wake: wake, continuation: continuation).run()
        }
    }

    deinit {
        wake.signal()
    }

    /// Stops watching: the thread closes its descriptors and ``changes`` finishes. Safe to call
    /// more than once, from anywhere.
    public func stop() {
        wake.signal()
    }

    private static func failure(_ directory: URL, _ code: Int32) -> FeedError {
        FeedError.transport("cannot watch \(directory.path): \(SystemError.reason(code))")
    }

    /// Why no inotify instance was made, in words to act on: `EMFILE` with descriptors to spare
    /// is the user's inotify instances all taken (`fs.inotify.max_user_instances`, never "too
    /// many open files"); otherwise the system's reason.
    static func instanceFailure(_ directory: URL, code: Int32, maximumInstances: Int?, descriptorsLeft: Bool) -> FeedError {
        guard code == EMFILE, descriptorsLeft else { return failure(directory, code) }
        let limit = maximumInstances.map { "fs.inotify.max_user_instances is \($0)" } ?? "fs.inotify.max_user_instances is reached"
        return FeedError.transport(
            "cannot watch \(directory.path): every inotify instance is taken (\(limit): other programs following folders hold them; sysctl raises it)")
    }

    /// Whether this process can still open a file (else `EMFILE` is its own descriptor limit).
    private static func hasDescriptorLeft() -> Bool {
        let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        closeDescriptor(descriptor)
        return true
    }
}
