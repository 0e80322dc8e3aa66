import TerminalScreen
import Vocabulary
import FeedSources
import ImageLoading

/// What the user acts on and what is under way: the marked photos, the question waiting for
/// `y`, the originals being saved, and the photos going to or coming back from the Trash.
struct ActionsModel: Sendable {
    /// The marked photos (`t`): `y`, `s`, `o` and `D` act on them all when there are any.
    var marks: Set<PhotoKey> = []
    /// A deletion waiting for `y` (the question is the model's message).
    var confirmation: FeedModel.Confirmation?
    /// The originals being saved (`s`) and how far each has come.
    var saving: [PhotoKey: LoadProgress] = [:]
    /// What the last `D` moved to the Trash, for `u`: each photo's key, the photo, its place in
    /// the feed's order, its file.
    var lastTrashed: [(key: PhotoKey, photo: FeedPhoto, index: Int, file: FreedesktopTrash.TrashedFile)] = []
    /// Photos whose files are being moved to the Trash (the folder's own report of their
    /// going is left to the Trash's outcome, which `u` needs).
    var trashing: Set<PhotoKey> = []

    /// `t` on `key`: marked when it was not, unmarked when it was.
    mutating func toggleMark(_ key: PhotoKey) {
        if marks.remove(key) == nil { marks.insert(key) }
    }

    /// The photos an action applies to: the marked ones `listing` shows (a filter hides the
    /// others: an action never reaches a photo out of sight), in its order; else the focused one.
    func targets(in listing: ListModel) -> [PhotoKey] {
        let positions = listing.positions
        let shown = marks.filter { positions[$0] != nil }
        guard !shown.isEmpty else { return listing.focusedKey.map { [$0] } ?? [] }
        return shown.sorted { positions[$0]! < positions[$1]! }
    }

    /// What the marks' note says.
    var marksNote: String {
        marks.isEmpty ? "no photo marked" : "\(marks.count) marked (y s o D act on them; Esc clears)"
    }

    /// A save came further (a save no longer running stays forgotten).
    mutating func receiveSaveProgress(_ progress: LoadProgress, for key: PhotoKey) {
        if saving[key] != nil { saving[key] = progress }
    }
}
