import FeedSources
import FoundationEssentials
import FoundationExtras
import ImageLoading
import SystemPackage
import TerminalKit
import Vocabulary

/// The actions' own messages: marks (`t`, `T`, Esc), the question waiting for `y` (`D`, `C`)
/// and its answer, the Trash's outcomes (`D`, `z`), the paths and URLs copied (`y`) and opened
/// (`o`), and the originals saved (`s`) and their progress.
///
/// ```swift
/// var actions = ActionsModel()
/// var reply = actions.update(.toggleMark(key))            // marked; asks the list to move on
/// reply = actions.update(.askToTrash([key], items: items, feedName: "folder"))   // the question
/// reply = actions.update(.answer(.character("y")))        // [.trash(requests)]
/// ```
extension ActionsModel {
    /// What the actions are told.
    enum Message: Sendable {
        /// `t` on the focused photo (nil: none).
        case toggleMark(PhotoKey?)
        /// `T`: among the photos the list shows.
        case invertMarks(among: [PhotoKey])
        /// Esc with marks.
        case clearMarks
        /// `D` on `targets` (their photos in `items`; a photo of another feed than a folder's
        /// names the feed).
        case askToTrash([PhotoKey], items: FeedItems, feedName: String)
        /// The caches were measured after `C`: ask whether to clear them.
        case askToClearCaches(CacheSizes)
        /// A key while a question waits: `y` does what it asked, any other key keeps everything.
        case answer(Key)
        /// The Trash moved (some of) the files; `items` holds their photos and the feed's order.
        case trashed(TrashOutcome, items: FeedItems)
        /// The undo key (`z`), when the Trash move is the newest step.
        case undoTrash
        /// Files came back from the Trash.
        case restored(TrashOutcome)
        /// `y`: the targets' paths or URLs to the clipboard.
        case copy([Target])
        /// `o`: the targets opened by the desktop's program.
        case open([Target])
        /// `s`: the targets' originals saved into `folder` (nil: the default).
        case save([Target], folder: URL?)
        /// A save came further.
        case saveProgress(PhotoKey, LoadProgress)
        /// A save ended, `text` says how.
        case saved(PhotoKey, String)
    }

    /// What the actions ask of the rest of the model.
    enum Request: Sendable {
        /// The focus moves by `delta` (after `t`).
        case moveFocus(Int)
        /// These photos left the feed (moved to the Trash).
        case removePhotos(Set<PhotoKey>)
        /// These photos came back, at their places in the feed's order; the first takes the focus.
        case restorePhotos([Trashed])
        /// The Trash move can be taken back by the undo key.
        case rememberTrash
    }

    /// Applies `message`: the effects, what the status bar says, what the rest of the model does.
    mutating func update(_ message: Message) -> ModelReply<Request> {
        var reply = ModelReply<Request>()
        switch message {
        case .toggleMark(let key):
            guard let key else { break }
            toggleMark(key)
            reply.note(marksNote)
            reply.ask(.moveFocus(1))
        case .invertMarks(let keys):
            invertMarks(among: keys)
            reply.note(marksNote)
        case .clearMarks:
            clearMarks()
            reply.note("marks cleared")
        case .askToTrash(let targets, let items, let feedName):
            askToTrash(targets, items: items, feedName: feedName, reply: &reply)
        case .askToClearCaches(let sizes):
            ask(.clearAllCaches(sizes))
            let memory = "\(sizes.memoryImages) images (\(ByteCountFormat.string(Int64(sizes.memoryBytes)))) in memory"
            let disk = sizes.diskBytes.map { " and \(ByteCountFormat.string(Int64($0))) on disk" } ?? ""
            reply.say("Clear \(memory)\(disk)? y clears, any other key keeps them")
        case .answer(let key):
            answer(with: key, reply: &reply)
        case .trashed(let outcome, let items):
            receiveTrashed(outcome, items: items, reply: &reply)
        case .undoTrash:
            if lastTrashed.isEmpty {
                reply.note("nothing to put back from the Trash")
            } else {
                reply.effects.append(.restoreFromTrash(lastTrashed.map { [$0.file] + $0.companions }))
            }
        case .restored(let outcome):
            let returning = restore(Set(outcome.moved.map(\.file)))
            var parts: [String] = []
            if !returning.isEmpty {
                parts.append("put back \(returning.count == 1 ? Self.names(returning[0]) : "\(returning.count) photos")")
            }
            parts += outcome.failures
            reply.note(parts.joined(separator: "; "))
            if !returning.isEmpty { reply.ask(.restorePhotos(returning)) }
        case .copy(let targets):
            copy(targets, reply: &reply)
        case .open(let targets):
            open(targets, reply: &reply)
        case .save(let targets, let folder):
            save(targets, folder: folder, reply: &reply)
        case .saveProgress(let key, let progress):
            receiveSaveProgress(progress, for: key)
        case .saved(let key, let text):
            finishSaving(key)
            reply.note(text)
        }
        return reply
    }

