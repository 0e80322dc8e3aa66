import FeedSources
import Foundation
import ImageLoading
import TerminalKit
import Testing
import Vocabulary

@testable import FeedViewer

/// The actions on their own: marks, the question waiting for `y`, the Trash and the saves,
/// driven through ``ActionsModel/update(_:)`` with no feed model around them.
@Suite("Actions model")
struct ActionsModelTests {
    private static func items(_ names: [String]) -> FeedItems {
        var items = FeedItems()
        for name in names {
            let url = URL(fileURLWithPath: "/photos/\(name)")
            items.append(FeedPhoto(id: name, author: name, size: nil, origin: .original(url)), as: PhotoKey(id: name))
        }
        return items
    }

    private static func trashedFile(_ name: String) -> FreedesktopTrash.TrashedFile {
        FreedesktopTrash.TrashedFile(
            original: URL(fileURLWithPath: "/photos/\(name)"), trashed: URL(fileURLWithPath: "/trash/files/\(name)"),
            info: URL(fileURLWithPath: "/trash/info/\(name).trashinfo"))
    }

    @Test func tMarksTheFocusedPhotoAndAsksTheListToMoveOn() {
        // Given no marks
        var actions = ActionsModel()
        let key = PhotoKey(id: "a")

        // When `t` marks the focused photo
        let reply = actions.update(.toggleMark(key))

        // Then it is marked, the note says so, and the list is asked to move on
        #expect(actions.marks == [key])
        #expect(reply.notes == ["1 marked (y s o D act on them; Esc clears)"])
        guard case .moveFocus(1)? = reply.requests.first else {
            Issue.record("expected a move of the focus, got \(reply.requests)")
            return
        }

        // When `t` again on no photo, nothing happens
        let none = actions.update(.toggleMark(nil))
        #expect(none.sayings.isEmpty && none.requests.isEmpty && actions.marks == [key])
    }

    @Test func tInvertsAndEscClearsTheMarks() {
        // Given one of three photos marked
        var actions = ActionsModel()
        let keys = ["a", "b", "c"].map { PhotoKey(id: $0) }
        _ = actions.update(.toggleMark(keys[0]))

        // When `T` inverts them
        _ = actions.update(.invertMarks(among: keys))

        // Then the other two are marked
        #expect(actions.marks == [keys[1], keys[2]])

        // When Esc clears them
        let reply = actions.update(.clearMarks)
        #expect(actions.marks.isEmpty)
        #expect(reply.notes == ["marks cleared"])
    }

    @Test func dAsksFirstAndYMovesTheFilesToTheTrash() throws {
        // Given a folder's photo
        var actions = ActionsModel()
        let key = PhotoKey(id: "a.jpg")

        // When `D` asks
        let asked = actions.update(.askToTrash([key], items: Self.items(["a.jpg"]), feedName: "folder"))

        // Then the question names the file and waits
        #expect(asked.sayings == [.message("Move a.jpg to the Trash? y moves it, any other key keeps it")])
        #expect(asked.effects.isEmpty)
        guard case .trash(let requests)? = actions.confirmation else {
            Issue.record("no question waits")
            return
        }

        // When `y` answers
        let answered = actions.update(.answer(.character("y")))

        // Then the file goes, and the question is gone
        #expect(actions.confirmation == nil)
        #expect(actions.trashing == [key])
        #expect(answered.notes == ["moving a.jpg to the Trash…"])
        guard case .trash(let sent)? = answered.effects.first else {
            Issue.record("expected a .trash effect, got \(answered.effects)")
            return
        }
        #expect(sent == requests)
    }

    @Test func anyOtherKeyKeepsEverything() {
        // Given the caches' question waiting
        var actions = ActionsModel()
        let sizes = CacheSizes(memoryImages: 2, memoryBytes: 2048, diskBytes: nil)
        let asked = actions.update(.askToClearCaches(sizes))
        #expect(asked.sayings == [.message("Clear 2 images (\(ByteCountFormat.string(2048))) in memory? y clears, any other key keeps them")])

        // When `n` answers
        let reply = actions.update(.answer(.character("n")))

        // Then nothing is cleared and the question is gone
        #expect(reply.effects.isEmpty)
        #expect(reply.sayings == [.message("kept the caches")])
        #expect(actions.confirmation == nil)

        // And a key with no question waiting does nothing
        #expect(actions.update(.answer(.character("y"))).effects.isEmpty)
    }

    @Test func dOnAWebPhotoSaysOnlyFilesGo() {
        // Given a web photo focused
        var actions = ActionsModel()
        var items = FeedItems()
        let key = PhotoKey(id: "1")
        items.append(FeedPhoto(id: "1", author: "a", size: nil, origin: .original(URL(string: "https://example.com/1.jpg"))), as: key)

        // When `D` asks, and when nothing is focused
        let web = actions.update(.askToTrash([key], items: items, feedName: "urls"))
        let none = actions.update(.askToTrash([], items: items, feedName: "urls"))

        // Then no question waits, and the notes say why
        #expect(actions.confirmation == nil)
        #expect(web.notes == ["only files of a folder go to the Trash (this photo comes from urls)"])
        #expect(none.notes == ["nothing to move to the Trash: no photo focused"])
    }

