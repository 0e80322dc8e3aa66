import FeedSources
import Foundation
import ImageLoading
import SystemPackage
import Testing
import TerminalGraphics
import TerminalKit
@testable import FeedViewer
import Vocabulary

/// Folder photos with names, sizes and dates, to sort and filter.
private enum OrderPhotos {
    /// (name, bytes, modified): sizes and dates in other orders than the names.
    static let table: [(String, Int, Double)] = [
        ("beach-1.jpg", 300, 40), ("beach-2.jpg", 100, 10), ("city.jpg", 500, 30),
        ("dunes.jpg", 200, 50), ("forest.jpg", 400, 20),
    ]

    static func photos(_ table: [(String, Int, Double)] = table) -> [FeedPhoto] {
        table.map { name, bytes, modified in
            FeedPhoto(
                id: name, author: name, size: PixelSize(width: 400, height: 300),
                origin: .file(directory: URL(fileURLWithPath: "/photos"), name: FilePath(name)),
                file: FeedPhoto.FileFacts(byteCount: bytes, modified: modified))
        }
    }
}

@Suite("Update: O sorts the list and / filters it, the focused photo staying focused")
struct UpdateOrderTests {
    private func harness(screen: CellSize = CellSize(columns: 100, rows: 40), hasMore: Bool = false) -> FeedHarness {
        var harness = FeedHarness(screen: screen, options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(OrderPhotos.photos(), hasMore: hasMore)
        return harness
    }

    @Test func oThenALetterSortsKeepingTheFocusedPhotoAndItsPicture() {
        // Given five photos on screen, all loaded, dunes.jpg focused
        var harness = harness()
        for photo in OrderPhotos.table { harness.deliver(FakeImages.success(), to: photo.0) }
        harness.press("jjj")
        #expect(harness.model.focusedKey?.id == "dunes.jpg")
        // When O is pressed, the status bar asks which order
        #expect(harness.press("O").isEmpty)
        #expect(harness.model.shownMessage == "sort by: n name · m modified · t taken · s size · r random · f feed order")
        // When s answers
        let effects = harness.press("s")
        // Then the list is by size, dunes.jpg still focused, and nothing reloads (every photo is still on screen)
        #expect(harness.model.keys.map(\.id) == ["beach-2.jpg", "dunes.jpg", "beach-1.jpg", "forest.jpg", "city.jpg"])
        #expect(harness.model.focusedKey?.id == "dunes.jpg")
        #expect(!effects.contains { if case .load = $0 { true } else { false } }, "\(effects)")
        #expect(harness.model.keys.allSatisfy { harness.model.picture(of: $0) != nil })
        #expect(harness.text().contains("by size"))
        // When O m, then O f: by modification time, then the feed's order again
        harness.press("Om")
        #expect(harness.model.keys.map(\.id) == ["beach-2.jpg", "forest.jpg", "city.jpg", "beach-1.jpg", "dunes.jpg"])
        harness.press("Of")
        #expect(harness.model.keys.map(\.id) == OrderPhotos.table.map(\.0))
        #expect(harness.model.message == "in the feed's order")
        // And any other key after O keeps the order
        harness.press("Ox")
        #expect(harness.model.message == "kept the order")
        #expect(harness.model.keys.map(\.id) == OrderPhotos.table.map(\.0))
    }

    @Test func aSortMovesLoadsByPhotoNotByPosition() {
        // Given a short screen that shows two photos of five, the first two loading
        var harness = harness(screen: CellSize(columns: 60, rows: 15))
        let visibleBefore = harness.model.visibleKeys.map(\.id)
        #expect(visibleBefore == ["beach-1.jpg", "beach-2.jpg"])
        // When sorted by size (beach-2, dunes, beach-1, forest, city)
        let effects = harness.press("Os")
        // Then beach-1.jpg, focused before, is focused on the same (top) line, forest.jpg below it
        let visibleAfter = harness.model.visibleKeys.map(\.id)
        #expect(visibleAfter == ["beach-1.jpg", "forest.jpg"])
        #expect(harness.model.focusedKey?.id == "beach-1.jpg")
        // And every photo that came on screen has a load
        for id in visibleAfter { #expect(harness.model.loadToken(of: PhotoKey(id: id)) != nil, "\(id)") }
        // And a photo that left the screen and the prefetch window was cancelled (the default policy)
        let left = Set(visibleBefore).subtracting(visibleAfter).filter { !harness.model.isWanted(PhotoKey(id: $0)) }
        for id in left { #expect(effects.contains { if case .cancel(.item(let key)) = $0 { key.id == id } else { false } }) }
    }

    @Test func slashNarrowsAsTypedEnterKeepsNWrapsEscShowsAllOnTheSamePhoto() {
        // Given five photos, the last focused
        var harness = harness()
        harness.press("G")
        // When / is typed, then "be"
        harness.press("/")
        harness.press("be")
        // Then the list narrows as it is typed, the prompt shows the text and the count
        #expect(harness.model.keys.map(\.id) == ["beach-1.jpg", "beach-2.jpg"])
        Golden.assertMatches(harness.text(), named: "filter-prompt.txt")
        // When Enter keeps it, the status bar says how many match
        harness.press(.enter)
        #expect(harness.model.message == "2 matches /be (n N next, Esc shows all)")
        #expect(harness.text().contains("/be"))
        // When n and n again: the next match, then around to the first (the first match took
        // the focus when forest.jpg was filtered out)
        #expect(harness.model.focusedKey?.id == "beach-1.jpg")
        harness.press("n")
        #expect(harness.model.focusedKey?.id == "beach-2.jpg")
        harness.press("n")
        #expect(harness.model.focusedKey?.id == "beach-1.jpg")
        harness.press("N")
        #expect(harness.model.focusedKey?.id == "beach-2.jpg")
        // When Esc: every photo again, beach-2.jpg still focused, and the viewer stays
        #expect(harness.press(.escape).exit == nil)
        #expect(harness.model.keys.count == 5)
        #expect(harness.model.focusedKey?.id == "beach-2.jpg")
    }

    @Test func escClearingTheFilterClearsItsMatchCountAtOnce() {
        // Given "be" kept with Enter: the status bar says 2 match
        var harness = harness()
        harness.press("/")
        harness.press("be")
        harness.press(.enter)
        #expect(harness.model.shownMessage == "2 matches /be (n N next, Esc shows all)")
        // When Esc shows all again, at the same moment
        harness.press(.escape)
        // Then the count is gone from the status bar with the filter, not at the next key
        #expect(harness.model.keys.count == 5)
        #expect(harness.model.shownMessage == nil)
        #expect(!harness.text().contains("2 matches"))
    }

    @Test func escWhileTypingPutsBackTheFilterBeforeAndBackspaceEdits() {
        var harness = harness()
        harness.press("/")
        harness.press("CITY")
        // A word with capitals matches case: nothing is "CITY"
        #expect(harness.model.keys.isEmpty)
        #expect(harness.text().contains("no photo matches /CITY"))
        for _ in 0..<4 { harness.press(.backspace) }
        harness.press("city")
        #expect(harness.model.keys.map(\.id) == ["city.jpg"])
        harness.press(.escape)
        #expect(harness.model.prompt == nil)
        #expect(harness.model.keys.count == 5)
        // Words narrow together (fzf's terms): "b 2" is beach-2 only
        harness.press("/")
        harness.press("b 2")
        #expect(harness.model.keys.map(\.id) == ["beach-2.jpg"])
        // Backspace on an empty prompt closes it, as less does
        for _ in 0..<4 { harness.press(.backspace) }
        #expect(harness.model.prompt == nil)
        #expect(harness.model.keys.count == 5)
    }

    @Test func markedPhotosAFilterHidesAreNotActedOn() {
        var harness = harness()
        harness.press("tt")  // beach-1 and beach-2 marked
        harness.press("/")
        harness.press("beach-2")
        harness.press(.enter)
        let copied = harness.press("y")
        #expect(copied.contains { if case .copyToClipboard(Array("/photos/beach-2.jpg".utf8)) = $0 { true } else { false } }, "\(copied)")
    }

    @Test func aSortReadsEveryPageAndEachPageGoesToItsPlace() {
        // Given a first page with more to come, sorted by size
        var harness = harness(hasMore: true)
        harness.press("jj")
        let asked = harness.press("Os")
        // Then the next page is asked for at once (a sort over part of a feed would change as pages come)
        #expect(harness.model.readsAllPages)
        _ = asked
        // When a page arrives with a smaller and a larger file
        let more = OrderPhotos.photos([("aa.jpg", 50, 1), ("zz.jpg", 900, 2)])
        harness.send(.page(.success(FeedPage(photos: more, summary: "fake", hasMore: false))))
        // Then they are in their places, the focus still on city.jpg, and the reading stops at the end
        #expect(harness.model.keys.map(\.id) == ["aa.jpg", "beach-2.jpg", "dunes.jpg", "beach-1.jpg", "forest.jpg", "city.jpg", "zz.jpg"])
        #expect(harness.model.focusedKey?.id == "city.jpg")
        #expect(!harness.model.readsAllPages)
        #expect(harness.model.message == "by size: all 7 photos")
    }

    @Test func aPhotoMovedToTheTrashLeavesTheOthersPicturesAlone() {
        // Given five loaded photos, city.jpg focused
        var harness = harness()
        for photo in OrderPhotos.table { harness.deliver(FakeImages.success(), to: photo.0) }
        harness.press("jj")
        // When city.jpg goes to the Trash
        let file = FreedesktopTrash.TrashedFile(
            original: URL(fileURLWithPath: "/photos/city.jpg"), trashed: URL(fileURLWithPath: "/t/files/city.jpg"),
            info: URL(fileURLWithPath: "/t/info/city.jpg.trashinfo"))
        let effects = harness.send(.trashed(TrashOutcome(moved: [(PhotoKey(id: "city.jpg"), file)], failures: [])))
        // Then its row goes, the next photo is focused, and no other photo loads again
        #expect(harness.model.keys.map(\.id) == ["beach-1.jpg", "beach-2.jpg", "dunes.jpg", "forest.jpg"])
        #expect(harness.model.focusedKey?.id == "dunes.jpg")
        #expect(!effects.contains { if case .load = $0 { true } else { false } }, "\(effects)")
        #expect(harness.model.keys.allSatisfy { harness.model.picture(of: $0) != nil })
        // When it is put back, it returns to its place and loads (only it)
        let back = harness.send(.restored(TrashOutcome(moved: [(PhotoKey(id: "city.jpg"), file)], failures: [])))
        #expect(harness.model.keys.map(\.id) == OrderPhotos.table.map(\.0))
        let loads = back.compactMap { effect -> String? in if case .load(.item(let key), _, _, _) = effect { key.id } else { nil } }
        #expect(loads == ["city.jpg"])
    }
}

@Suite("Update: a followed folder's changes go to their places")
struct UpdateFolderChangeTests {
    private func harness() -> FeedHarness {
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6))
        options.folderSort = .name
        var harness = FeedHarness(options: options)
        harness.showPage(OrderPhotos.photos())
        for photo in OrderPhotos.table { harness.deliver(FakeImages.success(), to: photo.0) }
        return harness
    }

    @Test func anAddedPhotoGoesToItsPlaceByNameAndTheFocusStaysOnItsPhoto() {
        // Given five photos by name, city.jpg focused
        var harness = harness()
        harness.press("jj")
        // When cave.jpg and zebra.jpg are added
        let new = OrderPhotos.photos([("cave.jpg", 10, 1), ("zebra.jpg", 10, 1)])
        let effects = harness.send(.folderChanged(new.map { .added($0) }))
        // Then they are in name order, city.jpg still focused, and only they load
        #expect(harness.model.keys.map(\.id) == ["beach-1.jpg", "beach-2.jpg", "cave.jpg", "city.jpg", "dunes.jpg", "forest.jpg", "zebra.jpg"])
        #expect(harness.model.focusedKey?.id == "city.jpg")
        #expect(harness.model.message == "folder: 2 added")
        let loads = effects.compactMap { effect -> String? in if case .load(.item(let key), _, _, _) = effect { key.id } else { nil } }
        #expect(loads.sorted() == ["cave.jpg", "zebra.jpg"])
    }

    @Test func aRemovedFocusedPhotoGivesTheFocusToTheNextAndAChangedOneLoadsAgain() {
        var harness = harness()
        harness.press("jj")
        // When the focused city.jpg is deleted
        harness.send(.folderChanged([.removed(id: "city.jpg")]))
        #expect(harness.model.keys.map(\.id) == ["beach-1.jpg", "beach-2.jpg", "dunes.jpg", "forest.jpg"])
        #expect(harness.model.focusedKey?.id == "dunes.jpg")
        // When dunes.jpg is rewritten (another size), its images are forgotten and it loads again
        var rewritten = OrderPhotos.photos([("dunes.jpg", 999, 99)])[0]
        rewritten.size = PixelSize(width: 300, height: 400)
        let effects = harness.send(.folderChanged([.changed(rewritten)]))
        #expect(effects.contains { if case .forgetImages(let url) = $0 { url.path == "/photos/dunes.jpg" } else { false } })
        #expect(effects.contains { if case .load(.item(let key), _, _, _) = $0 { key.id == "dunes.jpg" } else { false } })
        #expect(harness.model.message == "folder: 1 changed")
        // When the same file is reported again unchanged (put back from the Trash), nothing happens
        #expect(harness.send(.folderChanged([.added(rewritten)])).isEmpty)
    }

    @Test func aFileBeingMovedToTheTrashIsLeftToTheTrashsOutcome() {
        var harness = harness()
        harness.press("D")
        harness.press("y")
        // The folder reports the file gone before the Trash's outcome arrives: the row stays for it
        harness.send(.folderChanged([.removed(id: "beach-1.jpg")]))
        #expect(harness.model.keys.count == 5)
        let file = FreedesktopTrash.TrashedFile(
            original: URL(fileURLWithPath: "/photos/beach-1.jpg"), trashed: URL(fileURLWithPath: "/t/files/beach-1.jpg"),
            info: URL(fileURLWithPath: "/t/info/beach-1.jpg.trashinfo"))
        harness.send(.trashed(TrashOutcome(moved: [(PhotoKey(id: "beach-1.jpg"), file)], failures: [])))
        #expect(harness.model.keys.count == 4)
        // And u still puts it back
        #expect(harness.press("z").contains { if case .restoreFromTrash = $0 { true } else { false } })
    }
}

@Suite("Update: sort and filter in the grid")
struct UpdateGridOrderTests {
    @Test func theGridFiltersAndSortsLikeTheListKeepingTheFocus() {
        // Given five photos in a grid of 3 columns, dunes.jpg focused (second line)
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), layout: .grid, gridColumns: 3)
        options.folderSort = .name
        var harness = FeedHarness(screen: CellSize(columns: 100, rows: 40), options: options)
        harness.showPage(OrderPhotos.photos())
        harness.press("j")
        #expect(harness.model.focusedKey?.id == "dunes.jpg")
        // When sorted by size: dunes.jpg (200) is second, and still focused
        harness.press("Os")
        #expect(harness.model.keys.map(\.id) == ["beach-2.jpg", "dunes.jpg", "beach-1.jpg", "forest.jpg", "city.jpg"])
        #expect(harness.model.focusedKey?.id == "dunes.jpg")
        // When filtered to "beach", the grid shows the two beaches and the prompt
        harness.press("/")
        harness.press("beach")
        #expect(harness.model.keys.map(\.id) == ["beach-2.jpg", "beach-1.jpg"])
        #expect(harness.text().contains("2 of 5"))
        // h/l move sideways among the matches
        harness.press(.enter)
        harness.press("l")
        #expect(harness.model.focusedKey?.id == "beach-1.jpg")
    }
}
