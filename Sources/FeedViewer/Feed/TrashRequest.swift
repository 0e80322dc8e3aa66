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
    /// The other files of its shot (``FeedPhoto/Shot``: the RAW beside a JPEG), in `folder`,
    /// each checked against the identity it had when listed: the shot goes all or none.
    public var companions: [FreedesktopTrash.ShotFile]

    /// The file at `url` (and the `companions` of its shot), checked against `identity` and
    /// `folderIdentity` when given.
    public init(
        key: PhotoKey, url: URL, identity: FileIdentity? = nil, folderIdentity: FileIdentity? = nil,
        companions: [FreedesktopTrash.ShotFile] = []
    ) {
        self.key = key
        self.url = url
        let path = url.localPath?.bytes ?? Array(url.path.utf8)
        let slash = path.lastIndex(of: UInt8(ascii: "/")) ?? -1
        self.folder = slash <= 0 ? [UInt8(ascii: "/")] : Array(path[..<slash])
        self.name = Array(path[(slash + 1)...])
        self.identity = identity
        self.folderIdentity = folderIdentity
        self.companions = companions
    }

    /// Its name as a sentence shows it (``FilePath/escapedText``: `e\xFF.jpg`).
    public var shownName: String { FilePath.escapedText(name) }

    /// Every file's name of its shot as a sentence shows them (`IMG_1.JPG and IMG_1.CR2`); its
    /// own name alone for a photo of one file.
    public var shownNames: String {
        TrashOutcome.listed([shownName] + companions.map { FilePath.escapedText($0.name) })
    }
}

/// What a move to (or from) the Trash did: the files moved, and why the others did not.
public struct TrashOutcome: Sendable {
    /// Each photo moved and its file (a shot's shown file: the JPEG).
    public var moved: [(key: PhotoKey, file: FreedesktopTrash.TrashedFile)]
    public var failures: [String]
    /// The other files of a moved shot (its RAW), by the photo's key; they went with it.
    public var companions: [PhotoKey: [FreedesktopTrash.TrashedFile]]

    public init(
        moved: [(key: PhotoKey, file: FreedesktopTrash.TrashedFile)], failures: [String],
        companions: [PhotoKey: [FreedesktopTrash.TrashedFile]] = [:]
    ) {
        self.moved = moved
        self.failures = failures
        self.companions = companions
    }

    /// "a", "a and b", "a, b and c".
    static func listed(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
