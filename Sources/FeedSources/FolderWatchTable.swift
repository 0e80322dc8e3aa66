import FoundationEssentials

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
        var id: FolderID?
    }

    /// What each watch asks for: entries created, written and closed, moved in or out, deleted.
    static let mask = UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | IN_ONLYDIR)

    let inotify: Int32
    let root: URL
    let options: FolderOptions
    private var folders: [Int32: Folder] = [:]
    private var visited: Set<FolderID> = []

    init(inotify: Int32, root: URL, options: FolderOptions) {
        self.inotify = inotify
        self.root = root
        self.options = options
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
        guard let id = FolderID(path: base), !visited.contains(id) else { return [] }
        let remaining = options.maxDepth - depth
        if remaining <= 0, !reportFiles {
            visited.insert(id)
            add(path: base, Folder(relativePath: relative, depth: depth, id: id))
            return []
        }
        var added: [FolderChange] = []
        let walk = FolderWalk(root: base, maxDepth: max(0, remaining), hidden: options.hidden, visited: visited)
        let root = root
        func joined(_ path: String) -> String {
            relative.isEmpty ? path : path.isEmpty ? relative : relative + "/" + path
        }
        do {
            while try !walk.read(
                atMost: 1 << 16,
                file: { prefix, name in
                    guard reportFiles else { return }
                    let path = joined(String(decoding: prefix + Array(name), as: UTF8.self))
                    if let photo = DirectoryFeed.photo(named: path, in: root) { added.append(.added(photo)) }
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
    }

    private mutating func add(path: String, _ folder: Folder) {
        let watch = inotify_add_watch(inotify, path, Self.mask)
        if watch >= 0 { folders[watch] = folder }
    }
}
