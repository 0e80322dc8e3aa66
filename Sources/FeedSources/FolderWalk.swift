import FoundationExtras
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder tree read a batch of entries at a time, depth first, with an explicit stack of open
/// ``DirectoryReader``s: a huge tree is read in bounded steps, so a viewer stays live.
///
/// The walk stays in its folder. Every folder is opened relative to its parent's descriptor
/// (`openat`, then `fdopendir`), so a path of any length is read (a tree deeper than
/// `PATH_MAX`'s 4,096 bytes too), and names stay the bytes `readdir` gave. A sub-folder is
/// entered only within `maxDepth` levels, only once (its ``FileIdentity`` is remembered: a second
/// path to a folder already walked is skipped), only on the root's file system unless
/// `crossFilesystems` (like `find -xdev`), and only if it can be opened (an unreadable
/// sub-folder is skipped, and so is the rest of one that fails mid-read, each counted in
/// ``skipped`` with the first one's path and reason; only the root failing is an error). A symbolic link to a folder is followed only when its target is inside the
/// root: a link to the root itself, to a folder above it (`slash -> /`) or anywhere else
/// outside is skipped, and counted (``skipped``) so the feed can say so. A folder that is the
/// root or one above it reached another way (a bind mount) is skipped and counted the same.
///
/// At most one folder per level is being read at once (sub-folders found while a folder is
/// read wait as names until it is done); each level keeps its folder's descriptor until its
/// sub-folders are entered. Hidden names (a leading dot) are skipped unless `hidden`. An entry
/// `d_type` cannot tell (a symbolic link, an unknown type) is `stat`ed (relative to its folder)
/// only when it could be walked into; otherwise it is handed out as a file (a page's check
/// skips folders).
///
/// ```swift
/// let walk = FolderWalk(root: FilePath("/photos"), maxDepth: 2, hidden: false)
/// var listing = DirectoryListing()
/// while try !walk.read(into: &listing, atMost: 65_536) {}   // "a.jpg", "2024/trip/b.jpg", …
/// walk.skipped.linksOutOfFolder                              // 1: `slash -> /` was not followed
/// ```
final class FolderWalk {
    /// A folder entered: its path relative to the root ("" for the root, else "2024/trip"; the
    /// bytes in ``relativeBytes``, as text in ``relativePath``), its level (0 for the root) and
    /// its identity.
    struct Folder {
        var relativePath: String
        var depth: Int
        var id: FileIdentity?
        var relativeBytes: [UInt8] = []
    }

    /// What a walk left out that a user should hear of.
    struct Skipped: Equatable, Sendable {
        /// Links (or bind mounts) to the root, a folder above it, or a folder outside it.
        var linksOutOfFolder = 0
        /// Sub-folders on another file system than the root's (without `crossFilesystems`).
        var otherFilesystems = 0
        /// Sub-folders that could not be opened or read to their end (permission denied).
        var unreadableFolders = 0
        /// The first of them, relative to the root, and the system's reason
        /// (`private: permission denied`).
        var firstUnreadable: String?

        /// Counts an unreadable sub-folder: `relative` (its path's bytes from the root), `code` the errno.
        mutating func unreadable(_ relative: [UInt8], code: Int32) {
            unreadableFolders += 1
            if firstUnreadable == nil {
                firstUnreadable = "\(FilePath.escapedText(relative)): \(SystemError.reason(code))"
            }
        }
    }

    private struct Frame {
        var reader: DirectoryReader?
        /// The folder's descriptor, kept until its sub-folders are entered (closed when popped).
        var folder: Int32
        /// The folder's path relative to the root, with a trailing "/" ("" for the root).
        var prefix: [UInt8]
        var depth: Int
        /// Sub-folders found, not entered yet: their names, and whether each was a link.
        var pending: [(name: [UInt8], isLink: Bool)] = []
    }

    let root: FilePath
    let maxDepth: Int
    let hidden: Bool
    let crossFilesystems: Bool
    private var stack: [Frame] = []
    private var started = false
    /// The root's identity, and every folder above it up to `/`.
    private var rootID: FileIdentity?
    private var ancestors: Set<FileIdentity> = []
    /// Every folder entered, so none is entered twice.
    private(set) var visited: Set<FileIdentity> = []
    /// What was left out so far.
    private(set) var skipped = Skipped()

    /// A walk of `root` (nothing opened yet) down `maxDepth` levels.
    init(root: FilePath, maxDepth: Int, hidden: Bool, crossFilesystems: Bool = false, visited: Set<FileIdentity> = []) {
        self.root = root
        self.maxDepth = max(0, maxDepth)
        self.hidden = hidden
        self.crossFilesystems = crossFilesystems
        self.visited = visited
    }

    /// A walk of the folder at `root` (a UTF-8 path).
    convenience init(root: String, maxDepth: Int, hidden: Bool, crossFilesystems: Bool = false, visited: Set<FileIdentity> = []) {
        self.init(root: FilePath(root), maxDepth: maxDepth, hidden: hidden, crossFilesystems: crossFilesystems, visited: visited)
    }

