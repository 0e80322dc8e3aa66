#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder open for listing, read a batch of names at a time into a ``DirectoryListing``, so a
/// feed can show its first screen while a huge folder is still being read.
///
/// `readdir` alone: no file is opened or `stat`ed. ``read(into:atMost:)`` leaves out hidden
/// names (a leading dot) and entries `d_type` marks as folders; ``read(atMost:_:)`` hands every
/// entry to its caller (a ``FolderWalk``, which decides). Owned by one actor (``DirectoryFeed``)
/// or thread; the folder is closed when the reader ends or is dropped.
///
/// ```swift
/// let reader = try DirectoryReader(path: "/photos")
/// var listing = DirectoryListing()
/// while try !reader.read(into: &listing, atMost: 65_536) {}   // true: the folder is read
/// ```
final class DirectoryReader {
    private var directory: OpaquePointer?

    /// Opens `path`; throws the system's reason when it cannot be listed.
    init(path: String) throws(DirectoryListingError) {
        guard let directory = opendir(path) else { throw DirectoryListingError(code: errno) }
        self.directory = directory
    }

    /// Lists the folder open at `descriptor` (a descriptor of its own is made: the caller keeps
    /// and closes `descriptor`); throws the system's reason when it cannot be listed.
    init(descriptor: Int32) throws(DirectoryListingError) {
        let own = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard own >= 0 else { throw DirectoryListingError(code: errno) }
        guard let directory = fdopendir(own) else {
            let code = errno
            close(own)
            throw DirectoryListingError(code: code)
        }
        self.directory = directory
    }

    deinit {
        if let directory { closedir(directory) }
    }

    /// Adds up to `limit` more names to `listing`; true once the folder has no more (it is
    /// closed then). A read error mid-folder throws its reason.
    func read(into listing: inout DirectoryListing, atMost limit: Int) throws(DirectoryListingError) -> Bool {
        try read(atMost: limit) { entry in
            guard entry.type != UInt8(DT_DIR), !entry.isHidden else { return }
            listing.insert(entry.name)
        }
    }

    /// Hands up to `limit` more entries to `visit` (".", ".." and hidden names among them: the
    /// caller filters); true once the folder has no more (it is closed then). A read error
    /// mid-folder throws its reason.
    func read(atMost limit: Int, _ visit: (DirectoryEntry) -> Void) throws(DirectoryListingError) -> Bool {
        guard let directory else { return true }
        var read = 0
        while read < max(1, limit) {
            errno = 0
            guard let entry = readdir(directory) else {
                let code = errno
                closedir(directory)
                self.directory = nil
                if code != 0 { throw DirectoryListingError(code: code) }
                return true
            }
            read += 1
            let type = entry.pointee.d_type
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let length = strnlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
                visit(DirectoryEntry(name: UnsafeRawBufferPointer(rebasing: raw[0..<length]), type: type))
            }
        }
        return false
    }
}
