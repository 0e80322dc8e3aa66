import ImageCodecs
import TerminalKit
import Vocabulary

/// What `photofeed --version` and `photofeed version` print: photofeed's version (and commit),
/// the Swift compiler it was built with, and each C library it is linked with, one a line.
///
/// ```swift
/// print(PhotofeedVersion.report())
/// // photofeed 0.9.0 (4d09c6e)
/// // Swift 6.3
/// // libjpeg-turbo libjpeg.so.62.3.0 (built with 2.1.5)
/// // libpng 1.6.39 (built with 1.6.39)
/// // …
/// ```
enum PhotofeedVersion {
    /// The release: the one place it is defined.
    static let number = "0.9.0"

    /// The first line: `photofeed 0.9.0 (4d09c6e)`, or without the commit when it was built
    /// outside a git checkout.
    static func heading(commit: String? = BuildCommit.short) -> String {
        guard let commit, !commit.isEmpty else { return "photofeed \(number)" }
        return "photofeed \(number) (\(commit))"
    }

    /// The compiler that built this binary, to its minor version: `Swift 6.3`.
    static var compiler: String {
        #if compiler(>=7.0)
        "Swift 7.0 or later"
        #elseif compiler(>=6.5)
        "Swift 6.5"
        #elseif compiler(>=6.4)
        "Swift 6.4"
        #elseif compiler(>=6.3)
        "Swift 6.3"
        #elseif compiler(>=6.2)
        "Swift 6.2"
        #elseif compiler(>=6.1)
        "Swift 6.1"
        #else
        "Swift 6.0"
        #endif
    }

    /// The C libraries linked in: the codecs' (libjpeg-turbo … lcms2), then ncurses.
    static var libraries: [LibraryVersion] {
        LibraryVersion.codecLibraries + [CursesVersion.library]
    }

    /// The whole report, one item a line, ending in a newline.
    static func report(
        heading: String = heading(), compiler: String = compiler, libraries: [LibraryVersion] = libraries
    ) -> String {
        ([heading, compiler] + libraries.map(\.line)).joined(separator: "\n") + "\n"
    }
}
