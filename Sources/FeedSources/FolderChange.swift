/// One change to a watched folder, as ``FolderWatcher`` reports it, with the ids and photos a
/// ``DirectoryFeed`` of the same folder and options gives.
///
/// `.added` and `.changed` both carry the photo as it is now: a viewer inserts or replaces it by
/// id (a file replaced by a rename arrives as `.added` of an id it may already list). `.removed`
/// may name an id it never listed (a file that was no image): it ignores that.
///
/// ```swift
/// for await batch in watcher.changes {
///     for change in batch {
///         switch change {
///         case .added(let photo), .changed(let photo): rows.upsert(photo)
///         case .removed(let id): rows.remove(id: id)
///         case .removedFolder(let path): rows.removeAll { $0.id.hasPrefix(path + "/") }
///         case .folderGone: rows.removeAll()
///         case .folderBack, .notFollowing(_): say(change)
///         case .overflow: reloadTheWholeFolder()
///         }
///     }
/// }
/// ```
public enum FolderChange: Sendable, Hashable {
    /// A photo appeared: a file written and closed, moved in, linked, or found in a new sub-folder.
    case added(FeedPhoto)
    /// A photo already there was written again.
    case changed(FeedPhoto)
    /// The file with this id was deleted or moved away (or rewritten into something that is no image).
    case removed(id: String)
    /// A sub-folder (this path relative to the watched folder) was deleted or moved away: every
    /// photo whose id starts with `path + "/"` is gone.
    case removedFolder(path: String)
    /// The watched folder itself (at `path`) was deleted (`moved` false) or moved or renamed
    /// away (`moved` true): none of its photos is at its listed path any more, and nothing in
    /// it is followed until a folder is at `path` again.
    case folderGone(path: String, moved: Bool)
    /// A folder is at the watched folder's `path` again (made, or moved back): it is followed,
    /// and the photos in it come as `.added` after this.
    case folderBack(path: String)
    /// Some folders could not be followed (inotify's limit, or another refusal): changes in
    /// them are not seen.
    case notFollowing(FolderWatchShortfall)
    /// The system dropped events (its queue overflowed): changes were missed, and the folder
    /// should be read again.
    case overflow
}
