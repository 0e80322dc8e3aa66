import FoundationEssentials
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``FolderWatcher``'s inotify watches: which folder (relative to the root, at which depth)
/// each watch descriptor names, and every folder watched by identity, so a folder reached
/// twice (a symbolic link, a loop) is watched once and the depth bound holds.
///
/// Owned by one thread at a time (the watcher's init, then its reading thread).
///
/// ```swift
/// var table = FolderWatchTable(inotify: fd, root: root, options: FolderOptions(recursive: 2))
/// _ = table.watch("", depth: 0, reportFiles: false)   // the root and its sub-folders
/// let new = table.watch("2024", depth: 1, reportFiles: true)   // [.added(photo), …] already there
/// ```
struct FolderWatchTable: Sendable {
    /// A watched folder.
    struct Folder: Sendable {
        /// Relative to the root ("" for the root itself).
        var relativePath: String
        /// 0 for the root.
        var depth: Int
        var id: FileIdentity?
    }

    /// What each watch asks for: entries created, written and closed, moved in or out, deleted,
    /// and the folder itself deleted or moved (the root's own events).
    static let mask = UInt32(
        IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    /// What the root's parent is watched for: a folder of the root's name made or moved in.
    static let parentMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR)

    let inotify: Int32
    let root: URL
    let options: FolderOptions
    private let watches: any InotifyWatchAdding
    private var folders: [Int32: Folder] = [:]
    private var visited: Set<FileIdentity> = []
    /// Folders found but not watched (relative paths), and the errno of the last refusal.
    private(set) var refused: Set<String> = []
    private(set) var lastRefusal: Int32 = 0
    /// The watch on the root's parent (to see the root made again), when it could be added.
    private(set) var parentWatch: Int32?

    init(inotify: Int32, root: URL, options: FolderOptions, watches: any InotifyWatchAdding = SystemInotifyWatches()) {
        self.inotify = inotify
        self.root = root
        self.options = options
        self.watches = watches
    }

    /// The folders found and not all watched, when some were refused.
    var shortfall: FolderWatchShortfall? {
        guard !refused.isEmpty else { return nil }
        return FolderWatchShortfall(
            watched: folders.count, folders: folders.count + refused.count, code: lastRefusal,
            maximumWatches: watches.maximumWatches)
    }

    /// The root folder's name in its parent.
    var rootName: String { root.lastPathComponent }

    /// Watches the root's parent for a folder of the root's name made or moved in (once).
    mutating func watchParent() {
        guard parentWatch == nil else { return }
        let parent = root.deletingLastPathComponent().path
        guard parent != root.path, FileIdentity(folderAt: parent) != FileIdentity(folderAt: root.path) else { return }
        if case .success(let watch) = watches.addWatch(inotify, path: parent, mask: Self.parentMask) { parentWatch = watch }
    }

    /// Removes every watch but the parent's (the root was deleted or moved away).
    mutating func unwatchAll() {
        for watch in folders.keys { _ = inotify_rm_watch(inotify, watch) }
        folders = [:]
        visited = []
        refused = []
    }

    /// The folder a watch names.
    func folder(_ watch: Int32) -> Folder? { folders[watch] }

    /// Whether the root is watched.
    var watchesRoot: Bool { folders.values.contains { $0.depth == 0 } }

    /// Watches the folder `relative` (at `depth`) and its sub-folders within the depth bound,
    /// each once; with `reportFiles`, the photos already in them come back as `.added` (a folder
    /// created or moved in holds files before its watch exists). A folder that cannot be
    /// opened is not watched.
    mutating func watch(_ relative: String, depth: Int, reportFiles: Bool) -> [FolderChange] {
        let base = relative.isEmpty ? root.path : root.path + "/" + relative
        guard let id = FileIdentity(folderAt: base), !visited.contains(id) else { return [] }
        let remaining = options.maxDepth - depth
        if remaining <= 0, !reportFiles {
            visited.insert(id)
            add(path: base, Folder(relativePath: relative, depth: depth, id: id))
            return []
        }
        var added: [FolderChange] = []
        let walk = FolderWalk(root: base, maxDepth: max(0, remaining), hidden: options.hidden, visited: visited)
        let root = root
        let options = options
        func joined(_ path: String) -> String {
            relative.isEmpty ? path : path.isEmpty ? relative : relative + "/" + path
        }
        do {
            while try !walk.read(
                atMost: 1 << 16,
                file: { prefix, name in
                    guard reportFiles else { return }
                    let path = joined(String(decoding: prefix + Array(name), as: UTF8.self))
                    if let changes = DirectoryFeed.presentChanges(FilePath(path), in: root, options: options, existed: false) {
                        added += changes
                    }
                },
                folder: { folder in
                    let path = joined(folder.relativePath)
                    add(path: base + (folder.relativePath.isEmpty ? "" : "/" + folder.relativePath),
                        Folder(relativePath: path, depth: depth + folder.depth, id: folder.id))
                })
            {}
        } catch {
            // The folder went away or cannot be read: nothing (more) to watch there.
        }
        visited = walk.visited
        return added
    }

    /// Forgets a watch the system removed (`IN_IGNORED`: its folder was deleted or unmounted).
    mutating func forget(watch: Int32) {
        guard let folder = folders.removeValue(forKey: watch) else { return }
        if let id = folder.id { visited.remove(id) }
    }

    /// Removes the watches of the folder `relative` and every folder below it (moved away).
    mutating func unwatch(under relative: String) {
        let below = relative + "/"
        for (watch, folder) in folders where folder.relativePath == relative || folder.relativePath.hasPrefix(below) {
            inotify_rm_watch(inotify, watch)
            forget(watch: watch)
        }
        refused = refused.filter { $0 != relative && !$0.hasPrefix(below) }
    }

    private mutating func add(path: String, _ folder: Folder) {
        switch watches.addWatch(inotify, path: path, mask: Self.mask) {
        case .success(let watch):
            folders[watch] = folder
            refused.remove(folder.relativePath)
        case .failure(let refusal):
            refused.insert(folder.relativePath)
            lastRefusal = refusal.code
        }
    }
}
