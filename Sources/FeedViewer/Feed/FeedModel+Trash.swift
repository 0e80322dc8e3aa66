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

/// `D` and `u`: the focused photo's file to the freedesktop.org Trash after a question naming
/// it, and back. Only local files go (a folder feed's, a URL list's file URLs); the rows of moved files leave the list (the
/// focus stays at its place), and come back at their places on `u`.
extension FeedModel {
    /// `D`: asks before moving the marked photos' (else the focused photo's) files.
    mutating func askToTrash() {
        let targets = actionTargets
        guard !targets.isEmpty else {
            note("nothing to move to the Trash: no photo focused")
            return
        }
        var requests: [TrashRequest] = []
        for key in targets {
            guard let photo = photo(key) else { continue }
            // The file's bytes, percent-encoded in its URL (a name that is not UTF-8 is its own file).
            guard let path = photo.filePath, let url = URL(fileAt: path) else { continue }
            requests.append(TrashRequest(key: key, url: url, identity: photo.file?.identity, folderIdentity: photo.file?.folder))
        }
        guard !requests.isEmpty else {
            note("only files of a folder go to the Trash (this photo comes from \(feedName))")
            return
        }
        actions.ask(.trash(requests))
        let names = requests.map(\.shownName)
        let what = names.count == 1
            ? names[0] : "\(names.count) photos (\(names.prefix(3).joined(separator: ", "))\(names.count > 3 ? ", …" : ""))"
        message = "Move \(what) to the Trash? y moves \(names.count == 1 ? "it" : "them"), any other key keeps \(names.count == 1 ? "it" : "them")"
    }

    /// The files moved: their rows leave; `u` can put them back.
    mutating func receiveTrashed(_ outcome: TrashOutcome) -> [FeedEffect] {
        let moved = Set(outcome.moved.map(\.key))
        actions.finishTrashing(outcome.moved.compactMap { entry in
            guard let index = items.feedOrder.firstIndex(of: entry.key), let photo = photo(entry.key) else { return nil }
            return (entry.key, photo, index, entry.file)
        })
        var parts: [String] = []
        if !moved.isEmpty {
            let what = moved.count == 1 ? outcome.moved[0].file.shownName : "\(moved.count) photos"
            parts.append("moved \(what) to the Trash (u puts \(moved.count == 1 ? "it" : "them") back)")
        }
        parts += outcome.failures
        note(parts.joined(separator: "; "))
        guard !moved.isEmpty else { return [] }
        return removePhotos(moved)
    }

    /// `u`: puts back what the last `D` moved.
    mutating func undoTrash() -> [FeedEffect] {
        guard !lastTrashed.isEmpty else {
            note("nothing to put back from the Trash")
            return []
        }
        return [.restoreFromTrash(lastTrashed.map(\.file))]
    }

    /// The files put back: their rows return to their places.
    mutating func receiveRestored(_ outcome: TrashOutcome) -> [FeedEffect] {
        let returning = actions.restore(Set(outcome.moved.map(\.file)))
        var parts: [String] = []
        if !returning.isEmpty {
            parts.append("put back \(returning.count == 1 ? returning[0].file.shownName : "\(returning.count) photos")")
        }
        parts += outcome.failures
        note(parts.joined(separator: "; "))
        guard !returning.isEmpty else { return [] }
        for entry in returning where !items.contains(entry.key) {
            insertPhoto(entry.photo, as: entry.key, atFeedIndex: entry.index)
        }
        return arrange(focus: returning[0].key)
    }
}