    /// `D`: asks before moving the targets' files (only local files go).
    private mutating func askToTrash(
        _ targets: [PhotoKey], items: FeedItems, feedName: String, reply: inout ModelReply<Request>
    ) {
        guard !targets.isEmpty else {
            reply.note("nothing to move to the Trash: no photo focused")
            return
        }
        var requests: [TrashRequest] = []
        for key in targets {
            guard let photo = items[key]?.photo else { continue }
            // The file's bytes, percent-encoded in its URL (a name that is not UTF-8 is its own file).
            guard let path = photo.filePath, let url = URL(fileAt: path) else { continue }
            // A shot's other files (its RAW) go with it, each checked as it was listed.
            let companions = (photo.shot?.companions ?? []).map { companion in
                FreedesktopTrash.ShotFile(name: companion.name.lastComponent.map { FilePath(root: nil, components: $0).bytes } ?? [], identity: companion.file.identity)
            }
            requests.append(
                TrashRequest(
                    key: key, url: url, identity: photo.file?.identity, folderIdentity: photo.file?.folder, companions: companions))
        }
        guard !requests.isEmpty else {
            reply.note("only files of a folder go to the Trash (this photo comes from \(feedName))")
            return
        }
        ask(.trash(requests))
        let names = requests.map(\.shownNames)
        let what = names.count == 1
            ? names[0] : "\(names.count) photos (\(names.prefix(3).joined(separator: ", "))\(names.count > 3 ? ", …" : ""))"
        reply.say("Move \(what) to the Trash? y moves \(names.count == 1 ? "it" : "them"), any other key keeps \(names.count == 1 ? "it" : "them")")
    }

    /// A trashed photo's files as a sentence names them: `IMG_1.JPG and IMG_1.CR2`.
    static func names(_ trashed: Trashed) -> String {
        TrashOutcome.listed(([trashed.file] + trashed.companions).map(\.shownName))
    }

    /// The key that answers the waiting question (none waiting: nothing happens).
    private mutating func answer(with key: Key, reply: inout ModelReply<Request>) {
        guard let pending = takeConfirmation() else { return }
        guard key == .character("y") || key == .character("Y") else {
            switch pending {
            case .clearAllCaches: reply.say("kept the caches")
            case .trash: reply.say("kept it")
            }
            return
        }
        switch pending {
        case .clearAllCaches:
            reply.note("memory and disk caches cleared")
            reply.effects.append(.clearAllCaches)
        case .trash(let files):
            reply.note("moving \(files.count == 1 ? files[0].shownNames : "\(files.count) photos") to the Trash…")
            startTrashing(files.map(\.key))
            reply.effects.append(.trash(files))
        }
    }

    /// The files moved: their photos leave the feed; `z` can put them back.
    private mutating func receiveTrashed(_ outcome: TrashOutcome, items: FeedItems, reply: inout ModelReply<Request>) {
        let moved = Set(outcome.moved.map(\.key))
        finishTrashing(outcome.moved.compactMap { entry in
            guard let index = items.feedOrder.firstIndex(of: entry.key), let photo = items[entry.key]?.photo else { return nil }
            return (entry.key, photo, index, entry.file, outcome.companions[entry.key] ?? [])
        })
        var parts: [String] = []
        if !moved.isEmpty {
            let first = outcome.moved[0]
            let what = moved.count == 1
                ? TrashOutcome.listed(([first.file] + (outcome.companions[first.key] ?? [])).map(\.shownName)) : "\(moved.count) photos"
            parts.append("moved \(what) to the Trash (z puts \(moved.count == 1 ? "it" : "them") back)")
        }
        parts += outcome.failures
        reply.note(parts.joined(separator: "; "))
        if !moved.isEmpty {
            reply.ask(.removePhotos(moved))
            reply.ask(.rememberTrash)
        }
    }
}
