public import FeedSources
public import FoundationEssentials
import FoundationExtras
import SystemPackage
public import Vocabulary

/// A photo to move to the Trash: its key in the list, its file, and which file (and folder)
/// the name stood for when it was listed, checked right before the move.
public struct TrashRequest: Hashable, Sendable {
    public var key: PhotoKey
    /// The file's URL (for words and its thumbnails).
    public var url: URL
    /// The folder holding it, as bytes.
    public var folder: [UInt8]
    /// Its name in `folder`, as bytes.
    public var name: [UInt8]
    /// The file listed (nil: the source did not say; then any file but a folder goes).
    public var identity: FileIdentity?
    /// The folder listed (nil: not checked).
    public var folderIdentity: FileIdentity?

    /// The file at `url`, checked against `identity` and `folderIdentity` when given.
    public init(key: PhotoKey, url: URL, identity: FileIdentity? = nil, folderIdentity: FileIdentity? = nil) {
        self.key = key
        self.url = url
        let path = url.localPath?.bytes ?? Array(url.path.utf8)
        let slash = path.lastIndex(of: UInt8(ascii: "/")) ?? -1
        self.folder = slash <= 0 ? [UInt8(ascii: "/")] : Array(path[..<slash])
        self.name = Array(path[(slash + 1)...])
        self.identity = identity
        self.folderIdentity = folderIdentity
    }

    /// Its name as a sentence shows it (``FilePath/escapedText``: `e\xFF.jpg`).
    public var shownName: String { FilePath.escapedText(name) }
}

/// What a move to (or from) the Trash did: the files moved, and why the others did not.
public struct TrashOutcome: Sendable {
    public var moved: [(key: PhotoKey, file: FreedesktopTrash.TrashedFile)]
    public var failures: [String]

    public init(moved: [(key: PhotoKey, file: FreedesktopTrash.TrashedFile)], failures: [String]) {
        self.moved = moved
        self.failures = failures
    }
}
