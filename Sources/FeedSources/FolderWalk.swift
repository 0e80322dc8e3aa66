#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder tree read a batch of entries at a time, depth first, with an explicit stack of open
/// ``DirectoryReader``s: a huge tree is read in bounded steps, so a viewer stays live.
///
/// At most one folder per level is open at once (sub-folders found while a folder is read wait
/// as names until it is done). A sub-folder is entered only within `maxDepth` levels, only once
/// (its ``FolderID`` is remembered: a symbolic link to a folder already walked, a loop such as
/// `a/loop -> ..`, is skipped), and only if it can be opened (an unreadable sub-folder is
/// skipped, and so is the rest of one that fails mid-read; only the root failing is an error).
/// Hidden names (a leading dot) are skipped unless `hidden`. An entry `d_type` cannot tell
/// (a symbolic link, an unknown type) is `stat`ed only when it could be walked into; otherwise
/// it is handed out as a file (a page's check skips folders).
///
/// ```swift
/// let walk = FolderWalk(root: "/photos", maxDepth: 2, hidden: false)
/// var listing = DirectoryListing()
/// while try !walk.read(into: &listing, atMost: 65_536) {}   // "a.jpg", "2024/trip/b.jpg", …
/// ```
final class FolderWalk {
    /// A folder entered: its path relative to the root ("" for the root, else "2024/trip"),
    /// its level (0 for the root) and its identity.
    struct Folder {
        var relativePath: String
        var depth: Int
        var id: FolderID?
    }

    private struct Frame {
        var reader: DirectoryReader?
        /// The folder's path relative to the root, with a trailing "/" ("" for the root).
        var prefix: [UInt8]
        var depth: Int
        /// Sub-folders found, not entered yet (prefixed names).
        var pending: [[UInt8]] = []
    }

    let root: String
    let maxDepth: Int
    let hidden: Bool
    private var stack: [Frame] = []
    private var started = false
    /// Every folder entered, so none is entered twice.
    private(set) var visited: Set<FolderID> = []

    /// A walk of `root` (nothing opened yet) down `maxDepth` levels.
    init(root: String, maxDepth: Int, hidden: Bool, visited: Set<FolderID> = []) {
        self.root = root
        self.maxDepth = max(0, maxDepth)
        self.hidden = hidden
        self.visited = visited
    }

    /// Adds up to about `limit` more file names (paths relative to the root) to `listing`;
    /// true once the tree is read.
    func read(into listing: inout DirectoryListing, atMost limit: Int) throws(DirectoryListingError) -> Bool {
        try read(atMost: limit, file: { prefix, name in listing.insert(prefix: prefix, name: name) })
    }

    /// Reads up to about `limit` more entries (each folder opened counts as one), handing each
    /// file to `file` (the folder's relative prefix and the name's bytes) and each folder
    /// entered to `folder`; true once the tree is read. Throws only when the root cannot be read.
    func read(
        atMost limit: Int,
        file: (_ prefix: [UInt8], _ name: UnsafeRawBufferPointer) -> Void,
        folder: (Folder) -> Void = { _ in }
    ) throws(DirectoryListingError) -> Bool {
        if !started {
            started = true
            let reader = try DirectoryReader(path: root)
            let id = FolderID(path: root)
            if let id { visited.insert(id) }
            stack.append(Frame(reader: reader, prefix: [], depth: 0))
            folder(Folder(relativePath: "", depth: 0, id: id))
        }
        var budget = max(1, limit)
        while budget > 0, var top = stack.popLast() {
            if let reader = top.reader {
                var used = 0
                let walkInto = top.depth < maxDepth
                do {
                    if try reader.read(atMost: budget, { entry in
                        used += 1
                        guard !entry.isDotOrDotDot, hidden || !entry.isHidden else { return }
                        if entry.isFolder {
                            if walkInto { top.pending.append(top.prefix + Array(entry.name)) }
                        } else if walkInto, entry.mayBeFolder, isFolder(top.prefix, entry.name) {
                            top.pending.append(top.prefix + Array(entry.name))
                        } else {
                            file(top.prefix, entry.name)
                        }
                    }) {
                        top.reader = nil
                    }
                } catch {
                    if stack.isEmpty, top.depth == 0 { throw error }
                    top.reader = nil
                }
                budget -= max(1, used)
                stack.append(top)
            } else if let next = top.pending.popLast() {
                budget -= 1
                stack.append(top)
                enter(next, depth: top.depth + 1, folder: folder)
            }
            // else: the folder and everything below it is read; it stays popped
        }
        return stack.isEmpty
    }

    /// Opens the sub-folder `relative` (a prefixed name) unless it was entered before or cannot be read.
    private func enter(_ relative: [UInt8], depth: Int, folder: (Folder) -> Void) {
        let path = String(decoding: relative, as: UTF8.self)
        let full = root + "/" + path
        guard let id = FolderID(path: full), visited.insert(id).inserted else { return }
        guard let reader = try? DirectoryReader(path: full) else { return }
        stack.append(Frame(reader: reader, prefix: relative + [UInt8(ascii: "/")], depth: depth))
        folder(Folder(relativePath: path, depth: depth, id: id))
    }

    private func isFolder(_ prefix: [UInt8], _ name: UnsafeRawBufferPointer) -> Bool {
        var status = stat()
        let path = root + "/" + String(decoding: prefix + Array(name), as: UTF8.self)
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
