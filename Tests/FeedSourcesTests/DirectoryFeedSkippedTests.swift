@testable import FeedSources
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What a folder walk leaves out is said in the feed's summary, each kind the same way: links
/// out of the folder, folders on another file system, and folders that cannot be read.
@Suite("Directory feed: what the walk skipped is said")
struct DirectoryFeedSkippedTests {
    @Test func anUnreadableFolderIsSaidAsASkippedLinkIs() {
        // Given a walk that skipped a link and could not read one sub-folder
        var skipped = FolderWalk.Skipped()
        skipped.linksOutOfFolder = 1
        skipped.unreadable(Array("2024/private".utf8), code: EACCES)
        // Then both are notes of the same shape, the folder named with the system's reason
        #expect(
            DirectoryFeed.notes(skipped) == [
                "skipped 1 link out of the folder",
                "skipped 1 folder that cannot be read (2024/private: permission denied)",
            ])
    }

    @Test func severalUnreadableFoldersAreCountedAndTheFirstIsNamed() {
        // Given three sub-folders that could not be read, one of them with a name that is not UTF-8
        var skipped = FolderWalk.Skipped()
        skipped.unreadable([0x65, 0xFF], code: EACCES)
        skipped.unreadable(Array("b".utf8), code: EIO)
        skipped.unreadable(Array("c".utf8), code: EACCES)
        // Then the count, and the first one by its bytes
        #expect(DirectoryFeed.notes(skipped) == ["skipped 3 folders that cannot be read (the first: e\\xFF: permission denied)"])
    }
}