    @Test func theTrashedPhotosLeaveAndUPutsThemBack() {
        // Given two photos moved to the Trash
        var actions = ActionsModel()
        let items = Self.items(["a.jpg", "b.jpg"])
        let (a, b) = (PhotoKey(id: "a.jpg"), PhotoKey(id: "b.jpg"))
        let files = [Self.trashedFile("a.jpg"), Self.trashedFile("b.jpg")]
        let moved = actions.update(.trashed(TrashOutcome(moved: [(a, files[0]), (b, files[1])], failures: []), items: items))

        // Then they are asked to leave the feed, and `u` is offered
        #expect(moved.notes == ["moved 2 photos to the Trash (z puts them back)"])
        guard case .removePhotos(let removed)? = moved.requests.first else {
            Issue.record("expected the photos to leave, got \(moved.requests)")
            return
        }
        #expect(removed == [a, b])

        // When `u` asks, and the Trash gives one back
        let undo = actions.update(.undoTrash)
        #expect(undo.effects.count == 1)
        let restored = actions.update(.restored(TrashOutcome(moved: [(b, files[1])], failures: ["a.jpg: gone"])))

        // Then that one comes back at its place, and `u` offers only the other
        #expect(restored.notes == ["put back b.jpg; a.jpg: gone"])
        guard case .restorePhotos(let entries)? = restored.requests.first else {
            Issue.record("expected the photo to come back, got \(restored.requests)")
            return
        }
        #expect(entries.map(\.key) == [b] && entries.map(\.index) == [1])
        #expect(actions.lastTrashed.map(\.key) == [a])
    }

    @Test func uWithNothingTrashedSaysSo() {
        var actions = ActionsModel()
        let reply = actions.update(.undoTrash)
        #expect(reply.effects.isEmpty)
        #expect(reply.notes == ["nothing to put back from the Trash"])
    }

    @Test func aSaveCountsItsProgressUntilItEnds() {
        // Given a save under way
        var actions = ActionsModel()
        let key = PhotoKey(id: "1")
        let started = actions.startSaving(key)
        #expect(started)

        // When it comes further, then ends
        _ = actions.update(.saveProgress(key, LoadProgress(completed: 10, total: 20)))
        #expect(actions.saving[key] == LoadProgress(completed: 10, total: 20))
        let reply = actions.update(.saved(key, "saved 1.jpg"))

        // Then it is no longer under way, and its progress after the end is forgotten
        #expect(actions.saving.isEmpty)
        #expect(reply.notes == ["saved 1.jpg"])
        _ = actions.update(.saveProgress(key, LoadProgress(completed: 20, total: 20)))
        #expect(actions.saving.isEmpty)
    }

    @Test func yCopiesThePathsOfTheTargetsAsShellWords() {
        // Given two photos from files
        var actions = ActionsModel()
        let items = Self.items(["a.jpg", "b c.jpg"])
        let targets: [ActionsModel.Target] = items.feedOrder.map { ($0, items.photo(of: $0)) }

        // When `y` copies them
        let reply = actions.update(.copy(targets))

        // Then both paths go to the clipboard, quoted, and the note counts them
        #expect(reply.notes == ["copied 2 paths (if the terminal allows OSC 52)"])
        guard case .copyToClipboard(let bytes)? = reply.effects.first, reply.effects.count == 1 else {
            Issue.record("expected one copy, got \(reply.effects)")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "/photos/a.jpg '/photos/b c.jpg'")
    }

    @Test func nothingIsCopiedOrOpenedWithNoPhotoFocused() {
        // Given no target
        var actions = ActionsModel()

        // When `y` and `o` are pressed
        let copy = actions.update(.copy([]))
        let open = actions.update(.open([]))

        // Then each says so and does nothing
        #expect(copy.notes == ["nothing to copy: no photo focused"] && copy.effects.isEmpty)
        #expect(open.notes == ["nothing to open: no photo focused"] && open.effects.isEmpty)
    }

    @Test func sSavesAWebPhotosOriginalOnceAndRefusesAFile() {
        // Given a web photo and a file
        var actions = ActionsModel()
        let web = FeedPhoto(id: "w", author: "w", size: nil, origin: .original(URL(string: "https://example.com/pics/w.jpg")!))
        let file = Self.items(["f.jpg"])
        let webKey = PhotoKey(id: "w")

        // When `s` saves the web photo, then again while it saves
        let first = actions.update(.save([(webKey, web)], folder: nil))
        let again = actions.update(.save([(webKey, web)], folder: nil))

        // Then it saves once, under its own name
        guard case .saveOriginal(webKey, _, name: "w", folder: nil)? = first.effects.first, first.effects.count == 1 else {
            Issue.record("expected one save, got \(first.effects)")
            return
        }
        #expect(first.notes == ["saving 1 original…"] && actions.saving[webKey] != nil)
        #expect(again.effects.isEmpty && again.notes == ["already saving it"])

        // When `s` is pressed on the file
        let refused = actions.update(.save(file.feedOrder.map { ($0, file.photo(of: $0)) }, folder: nil))

        // Then it says the file is one already
        #expect(refused.effects.isEmpty && refused.notes == ["/photos/f.jpg is a file already"])
    }
}

