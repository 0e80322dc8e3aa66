import Foundation
import TestSupport
import Testing

/// `photofeed --version` and `photofeed version` from the built binary: exit 0, photofeed's
/// version, the Swift compiler, and every C library with what it was built with.
@Suite(.timeLimit(.minutes(1)), .tags(.realTime)) struct VersionCommandTests {
    static let libraries = [
        "libjpeg-turbo", "libpng", "zlib", "libwebp", "giflib", "libtiff", "libheif", "libavif", "libjxl", "lcms2",
        "ncurses",
    ]

    @Test(arguments: [["--version"], ["version"], ["--version", "--sort", "whatever"]])
    func namesPhotofeedSwiftAndEveryLibrary(arguments: [String]) async throws {
        // Given the built binary
        // When it is asked for its version
        let result = try await BuiltBinary.run(arguments)
        // Then it exits 0 with one line per item: photofeed, Swift, each library with its build's version
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("photofeed 0.") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("Swift 6.") == true, "\(lines)")
        #expect(lines.count == 2 + Self.libraries.count, "\(lines)")
        for library in Self.libraries {
            #expect(lines.contains { $0.hasPrefix(library + " ") && $0.contains("(built with ") }, "\(library): \(lines)")
        }
    }
}
