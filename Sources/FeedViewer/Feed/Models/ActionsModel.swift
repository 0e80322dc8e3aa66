import TerminalScreen
import Vocabulary
import FeedSources
import ImageLoading

/// What the user acts on and what is under way: the marked photos, the question waiting for
/// `y`, the originals being saved, and the photos going to or coming back from the Trash.
///
/// Its state changes only through its own methods: the parent asks, the model decides.
///
/// ```swift
/// var actions = ActionsModel()
/// actions.toggleMark(key)                   // marked
/// actions.ask(.trash(requests))             // the question waits for `y`
/// let pending = actions.takeConfirmation()  // answered: the question is gone
/// ```
struct ActionsModel: Sendable {
    /// A photo moved to the Trash by the last `D`: its key, the photo, its place in the feed's
    /// order, its file, and the other files of its shot (its RAW; none for a photo of one file).
    typealias Trashed = (
        key: PhotoKey, photo: FeedPhoto, index: Int, file: FreedesktopTrash.TrashedFile,
        companions: [FreedesktopTrash.TrashedFile]
    )

    /// The marked photos (`t`): `y`, `s`, `o` and `D` act on them all when there are any.
    private(set) var marks: Set<PhotoKey> = []
    /// A deletion waiting for `y` (the question is the model's message).
    private(set) var confirmation: FeedConfirmation?
    /// The originals being saved (`s`) and how far each has come.
    private(set) var saving: [PhotoKey: LoadProgress] = [:]
    /// What the last `D` moved to the Trash, for `z`.
    private(set) var lastTrashed: [Trashed] = []
    /// Photos whose files are being moved to the Trash (the folder's own report of their
    /// going is left to the Trash's outcome, which `z` needs).
    private(set) var trashing: Set<PhotoKey> = []

    // MARK: Marks

    /// `t` on `key`: marked when it was not, unmarked when it was.
    mutating func toggleMark(_ key: PhotoKey) {
        if marks.remove(key) == nil { marks.insert(key) }
    }

    /// `T`: every one of `keys` marked that was not, and unmarked that was.
    mutating func invertMarks(among keys: [PhotoKey]) {
        marks = Set(keys).subtracting(marks)
    }

    /// Esc with marks: none marked.
    mutating func clearMarks() { marks = [] }

    /// Photos that left the feed are no longer marked.
    mutating func forget(_ removed: Set<PhotoKey>) { marks.subtract(removed) }

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

    // MARK: Questions

    /// A deletion asks first: `pending` waits for the answer.
    mutating func ask(_ pending: FeedConfirmation) { confirmation = pending }

    /// A key answered the question: it is gone, whatever the answer.
    mutating func takeConfirmation() -> FeedConfirmation? {
        defer { confirmation = nil }
        return confirmation
    }

    // MARK: Saves

    /// `s` on `key`: true when its save starts, false when one is already under way.
    mutating func startSaving(_ key: PhotoKey) -> Bool {
        guard saving[key] == nil else { return false }
        saving[key] = LoadProgress()
        return true
    }

    /// A save came further (a save no longer running stays forgotten).
    mutating func receiveSaveProgress(_ progress: LoadProgress, for key: PhotoKey) {
        if saving[key] != nil { saving[key] = progress }
    }

    /// The save of `key` ended.
    mutating func finishSaving(_ key: PhotoKey) { saving[key] = nil }

    // MARK: Trash

    /// `y` to `D`: these photos' files are on their way to the Trash.
    mutating func startTrashing(_ keys: [PhotoKey]) { trashing.formUnion(keys) }

    /// The Trash answered: nothing is on its way any more, and `moved` is what `z` puts back.
    mutating func finishTrashing(_ moved: [Trashed]) {
        trashing = []
        lastTrashed = moved
    }

    /// Files came back from the Trash: the entries of those files, in the feed's order; `z`
    /// no longer offers them.
    mutating func restore(_ files: Set<FreedesktopTrash.TrashedFile>) -> [Trashed] {
        let returning = lastTrashed.filter { files.contains($0.file) }.sorted { $0.index < $1.index }
        lastTrashed.removeAll { files.contains($0.file) }
        return returning
    }
}
