import ArgumentParser

/// The `photofeed` command: the feed viewer, and the tools beside it.
@main
struct Photofeed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photofeed",
        abstract: "A terminal photo-feed viewer: lazy loading, cancel, resume and caching you can watch.",
        subcommands: [ServeCommand.self, ShowCommand.self, PrefetchCommand.self]
    )
}
