import ArgumentParser

/// `photofeed version`: the same report as `photofeed --version`.
///
/// ```
/// $ photofeed version
/// photofeed 0.9.0 (4d09c6e)
/// Swift 6.3
/// libjpeg-turbo libjpeg.so.62.3.0 (built with 2.1.5)
/// …
/// ```
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print photofeed's version, the Swift compiler's and the C libraries' (built with and running)."
    )

    func run() {
        print(PhotofeedVersion.report(), terminator: "")
    }
}
