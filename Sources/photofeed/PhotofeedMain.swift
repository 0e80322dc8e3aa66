import ArgumentParser
import ImageCodecs

/// The entry point: routes `show` straight to its command, and gives the root's `--help` the viewer's flags.
///
/// `show` is meant to be started once per image, like chafa, so its start-up matters: parsing
/// through the root command reflects over every subcommand's options, and each first
/// `as?` cast of that reflection scans the binary's ~9,600 protocol conformance records
/// (NIO, AsyncHTTPClient and Hummingbird are linked in), more than the picture costs, so plain
/// `show` argument lists are read by ``ShowArgumentScanner`` and the rest by ``ShowCommand``
/// alone. Everything else goes through ``Photofeed``.
@main
enum PhotofeedMain {
    static func main() async {
        MemoryReturn.configure()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "show" {
            let rest = Array(arguments.dropFirst())
            guard let settings = ShowArgumentScanner.scan(rest) else { return await ShowCommand.main(rest) }
            do {
                try await ShowCommand.run(settings)
            } catch {
                ShowCommand.exit(withError: error)
            }
        } else if arguments.count == 1, ["-h", "--help", "help"].contains(arguments[0]) {
            print(RootHelp.text(columns: RootHelp.terminalColumns()))
        } else {
            await Photofeed.main(arguments)
        }
    }
}