    deinit {
        for frame in stack { close(frame.folder) }
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
            try start(folder: folder)
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
                            if walkInto { top.pending.append((Array(entry.name), false)) }
                        } else if walkInto, entry.mayBeFolder, isFolder(in: top.folder, entry.name) {
                            // DT_UNKNOWN says nothing: only a `stat` without following tells a link.
                            let isLink = entry.type == UInt8(DT_LNK) || isLink(in: top.folder, entry.name)
                            top.pending.append((Array(entry.name), isLink))
                        } else {
                            file(top.prefix, entry.name)
                        }
                    }) {
                        top.reader = nil
                    }
                } catch {
                    if stack.isEmpty, top.depth == 0 {
                        close(top.folder)
                        throw error
                    }
                    // The rest of this folder is lost: said as a folder that could not be read.
                    skipped.unreadable(Array(top.prefix.dropLast()), code: error.code)
                    top.reader = nil
                }
                budget -= max(1, used)
                stack.append(top)
            } else if let next = top.pending.popLast() {
                budget -= 1
                stack.append(top)
                enter(next.name, isLink: next.isLink, from: top, folder: folder)
            } else {
                // The folder and everything below it is read; it stays popped
                close(top.folder)
            }
        }
        return stack.isEmpty
    }

    /// Opens the root (a link the user gave is followed) and notes it and the folders above it.
    private func start(folder: (Folder) -> Void) throws(DirectoryListingError) {
        let descriptor = root.openFile(O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DirectoryListingError(code: errno) }
        let reader: DirectoryReader
        do {
            reader = try DirectoryReader(descriptor: descriptor)
        } catch {
            close(descriptor)
            throw error
        }
        let id = FileIdentity(descriptor: descriptor)
        rootID = id
        if let id { visited.insert(id) }
        ancestors = Self.ancestors(of: descriptor)
        stack.append(Frame(reader: reader, folder: descriptor, prefix: [], depth: 0))
        folder(Folder(relativePath: "", depth: 0, id: id))
    }

    /// Opens the sub-folder `name` of `parent` unless it was entered before, is out of the
    /// folder, on another file system, or cannot be read.
    private func enter(_ name: [UInt8], isLink: Bool, from parent: Frame, folder: (Folder) -> Void) {
        let descriptor = Self.open(name, in: parent.folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            // Gone meanwhile (or no longer a folder) is no news; anything else is said.
            let code = errno
            if code != ENOENT, code != ENOTDIR { skipped.unreadable(parent.prefix + name, code: code) }
            return
        }
        var kept = false
        defer { if !kept { close(descriptor) } }
        guard let id = FileIdentity(descriptor: descriptor) else { return }
        if id == rootID || ancestors.contains(id) || (isLink && !isInsideRoot(descriptor)) {
            skipped.linksOutOfFolder += 1
            return
        }
        if !crossFilesystems, let rootID, id.device != rootID.device {
            skipped.otherFilesystems += 1
            return
        }
        guard visited.insert(id).inserted else { return }
        let reader: DirectoryReader
        do {
            reader = try DirectoryReader(descriptor: descriptor)
        } catch {
            skipped.unreadable(parent.prefix + name, code: error.code)
            return
        }
        kept = true
        let relative = parent.prefix + name
        stack.append(Frame(reader: reader, folder: descriptor, prefix: relative + [UInt8(ascii: "/")], depth: parent.depth + 1))
        folder(Folder(relativePath: String(decoding: relative, as: UTF8.self), depth: parent.depth + 1, id: id, relativeBytes: relative))
    }

    /// Whether the folder open at `descriptor` lies below the root: its parents (`..`, one at a
    /// time, to `/`) reach the root.
    private func isInsideRoot(_ descriptor: Int32) -> Bool {
        guard let rootID else { return false }
        var current = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        defer { if current >= 0 { close(current) } }
        var previous = FileIdentity(descriptor: descriptor)
        for _ in 0..<4_096 {
            let parent = Self.open(Array("..".utf8), in: current, FilePath.openPathOnly | O_DIRECTORY | O_CLOEXEC)
            guard parent >= 0 else { return false }
            close(current)
            current = parent
            guard let id = FileIdentity(descriptor: parent), id != previous else { return false }
            if id == rootID { return true }
            previous = id
        }
        return false
    }

    /// The identities of the folders above the one open at `descriptor`, up to `/`.
    private static func ancestors(of descriptor: Int32) -> Set<FileIdentity> {
        var found: Set<FileIdentity> = []
        var current = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        defer { if current >= 0 { close(current) } }
        var previous = FileIdentity(descriptor: descriptor)
        for _ in 0..<4_096 {
            let parent = open(Array("..".utf8), in: current, FilePath.openPathOnly | O_DIRECTORY | O_CLOEXEC)
            guard parent >= 0 else { break }
            close(current)
            current = parent
            guard let id = FileIdentity(descriptor: parent), id != previous else { break }
            found.insert(id)
            previous = id
        }
        return found
    }

    private static func open(_ name: [UInt8], in folder: Int32, _ flags: Int32) -> Int32 {
        (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { openat(folder, $0.baseAddress!, flags) }
        }
    }

    private func isFolder(in folder: Int32, _ name: UnsafeRawBufferPointer) -> Bool {
        status(in: folder, name, flags: 0).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
    }

    private func isLink(in folder: Int32, _ name: UnsafeRawBufferPointer) -> Bool {
        status(in: folder, name, flags: AT_SYMLINK_NOFOLLOW).map { $0.st_mode & S_IFMT == S_IFLNK } ?? false
    }

    private func status(in folder: Int32, _ name: UnsafeRawBufferPointer, flags: Int32) -> stat? {
        var status = stat()
        let found = (Array(name) + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { fstatat(folder, $0.baseAddress!, &status, flags) == 0 }
        }
        return found ? status : nil
    }
}
