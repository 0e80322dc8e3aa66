/// The changes of one read of a watcher's events, coalesced per id: a file created, written and
/// closed is one `.added`; added then written again, still `.added` (the latest photo); removed
/// then added again, `.changed`; added then removed, `.removed`. A `.removedFolder` or
/// `.overflow` ends the coalescing (what comes after is kept after it, in order).
///
/// ```swift
/// var batch = FolderChangeBatch()
/// batch.append(.added(photo))
/// batch.append(.changed(rewritten))
/// batch.changes   // [.added(rewritten)]
/// ```
struct FolderChangeBatch: Sendable {
    /// The changes, in order.
    private(set) var changes: [FolderChange] = []
    /// Where each id's change sits in `changes` (since the last folder removal or overflow),
    /// and whether the file existed before its first change in this batch.
    private var slots: [String: (index: Int, existedBefore: Bool)] = [:]

    var isEmpty: Bool { changes.isEmpty }

    mutating func append(_ change: FolderChange) {
        switch change {
        case .added(let photo): merge(photo.id, change, existedBefore: false, exists: true)
        case .changed(let photo): merge(photo.id, change, existedBefore: true, exists: true)
        case .removed(let id): merge(id, change, existedBefore: true, exists: false)
        case .removedFolder, .overflow, .folderGone, .folderBack, .notFollowing:
            changes.append(change)
            slots = [:]
        }
    }

    mutating func append(contentsOf more: [FolderChange]) {
        for change in more { append(change) }
    }

    private mutating func merge(_ id: String, _ change: FolderChange, existedBefore: Bool, exists: Bool) {
        guard let slot = slots[id] else {
            slots[id] = (changes.count, existedBefore)
            changes.append(change)
            return
        }
        switch (exists, change) {
        case (true, .added(let photo)), (true, .changed(let photo)):
            changes[slot.index] = slot.existedBefore ? .changed(photo) : .added(photo)
        default:
            changes[slot.index] = .removed(id: id)
        }
    }
}
