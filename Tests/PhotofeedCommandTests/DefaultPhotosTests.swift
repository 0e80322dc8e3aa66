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
            executable: URL(fileURLWithPath: "/opt/pf/bin/photofeed"), exists: installed.contains)
        let fromBuilt = DefaultPhotos.directory(
            executable: URL(fileURLWithPath: "/src/photofeed/.build/x86_64-unknown-linux-gnu/debug/photofeed"),
            exists: built.contains)
        let fromNowhere = DefaultPhotos.directory(
            executable: URL(fileURLWithPath: "/usr/bin/photofeed"), exists: { _ in false })
        // Then each finds its own, and with none the error will name the installed place
        #expect(fromInstalled.path == "/opt/pf/share/photofeed/photos")
        #expect(fromBuilt.path == "/src/photofeed/Assets/photos")
        #expect(fromNowhere.path == "/usr/share/photofeed/photos")
    }

    @Test("a folder with an Assets/photos of its own is not where the binary looks")
    func currentDirectoryIsNeverLookedAt() {
        // Given a built binary and a working directory that has an Assets/photos of its own
        let existing: Set<String> = ["/src/photofeed/Assets/photos", "/home/a/Assets/photos"]
        // When it looks for its photos
        let photos = DefaultPhotos.directory(
            executable: URL(fileURLWithPath: "/src/photofeed/.build/debug/photofeed"), exists: existing.contains)
        // Then it finds the package's, whatever the working directory holds
        #expect(photos.path == "/src/photofeed/Assets/photos")
    }
}
