import Foundation
import Testing

@testable import photofeed

@Suite("Where the embedded feed's photos are")
struct DefaultPhotosTests {
    @Test("an installed binary finds ../share/photofeed/photos; a built one the package's Assets/photos")
    func installedAndBuilt() {
        // Given an installed layout and a build tree (as sets of existing paths)
        let installed: Set<String> = ["/opt/pf/share/photofeed/photos"]
        let built: Set<String> = ["/src/photofeed/Assets/photos"]
        // When each binary looks from a working directory without photos
        let fromInstalled = DefaultPhotos.directory(
            currentDirectory: URL(fileURLWithPath: "/home/a"), executable: URL(fileURLWithPath: "/opt/pf/bin/photofeed"),
            exists: installed.contains)
        let fromBuilt = DefaultPhotos.directory(
            currentDirectory: URL(fileURLWithPath: "/home/a"),
            executable: URL(fileURLWithPath: "/src/photofeed/.build/x86_64-unknown-linux-gnu/debug/photofeed"),
            exists: built.contains)
        let fromNowhere = DefaultPhotos.directory(
            currentDirectory: URL(fileURLWithPath: "/home/a"), executable: URL(fileURLWithPath: "/usr/bin/photofeed"),
            exists: { _ in false })
        // Then each finds its own, and with none the error will name the working directory's
        #expect(fromInstalled.path == "/opt/pf/share/photofeed/photos")
        #expect(fromBuilt.path == "/src/photofeed/Assets/photos")
        #expect(fromNowhere.path == "/home/a/Assets/photos")
    }
}
