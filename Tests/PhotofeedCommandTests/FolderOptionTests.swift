import ArgumentParser
import FeedSources
import Testing

@testable import photofeed

/// `--sort`, `--recursive`, `--max-depth`, `--hidden`, `--cross-filesystems`: what a folder
/// feed's source is given.
@Suite("Folder and sort flags parse")
struct FolderOptionTests {
    @Test func sortRecursiveDepthAndHiddenReachTheFolderOptions() throws {
        // Given no flags: name order, the folder alone, no hidden files
        let plain = try ViewerOptions.parse([]).folderOptions()
        #expect(plain.sort == .name && plain.recursive == nil && !plain.hidden && !plain.crossFilesystems)
        // Given every flag: they reach the folder's options (the sort in any case)
        let all = try ViewerOptions.parse(["--sort", "TAKEN", "--recursive", "--max-depth", "3", "--hidden", "--cross-filesystems"])
            .folderOptions()
        #expect(all.sort == .taken && all.recursive == 3 && all.hidden && all.crossFilesystems)
        // And a config file may name it
        #expect(ConfigOptionCatalog.viewer.kinds["cross-filesystems"] == .flag)
        // And --max-depth alone does not make a folder recursive
        #expect(try ViewerOptions.parse(["--max-depth", "2"]).folderOptions().recursive == nil)
    }

    @Test func aSortOrDepthItDoesNotKnowIsRefused() {
        #expect(throws: (any Error).self) { _ = try ViewerOptions.parse(["--sort", "colour"]) }
        #expect(throws: (any Error).self) { _ = try ViewerOptions.parse(["--max-depth", "0"]) }
        #expect(throws: (any Error).self) { _ = try ViewerOptions.parse(["--max-depth", "65"]) }
    }
}
