import Foundation
import FoundationExtras
import Testing

/// A cache folder: taken only when photofeed made it or it holds nothing but the cache's own
/// files, `/` and the home folder never; files found and removed without following links.
@Suite("Cache directory")
struct CacheDirectoryTests {
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cache-directory-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The cache of these tests names its files `entry-<n>`.
    static func isOwn(_ name: String) -> Bool { name.hasPrefix("entry-") }

    static func write(_ path: String, _ bytes: Int = 10) throws {
        try Data(count: bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func aFolderOfSomeoneElsesFilesIsRefusedNamingThemAndLeftAsItWas() throws {
        // Given a folder holding five files that are not the cache's, and one that is
        let folder = try Self.scratch()
        for name in ["notes.txt", "big.iso", "thesis.docx", "holiday.png", "zz", "entry-1"] { try Self.write(folder + "/" + name) }
        // When it is claimed as the cache's
        let error = #expect(throws: CacheDirectoryError.self) {
            _ = try CacheDirectory.claim(folder, creating: true, isOwn: Self.isOwn, environment: [:])
        }
        // Then it is refused with the first three foreign names (sorted) and how many more
        #expect(
            error?.description
                == "\(folder) holds files photofeed did not write (big.iso, holiday.png, notes.txt and 2 more); give an empty or new folder")
        // And nothing was written there
        #expect(!FileManager.default.fileExists(atPath: folder + "/CACHEDIR.TAG"))
    }

    @Test func anEmptyNewOrOwnOnlyFolderIsTaggedThenTakenAsItIs() throws {
        // Given an empty folder, a path not made yet, and a folder holding only the cache's files
        let empty = try Self.scratch()
        let new = try Self.scratch() + "/a/b"
        let own = try Self.scratch()
        try Self.write(own + "/entry-1")
        for folder in [empty, new, own] {
            // When each is claimed
            let claimed = try CacheDirectory.claim(folder, creating: true, isOwn: Self.isOwn, environment: [:])
            // Then it is taken and tagged as the specification says
            #expect(claimed?.isTagged == true)
            let tag = try String(contentsOfFile: folder + "/CACHEDIR.TAG", encoding: .utf8)
            #expect(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55\n#"))
        }
        // And a tagged folder that has since got other files is still the cache's
        try Self.write(own + "/notes.txt")
        #expect(try CacheDirectory.claim(own, creating: false, isOwn: Self.isOwn, environment: [:]) != nil)
        // And a missing folder not to be made is nil, and not made
        let missing = try Self.scratch() + "/missing"
        #expect(try CacheDirectory.claim(missing, creating: false, isOwn: Self.isOwn, environment: [:]) == nil)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func aLinkWhereTheFolderIsExpectedIsRefused() throws {
        // Given a link to an empty folder, and one inside a folder
        let target = try Self.scratch()
        let link = try Self.scratch() + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        // When it is claimed, or opened as a subfolder
        #expect(throws: CacheDirectoryError(path: link, reason: .link)) {
            _ = try CacheDirectory.claim(link, creating: true, isOwn: Self.isOwn, environment: [:])
        }
        let parent = try #require(try CacheDirectory.existing(PathText.deletingLastComponent(link)))
        #expect(throws: CacheDirectoryError(path: link, reason: .link)) { _ = try parent.subdirectory("link") }
        // Then the folder it points to was not tagged
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
    }

    @Test func theRootTheHomeAndTheCacheHomeAreRefusedOutright() throws {
        // Given an empty home folder and cache home
        let home = try Self.scratch()
        let cacheHome = try Self.scratch()
        let environment = ["HOME": home, "XDG_CACHE_HOME": cacheHome]
        for (folder, what) in [
            ("/", "the root folder"), ("/tmp", "a top-level folder of the system"), ("/usr/bin", "a folder of the system's (in /usr)"),
            (home, "your home folder"), (cacheHome, "the cache home every program shares"),
        ] {
            // When each is claimed
            // Then it is refused for what it is
            #expect(throws: CacheDirectoryError(path: folder, reason: .protected(what))) {
                _ = try CacheDirectory.claim(folder, creating: false, isOwn: { _ in false }, environment: environment)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)
    }

    @Test func onlyRegularFilesAreListedAndRemovedNeverThroughALink() throws {
        // Given a folder with an entry, a link named like one to a file outside, and a folder named like one
        let folder = try Self.scratch()
        let outside = try Self.scratch() + "/victim"
        try Self.write(outside, 5)
        try Self.write(folder + "/entry-1", 7)
        try FileManager.default.createSymbolicLink(atPath: folder + "/entry-2", withDestinationPath: outside)
        try FileManager.default.createDirectory(atPath: folder + "/entry-3", withIntermediateDirectories: false)
        let cache = try #require(try CacheDirectory.existing(folder))
        // When its own files are listed and each name removed
        let files = cache.files(where: Self.isOwn)
        let results = ["entry-1", "entry-2", "entry-3"].map { cache.remove($0) }
        // Then only the regular file was listed and removed; the link, its target and the folder stay
        #expect(files.map(\.name) == ["entry-1"] && files.first?.size == 7)
        #expect(results == [nil, EPERM, EPERM])
        #expect(FileManager.default.fileExists(atPath: outside))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/entry-2")) == outside)
        #expect(FileManager.default.fileExists(atPath: folder + "/entry-3"))
    }

    @Test func namesInARefusalArePrintable() {
        // Given names with an escape sequence, a byte that is not UTF-8, a newline and an accent
        let names: [[UInt8]] = [Array("\u{1B}[2Jclear.jpg".utf8), [0x65, 0xFF, 0x2E, 0x6A], Array("a\nb".utf8), Array("café".utf8)]
        // When they are shown in a refusal
        let text = CacheDirectoryError(path: "d", reason: .foreign(names, count: 5)).description
        // Then every control and stray byte is a visible escape, and the rest is as it was
        #expect(text == "d holds files photofeed did not write (\\x1B[2Jclear.jpg, e\\xFF.j, a\\x0Ab, café and 1 more); give an empty or new folder")
    }
}
