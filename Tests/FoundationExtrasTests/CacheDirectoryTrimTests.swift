import Foundation
import FoundationExtras
import Testing

/// A cache's own folders trimmed least recently used first, and photofeed's default folder
/// taken whatever else it holds.
@Suite("Cache directory trimming and the default folder")
struct CacheDirectoryTrimTests {
    static func isOwn(_ name: String) -> Bool { name.hasPrefix("entry-") }

    /// A folder with `entry-0` … `entry-<count-1>` of 100 bytes, `entry-n` used n minutes ago, and a user's file.
    static func folder(entries count: Int) throws -> CacheDirectory {
        let path = try CacheDirectoryTests.scratch()
        for index in 0..<count {
            let file = path + "/entry-\(index)"
            try Data(count: 100).write(to: URL(fileURLWithPath: file))
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(Double(-60 * index))], ofItemAtPath: file)
        }
        try Data(count: 5000).write(to: URL(fileURLWithPath: path + "/mine.iso"))
        return try #require(try CacheDirectory.existing(path))
    }

    @Test func aTrimTakesTheLeastRecentlyUsedOwnFilesDownToItsTarget() throws {
        // Given ten own files of 100 bytes and a user's 5000-byte file
        let folder = try Self.folder(entries: 10)
        // When it is trimmed to at most 500 bytes, down to 80 % of that
        let trimming = folder.trim(toAtMost: 500, target: 0.8, where: Self.isOwn)
        // Then the six least recently used went, the four newest and the user's file stayed
        #expect(trimming.files == 6 && trimming.bytes == 600 && trimming.keptFiles == 4 && trimming.keptBytes == 400)
        #expect(Set(folder.files { _ in true }.map(\.name)) == ["entry-0", "entry-1", "entry-2", "entry-3", "mine.iso"])
    }

    @Test func aTrimByAgeTakesOnlyWhatWasNotUsedSince() throws {
        // Given ten own files used 0 … 9 minutes ago
        let folder = try Self.folder(entries: 10)
        // When those not used within the last 4.5 minutes go
        let cutoff = Int((Date().timeIntervalSince1970 - 270) * 1_000_000_000)
        let trimming = folder.trim(olderThan: cutoff, where: Self.isOwn)
        // Then the five older went
        #expect(trimming.files == 5)
        #expect(folder.usage(where: Self.isOwn).files == 5)
        // And removing all leaves the user's file alone
        folder.removeAll(where: Self.isOwn)
        #expect(folder.files { _ in true }.map(\.name) == ["mine.iso"])
    }

    @Test func photofeedsDefaultFolderIsTakenWhateverElseItHolds() throws {
        // Given a home whose default cache folder (~/.cache/photofeed) holds a user's file and a lock
        let home = try CacheDirectoryTests.scratch()
        let folder = home + "/.cache/photofeed"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        try Data().write(to: URL(fileURLWithPath: folder + "/thumbnail-writer.lock"))
        // When it is claimed with that home, and the same files in another folder are
        let claimed = try CacheDirectory.claim(folder, creating: true, isOwn: Self.isOwn, environment: ["HOME": home])
        let other = try CacheDirectoryTests.scratch()
        try Data("mine".utf8).write(to: URL(fileURLWithPath: other + "/notes.txt"))
        // Then the default folder is taken (and tagged), the user's file left; another folder is refused
        #expect(claimed?.isTagged == true)
        #expect(FileManager.default.fileExists(atPath: folder + "/notes.txt"))
        #expect(throws: CacheDirectoryError.self) {
            _ = try CacheDirectory.claim(other, creating: true, isOwn: Self.isOwn, environment: ["HOME": home])
        }
    }
}
