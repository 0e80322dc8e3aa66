import Glibc

/// Taking a folder as a cache's own: the Cache Directory Tagging Specification's
/// `CACHEDIR.TAG` (<https://bford.info/cachedir/>), which backup tools skip, marks a folder
/// photofeed made or took; an untagged folder is taken only when it is empty or holds nothing
/// but the cache's own files; `/`, the home folder and the system's folders never are.
///
/// ```swift
/// let folder = try CacheDirectory.claim(path, creating: true, isOwn: DiskCache.isOwnName, environment: environment)
/// ```
extension CacheDirectory {
    /// The tag's file name.
    public static let tagName = OwnFiles.tag.name
    /// The tag's first line, exactly as the specification gives it.
    static let tagSignature = Array("Signature: 8a477f597d28d172789f06886806bc55".utf8)
    /// The names of foreign files a refusal lists (the rest are counted).
    static let namesListed = 3

    /// The folder at `path` as a cache's own, or nil when nothing is there and not `creating`.
    ///
    /// A folder made here, or found empty or holding only names `isOwn` accepts, is tagged; a
    /// tagged folder is taken as it is. Throws, touching nothing, for a symbolic link, `/`, the
    /// home folder, a system folder, `$XDG_CACHE_HOME` itself, or an untagged folder that holds
    /// anything else (its first names listed).
    public static func claim(
        _ path: String, creating: Bool, isOwn: (String) -> Bool, environment: [String: String]
    ) throws(CacheDirectoryError) -> CacheDirectory? {
        let existed = try existing(path)
        let folder: CacheDirectory
        if let existed {
            folder = existed
        } else if creating {
            folder = try Self.creating(path)
        } else {
            return nil
        }
        do {
            try folder.refuseIfProtected(environment: environment)
        } catch {
            // A folder made here (a new one directly in `/`, say) goes again, empty.
            if existed == nil { rmdir(path) }
            throw error
        }
        if folder.isTagged { return folder }
        // A link is never the cache's, whatever its name. A tag being written by another
        // process claiming the folder at the same moment (not yet whole) is the cache's.
        let foreign = folder.names().filter { bytes in
            guard let name = asciiName(bytes), isOwn(name) || name == tagName else { return true }
            return folder.isLink(name)
        }.sorted { $0.lexicographicallyPrecedes($1) }
        // photofeed's own default folder is never refused: a name it does not know there (a
        // user's file, another program's, a newer photofeed's) is left alone and counted by
        // `cache info`. A folder the user names that holds their files is.
        guard foreign.isEmpty || folder.isDefaultFolder(environment: environment) else {
            throw CacheDirectoryError(path: path, reason: .foreign(Array(foreign.prefix(namesListed)), count: foreign.count))
        }
        // A folder that cannot be written (a read-only mount) is used untagged: it holds only the cache's files.
        folder.tag()
        return folder
    }

    /// Throws when the folder is `/`, directly in `/`, directly in `/usr`, `/var` or `/etc`, the
    /// home folder, or the cache home (`$XDG_CACHE_HOME`, `~/.cache`) itself: folders a cache
    /// never owns, whatever they hold.
    public func refuseIfProtected(environment: [String: String]) throws(CacheDirectoryError) {
        guard let own = identity(at: nil) else { return }
        let root = Self.identity(of: "/")
        let parent = identity(at: "..")
        if own == root { throw CacheDirectoryError(path: path, reason: .protected("the root folder")) }
        if parent == root { throw CacheDirectoryError(path: path, reason: .protected("a top-level folder of the system")) }
        for system in ["/usr", "/var", "/etc"] where parent != nil && parent == Self.identity(of: system) {
            throw CacheDirectoryError(path: path, reason: .protected("a folder of the system's (in \(system))"))
        }
        var homes = [environment["HOME"]].compactMap(\.self)
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir { homes.append(String(cString: directory)) }
        for home in homes where !home.isEmpty && Self.identity(of: home) == own {
            throw CacheDirectoryError(path: path, reason: .protected("your home folder"))
        }
        let cacheHomes = [environment["XDG_CACHE_HOME"]].compactMap(\.self) + homes.map { PathText.appending(".cache", to: $0) }
        for cacheHome in cacheHomes where !cacheHome.isEmpty && Self.identity(of: cacheHome) == own {
            throw CacheDirectoryError(path: path, reason: .protected("the cache home every program shares"))
        }
    }

    /// Whether this is photofeed's default cache folder (`$XDG_CACHE_HOME/photofeed`, else
    /// `~/.cache/photofeed`), by device and inode.
    public func isDefaultFolder(environment: [String: String]) -> Bool {
        guard let own = identity(at: nil) else { return false }
        return Self.identity(of: UserFolders(environment: environment).photofeedCache) == own
    }

    /// Whether the folder holds a `CACHEDIR.TAG` (a regular file) that starts with the signature.
    public var isTagged: Bool {
        let file = openat(descriptor, Self.tagName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var head = [UInt8](repeating: 0, count: Self.tagSignature.count)
        let count = head.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
        return count == head.count && head == Self.tagSignature
    }

    /// Writes the tag (a new file; an existing one stays); whether the folder is tagged after.
    @discardableResult
    public func tag() -> Bool {
        let text = String(decoding: Self.tagSignature, as: UTF8.self) + "\n"
            + "# This file is a cache directory tag created by photofeed.\n"
            + "# For information about cache directory tags, see https://bford.info/cachedir/\n"
        let file = openat(descriptor, Self.tagName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { return isTagged }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
        close(file)
        if written != bytes.count { unlinkat(descriptor, Self.tagName, 0) }
        return isTagged
    }

    private func isLink(_ name: String) -> Bool {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// Device and inode of this folder (`name` nil) or of `name` in it, following links.
    private func identity(at name: String?) -> [UInt64]? {
        var status = stat()
        let result = name.map { fstatat(descriptor, $0, &status, 0) } ?? fstat(descriptor, &status)
        return result == 0 ? [UInt64(status.st_dev), UInt64(status.st_ino)] : nil
    }

    private static func identity(of path: String) -> [UInt64]? {
        var status = stat()
        return stat(path, &status) == 0 ? [UInt64(status.st_dev), UInt64(status.st_ino)] : nil
    }
}
