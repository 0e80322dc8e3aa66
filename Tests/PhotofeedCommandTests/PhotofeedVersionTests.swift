import Testing

@testable import photofeed
import Vocabulary

@Suite("photofeed --version")
struct PhotofeedVersionTests {
    @Test("one line per item: photofeed and its commit, Swift, then each library")
    func reportFormat() {
        // Given a heading, a compiler and two libraries, one reporting its version and one its file
        let libraries = [
            LibraryVersion(name: "libpng", built: "1.6.39", running: "1.6.40"),
            LibraryVersion(name: "giflib", built: "5.2.1", running: "libgif.so.7.2.0", runningIsFile: true),
        ]
        // When the report is made
        let report = PhotofeedVersion.report(heading: "photofeed 0.9.0 (abc1234)", compiler: "Swift 6.3", libraries: libraries)
        // Then each is one line, the running version first and the build's in parentheses
        #expect(report == """
            photofeed 0.9.0 (abc1234)
            Swift 6.3
            libpng 1.6.40 (built with 1.6.39)
            giflib libgif.so.7.2.0 (built with 5.2.1)

            """)
    }

    @Test("--version is answered before parsing wherever the parser would take it; help wins")
    func versionRequests() {
        // Given argument lists with and without --version
        // When they are looked at / Then the version is asked for as the parser would see it
        #expect(PhotofeedMain.asksForVersion(["--version"]))
        #expect(PhotofeedMain.asksForVersion(["version"]))
        #expect(PhotofeedMain.asksForVersion(["--no-disk-cache", "--version"]))
        #expect(PhotofeedMain.asksForVersion(["snapshot", "--width", "80", "--version"]))
        #expect(!PhotofeedMain.asksForVersion(["snapshot", "--help", "--version"]))
        #expect(!PhotofeedMain.asksForVersion(["-h", "--version"]))
        #expect(!PhotofeedMain.asksForVersion(["snapshot", "--", "--version"]))
        #expect(!PhotofeedMain.asksForVersion(["version", "extra"]))
        #expect(!PhotofeedMain.asksForVersion(["--feed", "Assets/photos"]))
    }

    @Test("the parser's own version text asks no library its version (that would open libheif and co.)")
    func parserVersionIsTheHeading() {
        // Given the root command's configuration / Then its version is the heading alone
        #expect(Photofeed.configuration.version == PhotofeedVersion.heading())
    }

    @Test("the heading has the commit only when it is known")
    func heading() {
        // Given a commit, none, and an empty one
        // When the heading is made / Then the commit is in parentheses, or left out
        #expect(PhotofeedVersion.heading(commit: "4d09c6e") == "photofeed \(PhotofeedVersion.number) (4d09c6e)")
        #expect(PhotofeedVersion.heading(commit: nil) == "photofeed \(PhotofeedVersion.number)")
        #expect(PhotofeedVersion.heading(commit: "") == "photofeed \(PhotofeedVersion.number)")
    }

    @Test("a library nothing is known of at run time shows only what it was built with")
    func unknownRunning() {
        // Given a library whose loaded version and file are both unknown
        let library = LibraryVersion(name: "libjpeg-turbo", built: "2.1.5", running: nil)
        // When it is printed / Then it says only what it was built with
        #expect(library.line == "libjpeg-turbo (built with 2.1.5)")
    }

    @Test("the linked libraries are the eleven C libraries, each with both versions")
    func linkedLibraries() {
        // Given this binary's libraries
        let libraries = PhotofeedVersion.libraries
        // When their names are listed
        let names = libraries.map(\.name)
        // Then all eleven are there in order, each with a build version and something running
        #expect(names == [
            "libjpeg-turbo", "libpng", "zlib", "libwebp", "giflib", "libtiff", "libheif", "libavif", "libjxl", "lcms2",
            "ncurses",
        ])
        for library in libraries {
            #expect(!library.built.isEmpty, "\(library.name)")
            #expect(library.running?.isEmpty == false, "\(library.name)")
            // A library that reports its version reports the one it was built with, or a later one
            // with the same major version (the ABI).
            if !library.runningIsFile, let running = library.running, !library.built.hasPrefix("decoder ABI") {
                #expect(running.split(separator: ".").first == library.built.split(separator: ".").first, "\(library.line)")
            }
        }
        #expect(PhotofeedVersion.compiler.hasPrefix("Swift 6."))
    }
}
