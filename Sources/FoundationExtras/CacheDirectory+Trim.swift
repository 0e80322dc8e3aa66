import Glibc

/// Trimming a folder of a cache's own files: the least recently used first (modification time,
/// which a read refreshes with ``CacheDirectory/touch(_:)``), only regular files whose names the
/// caller owns, relative to the folder (no link followed). What a user or another program put
/// there stays.
///
/// ```swift
/// let removed = folder.trim(toAtMost: 64 << 20, where: ServerSources.isOwnName)
/// ```
extension CacheDirectory {
    /// What a trim removed and what stayed.
    public struct Trimming: Sendable, Hashable {
        /// Files removed, and their bytes.
        public var files = 0
        public var bytes = 0
        /// Files kept, and their bytes.
        public var keptFiles = 0
        public var keptBytes = 0
        /// Files that were to go but could not be removed, and the `errno` of the first.
        public var failed = 0
        public var failure: Int32?
    }

    /// Own files and their bytes.
    public func usage(where isOwn: (String) -> Bool) -> (files: Int, bytes: Int) {
        let files = files(where: isOwn)
        return (files.count, files.reduce(0) { $0 + $1.size })
    }

    /// Removes own files last used before `cutoff` (nanoseconds since 1970; nil: none for age),
    /// then the least recently used until the rest holds at most `limit` bytes (nil: no limit).
    /// With a limit and `target`, a folder over the limit is trimmed down to `target` of it, so
    /// a trim is not due again at the next write.
    @discardableResult
    public func trim(
        olderThan cutoff: Int? = nil, toAtMost limit: Int? = nil, target: Double = 1, where isOwn: (String) -> Bool
    ) -> Trimming {
        var files = files(where: isOwn).sorted { $0.modified < $1.modified }
        var result = Trimming()
        var total = files.reduce(0) { $0 + $1.size }
        func remove(_ file: File) {
            if let code = self.remove(file.name), code != ENOENT {
                result.failed += 1
                result.failure = result.failure ?? code
            } else {
                result.files += 1
                result.bytes += file.size
            }
            total -= file.size
        }
        if let cutoff {
            while let oldest = files.first, oldest.modified < cutoff {
                files.removeFirst()
                remove(oldest)
            }
        }
        if let limit, total > limit {
            let goal = Int(Double(limit) * min(max(target, 0), 1))
            while let oldest = files.first, total > goal {
                files.removeFirst()
                remove(oldest)
            }
        }
        result.keptFiles = files.count
        result.keptBytes = total
        return result
    }

    /// Removes every own file.
    @discardableResult
    public func removeAll(where isOwn: (String) -> Bool) -> Trimming {
        trim(toAtMost: 0, where: isOwn)
    }

    /// Removes the folder `name` in this one when it is empty (a folder left behind empty is
    /// not kept); whether it is gone.
    @discardableResult
    public func removeIfEmpty(_ name: String) -> Bool {
        unlinkat(descriptor, name, AT_REMOVEDIR) == 0 || errno == ENOENT
    }
}
