import FoundationEssentials
import FoundationExtras
import ImageCodecs
import ImageLoading
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checking one file of a folder feed: one `stat` (kind, bytes, modification time) and one read
/// of its first 64 KiB (signature, header size, EXIF date taken).
///
/// ```swift
/// let photo = DirectoryFeed.photo(named: "2024/a.jpg", in: root)   // id "2024/a.jpg", file: FileFacts(…)
/// ```
///
/// The name is bytes (a `FilePath`): the file is reached by exactly them, and the photo's id
/// and shown name are ``FeedPhoto/fileID(_:)`` of them. A path past `PATH_MAX` is reached a
/// stretch at a time (``FilePath/openFile(_:mode:)``).
extension DirectoryFeed {
    /// The photo `name` (a path relative to `directory`) in `directory`: an image (by its first
    /// bytes) with its header's size and its file facts, or a special file (to fail as an error
    /// row; with no facts, so it sorts last); nil for anything else (a folder, a file that is
    /// no image, one that is gone).
    static func photo(named name: FilePath, in directory: URL) -> FeedPhoto? {
        checkedFile(named: name, in: directory)?.photo
    }

    /// A file checked: its photo, and its format by its first bytes (nil for a special file).
    struct CheckedFile {
        var photo: FeedPhoto
        var format: ImageFormat?
    }

    /// ``photo(named:in:)`` with the format its first bytes say (a shot's files are told by it).
    static func checkedFile(named name: FilePath, in directory: URL) -> CheckedFile? {
        guard let path = directory.localPath?.joined(name) else { return nil }
        // The name's own identity (a link's, not its target's) is what an action checks later.
        guard let own = path.status(followingLinks: false) else { return nil }
        let identity = FileIdentity(own)
        guard let status = identity.isSymbolicLink ? path.status() : own else { return nil }
        let kind = FileKind(mode: UInt32(status.st_mode))
        guard !kind.isDirectory else { return nil }
        let origin = FeedPhoto.Origin.file(directory: directory, name: name)
        let id = FeedPhoto.fileID(name)
        // A special file is an error row, not a photo: no facts, so every order but `.name` puts it last.
        if kind.isSpecial { return CheckedFile(photo: FeedPhoto(id: id, author: id, size: nil, origin: origin), format: nil) }
        var facts = FeedPhoto.FileFacts(
            byteCount: Int(status.st_size), modified: modificationSeconds(status), identity: identity,
            folder: path.removingLastComponent().status().map(FileIdentity.init))
        // One read serves the signature, the header and, mostly, the EXIF.
        guard let head = FileSignature.head(of: path, count: 64 << 10), let format = ImageFormat.sniff(head), format.isDecodable
        else { return nil }
        let metadata = metadata(head, path: path)
        facts.taken = metadata?.exif?.dateTaken
        facts.takenSubseconds = metadata?.exif?.dateSubseconds
        facts.takenOffset = metadata?.exif?.dateOffset
        return CheckedFile(photo: FeedPhoto(id: id, author: id, size: metadata?.header.size, origin: origin, file: facts), format: format)
    }

    /// The photo `name` given as text (a UTF-8 name, such as the folder watcher's).
    static func photo(named name: String, in directory: URL) -> FeedPhoto? {
        photo(named: FilePath(name), in: directory)
    }

    /// The header and EXIF in `head` (the file's first 64 KiB), or in its first MiB when the
    /// metadata is longer; nil when the header cannot be read.
    static func metadata(_ head: [UInt8], path: FilePath) -> PhotoMetadata? {
        do {
            return try PhotoMetadata.read(head)
        } catch let error as ImageCodecError where error.kind == .truncated && head.count == 64 << 10 {
            guard let longer = FileSignature.head(of: path, count: 1 << 20) else { return nil }
            return try? PhotoMetadata.read(longer)
        } catch {
            return nil
        }
    }

    private static func modificationSeconds(_ status: stat) -> Double {
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
